/**
 * The answers of the workflow's checks: who may act on a request now (the shared table's verdict
 * as 403 or 409), the refusal messages, and the 409 of a request that moved on under the caller.
 */
import type { Tx } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { type AppError, conflict, forbidden, notFound } from '#server/lib/errors.ts';
import { statusLabel } from '#shared/domain/format.ts';
import {
  approvalStage,
  isAllowedActor,
  isInFromStatus,
  isSelfApproval,
  type RequestFacts,
  type RequestStatus,
  roleMayAct,
  type WorkflowAction,
} from '#shared/domain/workflow.ts';
import * as repo from './repository.ts';

export const NO_TECHNICIAN = 'No active technician is available in this region';
export const NOT_A_CANDIDATE = "Choose an active technician of this request's region";
export const NEEDS_SALES_APPROVAL = 'This request needs sales approval first';
/** The history row's comment when a material edit withdraws the sales approval (ADR 016). */
export const SALES_APPROVAL_RESET = (fields: string) =>
  `Edited after the sales approval (${fields} changed): the sales approval must be given again`;
export const SELF_APPROVAL =
  'You cannot approve a request you raised yourself: another approver must approve it (only a Super Admin may approve their own)';

export const REFUSED: Record<WorkflowAction, string> = {
  salesApprove: 'Only a Sales Admin or Super Admin can give the sales approval',
  serviceApprove: 'You cannot approve this request',
  reject: 'You cannot reject this request',
  assign: 'Only a Super Admin, Service Admin or Service Manager can assign a technician',
  start: 'Only the assigned technician can start this work',
  complete: 'Only the assigned technician can complete this work',
  acknowledge: 'Only a Super Admin, Service Admin or Service Manager can acknowledge completion',
  uploadMedia: 'Only the assigned technician can upload photos for this request',
  captureLocation: 'Only the assigned technician can save the location for this request',
  edit: 'Only the requester or an admin can edit this request',
};

export const actorFacts = (a: Actor) => ({ id: a.id, policyRole: a.policyRole });

/** The 409 for a request that changed under the caller. */
export function movedOn(now: RequestStatus | string, changedStatus: boolean): AppError {
  return conflict(
    changedStatus
      ? `This request has moved on: it is now ${statusLabel(now)}. Reload to see its current state.`
      : 'This request has moved on: someone else changed it a moment ago. Reload to see its current state.',
  );
}

export function movedOnTo(now: { status: RequestStatus } | undefined, statusBefore: string): AppError {
  if (!now) return notFound('Service request');
  return movedOn(now.status, now.status !== statusBefore);
}

/** The guarded UPDATE matched nothing: read the row once to tell gone (404) from moved on (409). */
export async function movedOnNow(tx: Tx, id: string, statusBefore: string): Promise<AppError> {
  return movedOnTo(await repo.findRow(tx, id), statusBefore);
}

export const ALREADY_SALES_APPROVED =
  'This request has moved on: it has already been sales-approved. Reload to see its current state.';

/** Would the actor have been allowed at this request's sales stage, which has since passed? */
function passedSalesStage(action: WorkflowAction, who: ReturnType<typeof actorFacts>, req: RequestFacts): boolean {
  return req.needsSalesApproval && req.salesApproved && isAllowedActor(action, who, { ...req, salesApproved: false });
}

/** The shared table's verdict, as the HTTP answer: 403 for a wrong role or person, 409 for a wrong moment. */
export function assertMayAct(action: WorkflowAction, actor: Actor, req: RequestFacts): void {
  const who = actorFacts(actor);
  if (!roleMayAct(action, who)) throw forbidden(REFUSED[action]);
  if (!isInFromStatus(action, req.status)) throw movedOn(req.status, true);
  if (isAllowedActor(action, who, req)) return;
  if (isSelfApproval(action, who, req)) throw forbidden(SELF_APPROVAL);
  if (action === 'salesApprove' && approvalStage(req) === 'SERVICE') throw conflict(ALREADY_SALES_APPROVED);
  // The caller could have acted at this request's sales stage (a Sales Admin rejecting), but
  // someone sales-approved it meanwhile: a wrong moment (409), not a wrong role (403).
  if (passedSalesStage(action, who, req)) throw conflict(ALREADY_SALES_APPROVED);
  if (action === 'serviceApprove' && approvalStage(req) === 'SALES') throw forbidden(NEEDS_SALES_APPROVAL);
  throw forbidden(REFUSED[action]);
}

/** What a request's text search matches: its customer's name and its description, lower-cased. */
export function searchTextOf(customerName: string, description: string): string {
  return `${customerName} ${description}`.toLowerCase();
}
