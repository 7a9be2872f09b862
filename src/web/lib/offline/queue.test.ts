/**
 * The offline queue (issue 22, ADR 027) on a real IndexedDB implementation (fake-indexeddb) with
 * Dexie: order within a task, retries with backoff, one Idempotency-Key per item across attempts
 * (a server that deduplicates by key writes once), refusals kept for the technician.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { movedOnMessage } from './overlay.ts';
import { BACKOFF_MAX_MS, backoffMs, OfflineQueue, outcomeOf } from './queue.ts';
import { readThrough } from './read-cache.ts';
import { OfflineDb } from './store.ts';
import type { QueueItem, SendResult } from './types.ts';

let db: OfflineDb;
let clock: number;
let n: number;
beforeEach(() => {
  db = new OfflineDb(`test-${Math.random()}`);
  clock = Date.parse('2026-11-25T05:00:00.000Z');
  n = 0;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A fake server: records what it receives and answers by a script per call. */
function server(
  script: (item: QueueItem, call: number) => SendResult | 'network' | 'lost-reply' = () => ({ outcome: 'sent' }),
) {
  const calls: QueueItem[] = [];
  /** Writes the server made, one per Idempotency-Key (what idempotency.ts guarantees). */
  const written = new Map<string, QueueItem>();
  const send = async (item: QueueItem): Promise<SendResult> => {
    calls.push(item);
    const answer = script(item, calls.length);
    if (answer === 'network') throw new Error('Failed to fetch');
    if (answer === 'lost-reply') {
      written.set(item.key, item);
      throw new Error('The connection was reset');
    }
    if (answer.outcome === 'sent') written.set(item.key, item);
    return answer;
  };
  return { send, calls, written };
}

const queueWith = (send: (item: QueueItem) => Promise<SendResult>) =>
  new OfflineQueue({ db, send, now: () => clock, newKey: () => `key-${++n}` });
const kinds = (items: QueueItem[]) => items.map((i) => `${i.taskId}:${i.action.kind}`);
const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });

describe('order', () => {
  it('replays each task in the order its actions were taken, with their own times', async () => {
    const s = server();
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' }, new Date('2026-11-25T04:00:00Z'));
    await q.enqueue(
      { kind: 'photo', requestId: 'A', photo: photo(), fileName: '1.jpg' },
      new Date('2026-11-25T04:10:00Z'),
    );
    await q.enqueue(
      { kind: 'photo', requestId: 'A', photo: photo(), fileName: '2.jpg' },
      new Date('2026-11-25T04:11:00Z'),
    );
    await q.enqueue(
      { kind: 'complete', requestId: 'A', notes: 'Changed the filter' },
      new Date('2026-11-25T04:30:00Z'),
    );
    expect(await q.pending()).toBe(4);
    await q.run();
    expect(kinds(s.calls)).toEqual(['A:start', 'A:photo', 'A:photo', 'A:complete']);
    expect(s.calls.map((c) => c.clientTime)).toEqual([
      '2026-11-25T04:00:00.000Z',
      '2026-11-25T04:10:00.000Z',
      '2026-11-25T04:11:00.000Z',
      '2026-11-25T04:30:00.000Z',
    ]);
    expect(await q.pending()).toBe(0);
  });

  it('a task whose item failed waits; another task goes on', async () => {
    const s = server((item) => (item.taskId === 'A' ? 'network' : { outcome: 'sent' }));
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.enqueue({ kind: 'start', requestId: 'B' });
    await q.enqueue({ kind: 'complete', requestId: 'A', notes: null });
    await q.enqueue({ kind: 'complete', requestId: 'B', notes: 'ok' });
    await q.run();
    expect(kinds(s.calls)).toEqual(['A:start', 'B:start', 'B:complete']);
    const left = await q.items();
    expect(left.map((i) => [i.action.kind, i.state, i.error])).toEqual([
      ['start', 'failed', 'Failed to fetch'],
      ['complete', 'waiting', null],
    ]);
  });
});

describe('retries with backoff', () => {
  it('waits 2 s, 4 s, 8 s … up to 5 minutes between attempts', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(30)).toBe(BACKOFF_MAX_MS);
  });

  it('a failed item is not sent again before its time, then is; "Sync now" does not wait', async () => {
    let down = true;
    const s = server(() => (down ? 'network' : { outcome: 'sent' }));
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.run();
    await q.run();
    expect(s.calls).toHaveLength(1);
    expect(await q.nextDue()).toBe(clock + 2000);
    clock += 2000;
    await q.run();
    expect(s.calls).toHaveLength(2);
    const [item] = await q.items();
    expect(item?.attempts).toBe(2);
    expect(item?.nextAttemptAt).toBe(clock + 4000);
    down = false;
    await q.run(true);
    expect(s.calls).toHaveLength(3);
    expect(await q.pending()).toBe(0);
  });

  it('5xx, 408 and 429 are retried; other 4xx are refusals; 2xx is sent', () => {
    expect([500, 502, 503, 408, 429, 0].map(outcomeOf)).toEqual(Array(6).fill('failed'));
    expect([400, 403, 404, 409, 413].map(outcomeOf)).toEqual(Array(5).fill('refused'));
    expect([200, 201].map(outcomeOf)).toEqual(['sent', 'sent']);
  });
});

describe('idempotency', () => {
  it('every attempt of an item carries the same key; each item its own', async () => {
    let first = true;
    const s = server(() => {
      if (first) {
        first = false;
        return 'network';
      }
      return { outcome: 'sent' };
    });
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'photo', requestId: 'A', photo: photo(), fileName: '1.jpg' });
    await q.enqueue({ kind: 'photo', requestId: 'A', photo: photo(), fileName: '2.jpg' });
    await q.run();
    await q.run(true);
    expect(s.calls.map((c) => c.key)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('a reply lost on the way back (the replay interrupted): sent again with its key, written once', async () => {
    const s = server((_item, call) => (call === 2 ? 'lost-reply' : { outcome: 'sent' }));
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.enqueue({ kind: 'photo', requestId: 'A', photo: photo(), fileName: '1.jpg' });
    await q.enqueue({ kind: 'complete', requestId: 'A', notes: 'done' });
    await q.run();
    expect(kinds(s.calls)).toEqual(['A:start', 'A:photo']);
    await q.run(true);
    expect(kinds(s.calls)).toEqual(['A:start', 'A:photo', 'A:photo', 'A:complete']);
    expect(s.written.size).toBe(3);
    expect(await q.pending()).toBe(0);
  });

  it('an item left "sending" when the app was closed is sent again on the next run, same key', async () => {
    const s = server();
    const q = queueWith(s.send);
    const item = await q.enqueue({ kind: 'start', requestId: 'A' });
    await db.outbox.update(item.seq as number, { state: 'sending' });
    await q.run();
    expect(s.calls.map((c) => c.key)).toEqual([item.key]);
    expect(await q.pending()).toBe(0);
  });

  it('two runs at once send each item once', async () => {
    const s = server();
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.enqueue({ kind: 'complete', requestId: 'A', notes: null });
    await Promise.all([q.run(), q.run(), q.run()]);
    expect(kinds(s.calls)).toEqual(['A:start', 'A:complete']);
  });
});

describe('conflicts are kept, never lost', () => {
  const REASSIGNED = 'This task was reassigned to another technician before your change reached the server.';

  it('a refusal needs attention with the server’s message; the notes and photos stay; the rest of the task waits', async () => {
    const s = server((item) =>
      item.taskId === 'A' && item.action.kind === 'start'
        ? { outcome: 'refused', status: 409, message: REASSIGNED }
        : { outcome: 'sent' },
    );
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.enqueue({ kind: 'photo', requestId: 'A', photo: photo(), fileName: '1.jpg' });
    await q.enqueue({ kind: 'complete', requestId: 'A', notes: 'Replaced the membrane' });
    await q.enqueue({ kind: 'start', requestId: 'B' });
    await q.run();
    await q.run(true);
    expect(kinds(s.calls)).toEqual(['A:start', 'B:start']);
    const attention = await q.needingAttention();
    expect(attention).toHaveLength(1);
    expect(attention[0]).toMatchObject({ state: 'needsAttention', status: 409, error: REASSIGNED });
    const left = await q.items();
    expect(left).toHaveLength(3);
    const kept = left.find((i) => i.action.kind === 'complete');
    expect(kept?.action).toMatchObject({ notes: 'Replaced the membrane' });
    const pic = left.find((i) => i.action.kind === 'photo');
    expect(pic?.action.kind === 'photo' && pic.action.photo.size).toBe(6);
  });

  it('Retry sends it again; Discard removes only that item', async () => {
    let refuse = true;
    const s = server(() => (refuse ? { outcome: 'refused', status: 409, message: 'moved on' } : { outcome: 'sent' }));
    const q = queueWith(s.send);
    const start = await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.enqueue({ kind: 'complete', requestId: 'A', notes: 'n' });
    await q.run();
    refuse = false;
    await q.retry(start.seq as number);
    await q.run();
    expect(await q.pending()).toBe(0);
    refuse = true;
    const other = await q.enqueue({ kind: 'start', requestId: 'C' });
    await q.run();
    await q.discard(other.seq as number);
    expect(await q.pending()).toBe(0);
  });
});

describe('a task that moved on while offline offers no work controls', () => {
  const REASSIGNED = 'This task was reassigned to another technician before your change reached the server.';
  it('blocked with the server’s message until discarded, or until the server answers with the task after the refusal', async () => {
    const s = server((item) =>
      item.taskId === 'A' ? { outcome: 'refused', status: 409, message: REASSIGNED } : { outcome: 'sent' },
    );
    const q = queueWith(s.send);
    const start = await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.enqueue({ kind: 'start', requestId: 'B' });
    const before = clock;
    clock += 60_000;
    await q.run();
    const items = await q.items();
    // The details last fetched before the refusal, or served from the phone: blocked.
    expect(movedOnMessage('A', items, { updatedAt: before, fromPhone: false })).toBe(REASSIGNED);
    expect(movedOnMessage('A', items, { updatedAt: clock + 5_000, fromPhone: true })).toBe(REASSIGNED);
    // Another task is not blocked.
    expect(movedOnMessage('B', items, { updatedAt: before, fromPhone: false })).toBeNull();
    // The server answered with the task after the refusal: it came back to this technician.
    expect(movedOnMessage('A', items, { updatedAt: clock + 5_000, fromPhone: false })).toBeNull();
    // Discarded: not blocked.
    await q.discard(start.seq as number);
    expect(movedOnMessage('A', await q.items(), { updatedAt: before, fromPhone: false })).toBeNull();
  });

  it('a refusal other than "moved on" (a 400) does not hide the controls', async () => {
    const q = queueWith(server(() => ({ outcome: 'refused', status: 400, message: 'bad' })).send);
    await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.run();
    expect(movedOnMessage('A', await q.items(), { updatedAt: 0, fromPhone: true })).toBeNull();
  });
});

describe('read cache', () => {
  const network = (err: unknown) => err instanceof Error && err.message === 'offline';

  it('serves the last answer with its time when the network fails; not another user’s', async () => {
    const fresh = await readThrough(
      db,
      'u1',
      ['my-tasks'],
      async () => [{ id: 'A' }],
      network,
      () => clock,
    );
    expect(fresh).toEqual({ data: [{ id: 'A' }], offlineSince: null });
    const offline = async () => {
      throw new Error('offline');
    };
    const cached = await readThrough(db, 'u1', ['my-tasks'], offline, network);
    expect(cached).toEqual({ data: [{ id: 'A' }], offlineSince: clock });
    await expect(readThrough(db, 'u2', ['my-tasks'], offline, network)).rejects.toThrow('offline');
  });

  it('a server error (not the network) is not hidden behind old data', async () => {
    await readThrough(db, 'u1', ['task', 'A'], async () => ({ id: 'A' }), network);
    await expect(
      readThrough(db, 'u1', ['task', 'A'], async () => Promise.reject(new Error('403')), network),
    ).rejects.toThrow('403');
  });
});
