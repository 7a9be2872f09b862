/**
 * When AquaDesk counts as unreachable, how a probe brings it back, and that a recovery is told once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isUnreachable,
  isUnreachableStatus,
  onRecover,
  PROBE_PATH,
  probe,
  reportStatus,
  resetConnectivityForTests,
  subscribe,
} from './connectivity.ts';

afterEach(() => resetConnectivityForTests());

const answering = (status: number) => vi.fn(async () => new Response(null, { status })) as unknown as typeof fetch;
const refusing = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;

describe('isUnreachableStatus', () => {
  it('is no answer, or a gateway or unavailable answer; never a client error or a bug', () => {
    expect([0, 502, 503, 504].map(isUnreachableStatus)).toEqual([true, true, true, true]);
    expect([200, 204, 400, 401, 403, 404, 409, 429, 500].map(isUnreachableStatus)).toEqual(Array(9).fill(false));
  });
});

describe('reportStatus', () => {
  it('marks AquaDesk unreachable on no answer and reachable again on any real answer, telling listeners', () => {
    const changes: boolean[] = [];
    subscribe(() => changes.push(isUnreachable()));
    const recovered = vi.fn();
    onRecover(recovered);
    reportStatus(200);
    expect(changes).toEqual([]);
    reportStatus(0);
    reportStatus(503);
    expect(isUnreachable()).toBe(true);
    expect(changes).toEqual([true]);
    expect(recovered).not.toHaveBeenCalled();
    reportStatus(404);
    expect(isUnreachable()).toBe(false);
    expect(changes).toEqual([true, false]);
    expect(recovered).toHaveBeenCalledTimes(1);
    reportStatus(200);
    expect(recovered).toHaveBeenCalledTimes(1);
  });
});

describe('probe', () => {
  it('asks the readiness endpoint, uncached, and recovers on its answer', async () => {
    reportStatus(0);
    const recovered = vi.fn();
    onRecover(recovered);
    const fetcher = answering(200);
    await expect(probe(fetcher)).resolves.toBe(true);
    expect(fetcher).toHaveBeenCalledWith(PROBE_PATH, expect.objectContaining({ cache: 'no-store' }));
    expect(isUnreachable()).toBe(false);
    expect(recovered).toHaveBeenCalledTimes(1);
  });

  it('stays unreachable while the server refuses or is not ready', async () => {
    reportStatus(0);
    const recovered = vi.fn();
    onRecover(recovered);
    await expect(probe(refusing)).resolves.toBe(false);
    await expect(probe(answering(503))).resolves.toBe(false);
    expect(isUnreachable()).toBe(true);
    expect(recovered).not.toHaveBeenCalled();
  });

  it('a failed probe while thought reachable marks AquaDesk unreachable (a page whose code failed)', async () => {
    await expect(probe(refusing)).resolves.toBe(false);
    expect(isUnreachable()).toBe(true);
  });

  it('shares one probe among callers while it runs', async () => {
    let release: (r: Response) => void = () => {};
    const fetcher = vi.fn(() => new Promise<Response>((r) => (release = r))) as unknown as typeof fetch;
    const a = probe(fetcher);
    const b = probe(fetcher);
    release(new Response(null, { status: 200 }));
    await expect(Promise.all([a, b])).resolves.toEqual([true, true]);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
