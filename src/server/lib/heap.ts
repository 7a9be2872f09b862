/**
 * How far V8 lets the old generation grow past what is live before it collects it (issue 34,
 * E1/E2 in the bench; ADR 037). Left to V8's own factor (up to four times the live heap), the
 * garbage an export promotes (whatever is still in flight at two young-generation collections:
 * the batch being written, the streams' buffers; little each time, a million rows' worth in all)
 * piled up to that limit before a full collection: three xlsx exports of 208k requests in a row
 * grew the server's RSS by 128 MiB (CSV alone: +152 before its allocations were cut). At 50%
 * the same three grew it by 31 MiB. V8 reads the flag each time it sizes the heap after a full
 * collection, so it applies from the first one on; the server's live heap (about 50 MB) makes a
 * full collection cheap (15–40 ms, mostly incremental).
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

export function keepHeapTight(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
