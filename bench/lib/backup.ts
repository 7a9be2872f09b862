/**
 * A backup while the server serves (issue 32 item 4, ADR 033): "Back up now" (POST
 * /api/system/backups) as the Super Admin, timed, while one connection keeps reading the request
 * list's page 1; the reads show what the backup costs the people using the app meanwhile (on
 * PGlite the snapshot holds the one connection; on PostgreSQL pg_dump reads a snapshot and
 * blocks nobody). Target at size L: the longest read during the backup ≤ 2 s on PostgreSQL (the
 * embedded database is not for size L: docs/deploy.md).
 */
import type { Fixtures } from './endpoints.ts';
import type { Server } from './servers.ts';

export interface BackupResult {
  seconds: number;
  sizeMiB: number;
  status: string;
  /** Reads of the list's page 1 answered while the backup ran, and the longest of them. */
  reads: number;
  maxReadMs: number;
}

export async function measureBackup(o: { server: Server; fixtures: Fixtures }): Promise<BackupResult> {
  const auth = { authorization: `Bearer ${o.fixtures.admin.token}` };
  let done = false;
  let reads = 0;
  let maxReadMs = 0;
  const reader = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${o.server.url}/api/service-requests?page=1&pageSize=25`, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list during the backup: ${res.status}`);
      if (done) break;
      reads++;
      maxReadMs = Math.max(maxReadMs, performance.now() - t0);
    }
  })();
  const started = performance.now();
  try {
    const res = await fetch(`${o.server.url}/api/system/backups`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(60 * 60_000),
    });
    const seconds = (performance.now() - started) / 1000;
    const body = (await res.json()) as { status?: string; sizeBytes?: number | null; error?: string | null };
    if (res.status !== 200 && res.status !== 201) throw new Error(`backup: ${res.status} ${JSON.stringify(body)}`);
    if (body.status !== 'succeeded') throw new Error(`backup ${body.status}: ${body.error}`);
    return {
      seconds,
      sizeMiB: (body.sizeBytes ?? 0) / 2 ** 20,
      status: body.status,
      reads,
      maxReadMs: Math.round(maxReadMs),
    };
  } finally {
    done = true;
    await reader;
  }
}
