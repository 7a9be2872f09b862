/**
 * A technician's write sent by the app's offline queue (it carries `clientTime`, ADR 027). If it
 * is refused because the request moved on while the phone was offline (reassigned to someone
 * else, rejected, or acknowledged), the answer is a 409 that says so and the office (the region's
 * dispatchers and the requester) is notified, so nothing is dropped silently. Other refusals, and
 * every refusal of a write without `clientTime` (the spec's client), answer as before.
 *
 * Issue 31 item 4: the office is told, and the audit row written, once per request, technician
 * and action in REFUSAL_NOTICE_WINDOW_MS (the repeats answer the same 409 and are only counted);
 * and a user's refusals are limited to QUEUED_REFUSALS_PER_MINUTE (`reserveRefusal`: 429 past it).
 */
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import type { ReleaseRefusal } from '#server/lib/client-time.ts';
import { AppError, conflict } from '#server/lib/errors.ts';
import { notifyWorkflowEvent } from '#server/modules/notifications/events.service.ts';
import { FINAL_STATUSES } from '#shared/domain/workflow.ts';
import { ERR, requestStatusParam } from '#shared/i18n/server-messages.ts';
import * as refusals from './refusals.repository.ts';
import * as repo from './repository.ts';
import { wasAssignedTo } from './workflow.repository.ts';

/** The English of these answers (the tests compare with it). */
export const QUEUED_REASSIGNED = ERR.queuedReassigned.text;
export const QUEUED_MOVED_ON = (status: string) => ERR.queuedMovedOn({ status }).text;
export const TOO_MANY_REFUSALS = ERR.tooManyRefusals.text;

/** A user's refused queued writes per minute, past which they are answered 429 (as messages are). */
export const QUEUED_REFUSALS_PER_MINUTE = 30;
const REFUSAL_BUDGET_WINDOW_MS = 60_000;
/** The office is told of one write's refusal once in this window (per request, technician, action). */
export const REFUSAL_NOTICE_WINDOW_MS = 3600_000;

/** The technician's writes the offline queue sends. */
export type QueuedAction = 'start' | 'complete' | 'uploadMedia' | 'captureLocation' | 'recordReading';

/** A refusal by scope, role or moment (404, 403, 409), which a moved-on request explains. */
function isRefusal(err: unknown): boolean {
  const status = (err as { statusCode?: number } | null)?.statusCode;
  return status === 403 || status === 404 || status === 409;
}

/**
 * Reserves one refusal of the user's per-minute budget before a queued write runs (the route's
 * hook, lib/client-time.ts `queuedRefusalLimit`); the answer gives it back. Past the budget: 429,
 * and the first 429 of the minute leaves one audit row.
 */
export async function reserveRefusal(db: Db, actor: Actor, ip: string): Promise<ReleaseRefusal> {
  const { hits, window, ttl } = await refusals.reserveRefusal(db, actor.id, REFUSAL_BUDGET_WINDOW_MS);
  if (hits <= QUEUED_REFUSALS_PER_MINUTE) return () => refusals.releaseRefusal(db, actor.id, window);
  if (hits === QUEUED_REFUSALS_PER_MINUTE + 1) {
    await audit(db, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'request.offline_refusals_limited',
      entityType: 'user',
      entityId: actor.id,
      ip,
      outcome: 'denied',
      details: { limit: QUEUED_REFUSALS_PER_MINUTE, perMs: REFUSAL_BUDGET_WINDOW_MS },
    });
  }
  const retryAfterSeconds = Math.max(1, Math.ceil(ttl / 1000));
  throw Object.assign(new AppError('RATE_LIMITED', ERR.tooManyRefusals), { retryAfterSeconds });
}

/** Runs the write; a queued write's refusal by a request that moved on is explained (see above). */
export async function queued<T>(
  db: Db,
  actor: Actor,
  id: string,
  action: QueuedAction,
  clientTime: string | undefined,
  ip: string,
  run: () => Promise<T>,
  /** The customer the write was about (the location save): the request must be theirs. */
  customerId?: string,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (clientTime === undefined || !isRefusal(err)) throw err;
    throw (await refusedWhileOffline(db, actor, id, action, ip, customerId)) ?? err;
  }
}

async function refusedWhileOffline(
  db: Db,
  actor: Actor,
  id: string,
  action: string,
  ip: string,
  customerId: string | undefined,
): Promise<AppError | null> {
  const row = await repo.findRow(db, id);
  if (!row) return null;
  if (customerId !== undefined && row.customerId !== customerId) return null;
  const reassigned = row.assignedToId !== actor.id;
  // Only the technician who was on this job learns that it moved on; anyone else keeps the
  // 403/404 they had (a request out of their scope stays unseen).
  if (reassigned && !(await wasAssignedTo(db, id, actor.id))) return null;
  if (!reassigned && !FINAL_STATUSES.includes(row.status)) return null;
  await db.transaction(async (tx) => {
    // Once per window: the repeats (the queue's, a flood's) answer the same 409, counted only.
    if ((await refusals.countRefused(tx, id, actor.id, action, REFUSAL_NOTICE_WINDOW_MS)) > 1) return;
    await refusals.sweepRefusalWindows(tx);
    const customerName = (await repo.findCustomer(tx, row.customerId))?.name ?? '';
    await notifyWorkflowEvent(tx, {
      event: 'offlineRefused',
      actorId: actor.id,
      request: row,
      customerName,
      technicianName: actor.name,
    });
    await audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'request.offline_refused',
      entityType: 'service_request',
      entityId: id,
      ip,
      outcome: 'denied',
      details: { action, status: row.status, reassigned, onceWithinMs: REFUSAL_NOTICE_WINDOW_MS },
    });
  });
  return conflict(reassigned ? ERR.queuedReassigned : ERR.queuedMovedOn({ status: requestStatusParam(row.status) }));
}
