/**
 * Exports at scale (issue 34 item 1, ADR 037): every request of the dataset as the Super Admin
 * exports them (`GET /api/service-requests?format=csv`, then `format=xlsx`), read to the end as a
 * browser would. Measured: the time to the first byte, the whole download, its size and rows, and
 * the server's resident memory (sampled every 200 ms) against its idle level just before. Targets
 * at size L (1M requests): first byte < 1 s, peak RSS − idle ≤ 100 MiB, for both formats.
 */
import type { Fixtures } from './endpoints.ts';
import { type Server, withRssPeak } from './servers.ts';

export interface ExportResult {
  format: 'csv' | 'xlsx';
  status: number;
  /** Data rows (CSV: lines after the header; xlsx: not counted, 0). */
  rows: number;
  mib: number;
  ttfbMs: number;
  seconds: number;
  /** The server's RSS just before, and its peak during the download, MiB. */
  idleMiB: number;
  peakMiB: number;
}

/** Lets the server settle after the previous step (its RSS as the baseline). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

async function download(server: Server, token: string, format: 'csv' | 'xlsx') {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/service-requests?format=${format}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-IN' },
    signal: AbortSignal.timeout(60 * 60_000),
  });
  if (!res.body) throw new Error(`export ${format}: ${res.status} without a body`);
  const reader = res.body.getReader();
  let ttfbMs = -1;
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (ttfbMs < 0) ttfbMs = performance.now() - started;
    bytes += value.byteLength;
    if (format === 'csv') for (const b of value) if (b === 10) lines++;
  }
  return { status: res.status, ttfbMs, bytes, lines, seconds: (performance.now() - started) / 1000 };
}

export async function measureExports(o: { server: Server; fixtures: Fixtures }): Promise<ExportResult[]> {
  const out: ExportResult[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    await settle();
    const idleMiB = o.server.rssMiB();
    const { value, peakMiB } = await withRssPeak(o.server, () => download(o.server, o.fixtures.admin.token, format));
    if (value.status !== 200) throw new Error(`export ${format}: ${value.status}`);
    out.push({
      format,
      status: value.status,
      rows: format === 'csv' ? Math.max(0, value.lines - 1) : 0,
      mib: value.bytes / 2 ** 20,
      ttfbMs: Math.round(value.ttfbMs),
      seconds: value.seconds,
      idleMiB,
      peakMiB,
    });
  }
  return out;
}
