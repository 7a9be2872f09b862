/**
 * The offline queue (issue 22, ADR 027) on a real IndexedDB implementation (fake-indexeddb) with
 * Dexie: order within a task, retries with backoff, one Idempotency-Key per item across attempts
 * (a server that deduplicates by key writes once), refusals kept for the technician.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { movedOnMessage } from './overlay.ts';
import { BACKOFF_MAX_MS, backoffMs, OfflineQueue, outcomeOf } from './queue.ts';
import { forgetUser, readThrough } from './read-cache.ts';
import { OfflineDb } from './store.ts';
import type { QueueItem, SendResult } from './types.ts';

let db: OfflineDb;
let clock: number;
let n: number;
/** The user signed in on the phone (the queue's owner). */
let me: string | null;
beforeEach(() => {
  db = new OfflineDb(`test-${Math.random()}`);
  clock = Date.parse('2026-11-25T05:00:00.000Z');
  n = 0;
  me = 'u1';
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
  new OfflineQueue({ db, send, owner: () => me, now: () => clock, newKey: () => `key-${++n}` });
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

describe('the queue belongs to the person who queued (issue 31)', () => {
  it('another user on the phone never sees, counts, sends, retries or discards them; their owner sends them on return', async () => {
    const s = server();
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' }, new Date('2026-11-25T04:00:00Z'));
    await q.enqueue({ kind: 'complete', requestId: 'A', notes: 'A’s notes' }, new Date('2026-11-25T04:30:00Z'));
    expect((await q.items()).map((i) => i.ownerId)).toEqual(['u1', 'u1']);
    // u1 signs out: nobody's queue; then u2 signs in on the same phone.
    me = null;
    expect(await q.items()).toEqual([]);
    await q.run(true);
    me = 'u2';
    await q.run(true);
    expect(s.calls).toHaveLength(0);
    expect(await q.items()).toEqual([]);
    expect(await q.pending()).toBe(0);
    expect(await q.needingAttention()).toEqual([]);
    expect(await q.nextDue()).toBeNull();
    const [first] = await db.outbox.toArray();
    await q.discard(first?.seq as number);
    await q.retry(first?.seq as number);
    expect(await db.outbox.count()).toBe(2);
    expect(await q.pendingOf('u1')).toBe(2);
    expect(await q.pendingOf('u2')).toBe(0);
    // u2's own work goes, u1's does not.
    await q.enqueue({ kind: 'start', requestId: 'B' });
    await q.run(true);
    expect(kinds(s.calls)).toEqual(['B:start']);
    // u1 signs in again: theirs are sent, with their own times.
    me = 'u1';
    await q.run();
    expect(kinds(s.calls)).toEqual(['B:start', 'A:start', 'A:complete']);
    expect(s.calls.slice(1).map((c) => [c.ownerId, c.clientTime])).toEqual([
      ['u1', '2026-11-25T04:00:00.000Z'],
      ['u1', '2026-11-25T04:30:00.000Z'],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('nothing is queued with nobody signed in', async () => {
    me = null;
    await expect(queueWith(server().send).enqueue({ kind: 'start', requestId: 'A' })).rejects.toThrow(/signed in/);
  });

  it('a pass stops when the signed-in user changes: the rest is not sent under the next user', async () => {
    const s = server((item) => {
      if (item.action.kind === 'start') me = 'u2'; // signed out and another signed in meanwhile
      return { outcome: 'sent' };
    });
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.enqueue({ kind: 'start', requestId: 'B' });
    await q.enqueue({ kind: 'complete', requestId: 'A', notes: null });
    await q.run();
    expect(kinds(s.calls)).toEqual(['A:start']);
    expect(await q.pendingOf('u1')).toBe(2);
    expect((await db.outbox.toArray()).map((i) => i.state)).toEqual(['waiting', 'waiting']);
  });
});

describe('Retry after a refusal (issue 31 item 8)', () => {
  it('sends a new Idempotency-Key, so it succeeds once the task is back, where the old key answers the refusal', async () => {
    // The server as idempotency.ts keeps it: a key's first answer (a refusal too) is its answer.
    let assigned = false;
    const answers = new Map<string, SendResult>();
    const s = server((item) => {
      const stored = answers.get(item.key);
      if (stored) return stored;
      const answer: SendResult = assigned
        ? { outcome: 'sent' }
        : { outcome: 'refused', status: 409, message: 'This task was reassigned to another technician' };
      answers.set(item.key, answer);
      return answer;
    });
    const q = queueWith(s.send);
    const start = await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.enqueue({ kind: 'complete', requestId: 'A', notes: 'kept' });
    await q.run();
    expect(await q.needingAttention()).toHaveLength(1);
    assigned = true; // the office gives the task back
    await q.retry(start.seq as number);
    await q.run();
    expect(s.calls.map((c) => c.key)).toEqual(['key-1', 'key-3', 'key-2']);
    expect(kinds(s.calls)).toEqual(['A:start', 'A:start', 'A:complete']);
    expect(await q.pending()).toBe(0);
  });

  it('the queue’s own retries after a failure keep the key', async () => {
    let down = true;
    const s = server(() => (down ? 'network' : { outcome: 'sent' }));
    const q = queueWith(s.send);
    await q.enqueue({ kind: 'start', requestId: 'A' });
    await q.run();
    down = false;
    await q.run(true);
    expect(s.calls.map((c) => c.key)).toEqual(['key-1', 'key-1']);
  });
});

describe('items queued by a version that kept no owner (issue 31)', () => {
  /** A database as version 1 left it, with one item of its shape (no ownerId). */
  async function oldDatabase(name: string) {
    const { default: Dexie } = await import('dexie');
    const old = new Dexie(name);
    old.version(1).stores({ outbox: '++seq, &key, taskId, state', reads: '&key, userId' });
    await old.table('outbox').add({
      key: 'old-1',
      taskId: 'A',
      action: { kind: 'complete', requestId: 'A', notes: 'Queued by the old version' },
      clientTime: '2026-11-25T04:00:00.000Z',
      state: 'failed',
      attempts: 1,
      nextAttemptAt: 0,
      error: 'Failed to fetch',
      status: null,
    });
    await old.table('outbox').add({
      key: 'old-2',
      taskId: 'B',
      action: { kind: 'start', requestId: 'B' },
      clientTime: '2026-11-25T04:10:00.000Z',
      state: 'needsAttention',
      attempts: 1,
      nextAttemptAt: 0,
      error: 'This task was reassigned',
      status: 409,
      refusedAt: 1,
    });
    old.close();
  }

  it('go to the user signed in when this version opens the queue, as needing attention, never sent by themselves', async () => {
    const name = `legacy-${Math.random()}`;
    await oldDatabase(name);
    db.close();
    db = new OfflineDb(name, () => 'u1');
    const s = server();
    const q = queueWith(s.send);
    await q.run(true);
    expect(s.calls).toHaveLength(0);
    expect(await q.items()).toMatchObject([
      { key: 'old-1', ownerId: 'u1', legacy: true, state: 'needsAttention', status: null, error: null },
      {
        key: 'old-2',
        ownerId: 'u1',
        legacy: true,
        state: 'needsAttention',
        status: 409,
        error: 'This task was reassigned',
      },
    ]);
    me = 'u2';
    expect(await q.items()).toEqual([]);
    me = 'u1';
    // Its owner checked them: Retry sends them; the one never refused with its own key (it may
    // have reached the server with its reply lost), the refused one with a new key.
    for (const i of await q.items()) await q.retry(i.seq as number);
    await q.run();
    expect(s.calls.map((c) => [c.key, c.ownerId, c.legacy])).toEqual([
      ['old-1', 'u1', false],
      ['key-1', 'u1', false],
    ]);
  });

  it('with nobody signed in then: owned by nobody, shown to and sent by nobody', async () => {
    const name = `legacy-${Math.random()}`;
    await oldDatabase(name);
    db.close();
    db = new OfflineDb(name, () => null);
    const s = server();
    for (const who of ['u1', 'u2']) {
      me = who;
      const q = queueWith(s.send);
      await q.run(true);
      expect(await q.items()).toEqual([]);
    }
    expect(s.calls).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([
      { key: 'old-1', ownerId: null, state: 'failed' },
      { key: 'old-2', ownerId: null, state: 'needsAttention' },
    ]);
  });
});

describe('read cache at sign-out (issue 31 item 7)', () => {
  const network = (err: unknown) => err instanceof Error && err.message === 'offline';

  it('forgetUser drops that user’s answers only; an answer arriving after sign-out is not kept', async () => {
    await readThrough(db, 'u1', ['my-tasks'], async () => [{ id: 'A' }], network);
    await readThrough(db, 'u2', ['my-tasks'], async () => [{ id: 'B' }], network);
    await forgetUser(db, 'u1');
    expect((await db.reads.toArray()).map((r) => r.userId)).toEqual(['u2']);
    await readThrough(
      db,
      'u1',
      ['task', 'A'],
      async () => ({ id: 'A' }),
      network,
      Date.now,
      () => false,
    );
    expect((await db.reads.toArray()).map((r) => r.userId)).toEqual(['u2']);
  });
});
