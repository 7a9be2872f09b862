/**
 * Sends one queued item to the API (ADR 027) through its kind's registration (registry.ts): its
 * Idempotency-Key on every attempt, its clientTime in the call.
 */
import { ApiError } from '#web/lib/api-client.ts';
import { outcomeOf } from './queue.ts';
import { type ItemOf, offlineActionOf, offlineActionsReady } from './registry.ts';
import type { OfflineKind, QueueItem, SendResult } from './types.ts';

async function call(item: QueueItem, onProgress?: (percent: number) => void): Promise<void> {
  await offlineActionsReady();
  const typed = item as ItemOf<OfflineKind>;
  const def = offlineActionOf(typed);
  // Not dropped: the attempt fails and the item waits for a version that knows its kind.
  if (!def) throw new Error(`No offline action '${item.action.kind}' is registered`);
  await def.send(typed, { headers: { 'Idempotency-Key': item.key }, ...(onProgress ? { onProgress } : {}) });
}

export async function sendItem(item: QueueItem, onProgress?: (percent: number) => void): Promise<SendResult> {
  try {
    await call(item, onProgress);
    return { outcome: 'sent' };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const outcome = outcomeOf(err.status);
    return outcome === 'sent' ? { outcome } : { outcome, status: err.status, message: err.message };
  }
}
