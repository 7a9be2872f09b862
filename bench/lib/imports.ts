/**
 * Imports (issue 34 item 2, ADR 040): a customers file of N rows, then a units file of N rows
 * naming those customers by phone, each a dry run (the check alone) and then the import (the
 * check again inside its transaction, then every row written), timed from the first byte sent
 * to the answer. N is 20,000 on PGlite and 100,000 on PostgreSQL, the issue's rows (the target:
 * under 60 s each); BENCH_IMPORT_ROWS sets another N for a quick check. Our server alone.
 */

import type { Fixtures } from './endpoints.ts';
import type { Server } from './servers.ts';
import type { DbKind } from './target.ts';

export interface ImportStep {
  kind: 'customers' | 'units';
  rows: number;
  /** The file's size. */
  mib: number;
  dryRunSeconds: number;
  seconds: number;
  created: number;
}

/** The issue's rows per database; a smoke run (CI) imports 10,000. */
export function importRows(db: DbKind, smoke = false): number {
  const asked = Number(process.env.BENCH_IMPORT_ROWS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  if (smoke) return 10_000;
  return db === 'postgres' ? 100_000 : 20_000;
}

const csv = (rows: string[][]) =>
  `${rows.map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n')}\r\n`;

async function call<T>(server: Server, token: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-IN', ...(init?.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return (await res.json()) as T;
}

async function upload(server: Server, token: string, kind: 'customers' | 'units', text: string, dryRun: boolean) {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('file', new Blob([text], { type: 'text/csv' }), `${kind}.csv`);
  const started = performance.now();
  const body = await call<{ created: number; errorCount: number; errors: unknown[] }>(
    server,
    token,
    `/api/imports/${kind}`,
    {
      method: 'POST',
      body: form,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (body.errorCount > 0)
    throw new Error(`${kind} import: ${body.errorCount} errors, e.g. ${JSON.stringify(body.errors.slice(0, 3))}`);
  return { seconds, created: body.created };
}

export async function measureImports(o: {
  server: Server;
  fixtures: Fixtures;
  db: DbKind;
  smoke: boolean;
}): Promise<ImportStep[]> {
  const token = o.fixtures.admin.token;
  const rows = importRows(o.db, o.smoke);
  const [region] = await call<{ name: string }[]>(o.server, token, '/api/regions');
  const [product] = await call<{ name: string; brand: string; parts: { name: string }[] }[]>(
    o.server,
    token,
    '/api/products?page=1&pageSize=1',
  );
  if (!region || !product) throw new Error('imports: the bench data has no region or no product');
  // Phones starting with 5: no generated customer has one, so every row is new.
  const phone = (i: number) => String(5_000_000_000 + i);
  const customers = csv([
    ['Name', 'Phone', 'Email', 'Address', 'Region', 'External ID'],
    ...Array.from({ length: rows }, (_, i) => [
      `Imported Customer ${i}`,
      phone(i),
      `imported.${i}@example.com`,
      `${i} Import Street, Bench Nagar`,
      region.name,
      `BENCH-${i}`,
    ]),
  ]);
  const part = product.parts[0]?.name;
  const units = csv([
    ['Customer phone', 'Product', 'Brand', 'Serial number', 'Installed on', ...(part ? [`${part} last changed`] : [])],
    ...Array.from({ length: rows }, (_, i) => [
      phone(i),
      product.name,
      product.brand,
      `IMPORT-${i}`,
      '2025-01-15',
      ...(part ? ['2025-09-01'] : []),
    ]),
  ]);
  const out: ImportStep[] = [];
  for (const [kind, text] of [
    ['customers', customers],
    ['units', units],
  ] as const) {
    const dry = await upload(o.server, token, kind, text, true);
    const done = await upload(o.server, token, kind, text, false);
    out.push({
      kind,
      rows,
      mib: Buffer.byteLength(text) / 1048576,
      dryRunSeconds: dry.seconds,
      seconds: done.seconds,
      created: done.created,
    });
  }
  return out;
}
