/**
 * A task as the technician sees it while their actions wait to be sent (ADR 027): the last details
 * from the server with each queued item applied by its kind's `overlay` (registry.ts; the queued
 * start and complete: status, the open or closed work log at the phone's times), so the work panel
 * shows the next step and not a Start already pressed. Refused items, and another user's, are not applied.
 */
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { type ItemOf, offlineActionOf } from './registry.ts';
import type { OfflineKind, QueueItem } from './types.ts';

export function withQueued(
  r: RequestDetails,
  items: readonly QueueItem[],
  me: { id: string; name: string },
): RequestDetails {
  let out = r;
  for (const item of items) {
    // Another user's change never shows (the queue gives only the signed-in user's anyway).
    if (item.taskId !== r.id || item.state === 'needsAttention' || item.ownerId !== me.id) continue;
    const typed = item as ItemOf<OfflineKind>;
    const overlay = offlineActionOf(typed)?.overlay;
    if (overlay) out = overlay(out, typed, me);
  }
  return out;
}

/**
 * The server's message when a queued change of this task was refused because the task moved on
 * while the phone was offline (a 409: reassigned, rejected or acknowledged meanwhile), and the
 * details on screen are not newer than that refusal: the work controls would only be refused
 * again. Null once the technician discards it, or when the server has since answered with the
 * task as theirs (details fetched from the server after the refusal).
 */
export function movedOnMessage(
  taskId: string,
  items: readonly QueueItem[],
  details: { updatedAt: number; fromPhone: boolean },
): string | null {
  for (const item of items) {
    if (item.taskId !== taskId || item.state !== 'needsAttention' || item.status !== 409) continue;
    const refusedAt = item.refusedAt ?? Number.POSITIVE_INFINITY;
    if (details.fromPhone || details.updatedAt <= refusedAt) return item.error ?? '';
  }
  return null;
}
