/**
 * A technician's write sent by the app's offline queue (it carries `clientTime`, ADR 027). If it
 * is refused because the request moved on while the phone was offline (reassigned to someone
 * else, rejected, or acknowledged), the answer is a 409 that says so and the office (the region's
 * dispatchers and the requester) is notified, so nothing is dropped silently. Other refusals, and
 * every refusal of a write without `clientTime` (the spec's client), answer as before.
 */
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { type AppError, conflict } from '#server/lib/errors.ts';
import { notifyWorkflowEvent } from '#server/modules/notifications/events.service.ts';
import { FINAL_STATUSES } from '#shared/domain/workflow.ts';
import { ERR, requestStatusParam } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';
import { wasAssignedTo } from './workflow.repository.ts';

/** The English of these answers (the tests compare with it). */
export const QUEUED_REASSIGNED = ERR.queuedReassigned.text;
export const QUEUED_MOVED_ON = (status: string) => ERR.queuedMovedOn({ status }).text;

/** The technician's writes the offline queue sends. */
export type QueuedAction = 'start' | 'complete' | 'uploadMedia' | 'captureLocation';

/** A refusal by scope, role or moment (404, 403, 409), which a moved-on request explains. */
function isRefusal(err: unknown): boolean {
  const status = (err as { statusCode?: number } | null)?.statusCode;
  return status === 403 || status === 404 || status === 409;
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
  const customerName = (await repo.findCustomer(db, row.customerId))?.name ?? '';
  await db.transaction(async (tx) => {
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
      details: { action, status: row.status, reassigned },
    });
  });
  return conflict(reassigned ? ERR.queuedReassigned : ERR.queuedMovedOn({ status: requestStatusParam(row.status) }));
}
