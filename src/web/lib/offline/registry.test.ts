/**
 * A kind the queue has never heard of, registered the way a feature adds one (registry.ts): the
 * queue sends it through its registration with the item's Idempotency-Key and clientTime, the
 * details page shows it applied while it waits, and the queries it names are the ones refetched.
 * A kind nobody registered is not dropped: the attempt fails and the item stays.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { withQueued } from './overlay.ts';
import { OfflineQueue } from './queue.ts';
import { describeQueued, loadOfflineActionsWith, offlineActionOf, registerOfflineAction } from './registry.ts';
import { sendItem } from './sender.ts';
import { OfflineDb } from './store.ts';
import type { OfflineKind, QueuedAction, QueueItem } from './types.ts';

/** The new kind's fields, as a feature would declare them. */
interface Reading {
  kind: 'reading';
  requestId: string;
  litres: number;
}
const reading = (requestId: string, litres: number) =>
  ({ kind: 'reading', requestId, litres }) as unknown as QueuedAction;
const litresOf = (item: QueueItem) => (item.action as unknown as Reading).litres;

let db: OfflineDb;
let n: number;
let calls: { item: QueueItem; headers: Record<string, string> }[];
let refuse: ApiError | null;
beforeEach(() => {
  db = new OfflineDb(`test-${Math.random()}`);
  n = 0;
  calls = [];
  refuse = null;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

// Registered by the loader, as app/offline-actions.ts does: sending waits for it.
loadOfflineActionsWith(async () => {
  registerOfflineAction({
    kind: 'reading' as OfflineKind,
    send: async (item, { headers }) => {
      calls.push({ item, headers });
      if (refuse) throw refuse;
    },
    overlay: (task, item) => ({ ...task, description: `${task.description} (${litresOf(item)} L)` }),
    sent: (item) => [['readings', item.taskId]],
    label: 'readings:queued',
  });
});

const queueWith = () => new OfflineQueue({ db, send: sendItem, owner: () => 'u1', newKey: () => `key-${++n}` });

describe('a newly registered kind', () => {
  it('is sent through its registration, with its Idempotency-Key and clientTime, then leaves the queue', async () => {
    const q = queueWith();
    await q.enqueue(reading('A', 12), new Date('2026-11-25T04:00:00Z'));
    await q.run();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers).toEqual({ 'Idempotency-Key': 'key-1' });
    expect(calls[0]?.item).toMatchObject({
      key: 'key-1',
      taskId: 'A',
      clientTime: '2026-11-25T04:00:00.000Z',
      action: { kind: 'reading', requestId: 'A', litres: 12 },
    });
    expect(await q.pending()).toBe(0);
    const item = calls[0]?.item as QueueItem;
    expect(offlineActionOf(item as never)?.sent?.(item as never)).toEqual([['readings', 'A']]);
    expect(describeQueued(item)).toEqual({ label: 'readings:queued', uploads: false });
  });

  it('refused by the server: kept, needing attention, with the server’s message', async () => {
    refuse = new ApiError(409, 'CONFLICT', 'This request has moved on');
    const q = queueWith();
    await q.enqueue(reading('A', 3));
    await q.run();
    expect(await q.items()).toMatchObject([
      { state: 'needsAttention', status: 409, error: 'This request has moved on' },
    ]);
  });

  it('shows on its task while it waits (its overlay), not once refused, not on another task', async () => {
    const q = queueWith();
    refuse = new ApiError(503, 'UNAVAILABLE', 'down');
    await q.enqueue(reading('A', 7));
    await q.run();
    const task = { id: 'A', description: 'Check the flow' } as RequestDetails;
    const items = await q.items();
    expect(items[0]?.state).toBe('failed');
    expect(withQueued(task, items, { id: 'u1', name: 'Tara' }).description).toBe('Check the flow (7 L)');
    expect(withQueued({ ...task, id: 'B' }, items, { id: 'u1', name: 'Tara' }).description).toBe('Check the flow');
    const refused = items.map((i) => ({ ...i, state: 'needsAttention' as const }));
    expect(withQueued(task, refused, { id: 'u1', name: 'Tara' }).description).toBe('Check the flow');
  });
});

describe('a kind nobody registered', () => {
  it('fails the attempt and stays queued, to be sent by a version that knows it', async () => {
    const q = queueWith();
    await q.enqueue({ kind: 'signature', requestId: 'A' } as unknown as QueuedAction);
    await q.run();
    expect(calls).toHaveLength(0);
    const items = await q.items();
    expect(items).toMatchObject([
      { state: 'failed', error: "No offline action 'signature' is registered", attempts: 1 },
    ]);
    expect(describeQueued(items[0] as QueueItem)).toEqual({ label: 'offline:action.signature', uploads: false });
  });
});
