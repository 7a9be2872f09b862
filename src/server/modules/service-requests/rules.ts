/**
 * The answers of the workflow's checks: who may act on a request now (the shared table's verdict
 * as 403 or 409), the refusal messages, and the 409 of a request that moved on under the caller.
 */
import type { Tx } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { type AppError, conflict, forbidden, notFound } from '#server/lib/errors.ts';
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
import { type CatalogueText, ERR, requestStatusParam } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

/** The English of the workflow's answers (the tests compare with it). */
export const NO_TECHNICIAN = ERR.noTechnician.text;
export const NOT_A_CANDIDATE = ERR.notACandidate.text;
export const NEEDS_SALES_APPROVAL = ERR.needsSalesApproval.text;
/** The history row's comment when a material edit withdraws the sales approval (ADR 016). */
export const SALES_APPROVAL_RESET = (fields: string) =>
  `Edited after the sales approval (${fields} changed): the sales approval must be given again`;
export const SELF_APPROVAL = ERR.selfApproval.text;

/** The 403 of a role that may not take the action at all. */
export const REFUSED: Record<WorkflowAction, CatalogueText> = {
  salesApprove: ERR.onlySalesApprover,
  serviceApprove: ERR.cannotApprove,
  reject: ERR.cannotReject,
  assign: ERR.onlyAssigner,
  start: ERR.onlyTechnicianStart,
  complete: ERR.onlyTechnicianComplete,
  acknowledge: ERR.onlyAcknowledger,
  uploadMedia: ERR.onlyTechnicianUpload,
  captureLocation: ERR.onlyTechnicianLocation,
  recordReading: ERR.onlyTechnicianReading,
  edit: ERR.onlyEditor,
};

export const actorFacts = (a: Actor) => ({ id: a.id, policyRole: a.policyRole });

/** The 409 for a request that changed under the caller. */
export function movedOn(now: RequestStatus | string, changedStatus: boolean): AppError {
  return conflict(changedStatus ? ERR.movedOnStatus({ status: requestStatusParam(now) }) : ERR.movedOn);
}

export function movedOnTo(now: { status: RequestStatus } | undefined, statusBefore: string): AppError {
  if (!now) return notFound(ERR.requestNotFound);
  return movedOn(now.status, now.status !== statusBefore);
}

/** The guarded UPDATE matched nothing: read the row once to tell gone (404) from moved on (409). */
export async function movedOnNow(tx: Tx, id: string, statusBefore: string): Promise<AppError> {
  return movedOnTo(await repo.findRow(tx, id), statusBefore);
}

export const ALREADY_SALES_APPROVED = ERR.alreadySalesApproved.text;

/**
 * The shared table's verdict, as the HTTP answer: 403 for a wrong role or person, 409 for a wrong
 * moment. A role that may not approve a request may not reject it either, and the two answer the
 * same 403 (issue 31, item 11: a sales-raised request is Sales Admin's and Super Admin's at both
 * stages, docs/product-rules.md R-17, so a Service Manager gets 403 for both).
 */
export function assertMayAct(action: WorkflowAction, actor: Actor, req: RequestFacts): void {
  const who = actorFacts(actor);
  if (!roleMayAct(action, who)) throw forbidden(REFUSED[action]);
  if (!isInFromStatus(action, req.status)) throw movedOn(req.status, true);
  if (isAllowedActor(action, who, req)) return;
  if (isSelfApproval(action, who, req)) throw forbidden(ERR.selfApproval);
  if (action === 'salesApprove' && approvalStage(req) === 'SERVICE') throw conflict(ERR.alreadySalesApproved);
  // "Sales approval first" only to whom the service stage will belong (a Sales Admin, for a
  // sales-raised request); a role that can never approve it hears "You cannot approve".
  if (
    action === 'serviceApprove' &&
    approvalStage(req) === 'SALES' &&
    isAllowedActor(action, who, { ...req, salesApproved: true })
  ) {
    throw forbidden(ERR.needsSalesApproval);
  }
  throw forbidden(REFUSED[action]);
}

/** What a request's text search matches: its customer's name and its description, lower-cased. */
export function searchTextOf(customerName: string, description: string): string {
  return `${customerName} ${description}`.toLowerCase();
}
