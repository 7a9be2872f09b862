/**
 * What the sync status says of a queued change (issue 33): waiting is not failed. Each state from
 * a real queue (fake-indexeddb) after the attempt that made it, and its English words as the
 * catalogue renders them: waiting (for the network, or to try again with the server's reason),
 * sending, sent, needs attention with the reason.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-IN/offline.json' with { type: 'json' };
import { type ShownItem, shownState, stateKey } from './item-state.ts';
import { OfflineQueue } from './queue.ts';
import { OfflineDb } from './store.ts';
import type { QueueItem, SendResult } from './types.ts';

let db: OfflineDb;
beforeEach(() => {
  db = new OfflineDb(`item-state-${Math.random()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** The words the sync status shows for an item (the en-IN catalogue, {{reason}} filled in). */
function words(item: ShownItem, offline = false): string {
  const shown = shownState(item, offline);
  const template = (en.state as Record<string, string>)[stateKey(shown).slice('state.'.length)] ?? '';
  return template.replace('{{reason}}', 'reason' in shown ? (shown.reason ?? '') : '');
}

/** One start queued, then one attempt answered by `answer`; the item as the queue kept it. */
async function afterOneAttempt(answer: () => Promise<SendResult>): Promise<QueueItem> {
  const q = new OfflineQueue({ db, send: answer, owner: () => 'u1' });
  await q.enqueue({ kind: 'start', requestId: 'A' });
  await q.run();
  const [item] = await q.items();
  if (!item) throw new Error('the item is gone');
  return item;
}

describe('a queued change as the technician reads it', () => {
  it('no signal: waiting for the network, not failed', async () => {
    const item = await afterOneAttempt(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(item.state).toBe('failed');
    expect(shownState(item, true)).toEqual({ state: 'waiting', why: 'signal', reason: null });
    expect(words(item)).toBe('waiting for the network');
    // An item failed by a version that kept no status reads the same.
    expect(words({ ...item, failure: undefined })).toBe('waiting for the network');
  });

  it('the server cannot take it now (503): waiting to try again, with the server’s words', async () => {
    const item = await afterOneAttempt(async () => ({
      outcome: 'failed',
      status: 503,
      message: 'AquaDesk is starting',
    }));
    expect(shownState(item, false)).toEqual({ state: 'waiting', why: 'retry', reason: 'AquaDesk is starting' });
    expect(words(item)).toBe('waiting to try again (AquaDesk is starting)');
  });

  it('refused: needs attention, with the reason', async () => {
    const item = await afterOneAttempt(async () => ({
      outcome: 'refused',
      status: 409,
      message: 'This task was reassigned to another technician',
    }));
    expect(shownState(item, false)).toEqual({
      state: 'needsAttention',
      reason: 'This task was reassigned to another technician',
    });
  });

  it('not tried yet: waiting, or waiting for the network while AquaDesk cannot be reached; then sending, then sent', async () => {
    const q = new OfflineQueue({ db, send: async () => ({ outcome: 'sent' }), owner: () => 'u1' });
    const item = await q.enqueue({ kind: 'start', requestId: 'A' });
    expect(words(item)).toBe('waiting');
    expect(words(item, true)).toBe('waiting for the network');
    expect(words({ ...item, state: 'sending' })).toBe('sending');
    expect(words({ ...item, sent: true })).toBe('sent');
    // None of the states of a change on its way says it failed.
    for (const state of Object.values(en.state)) expect(state).not.toMatch(/fail/i);
  });
});
