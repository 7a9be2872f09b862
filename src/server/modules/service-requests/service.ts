/**
 * Service-request use-cases: scope and permission checks, then one transaction per change.
 * Every transition reads the request once (scoped), asks the shared workflow table whether this
 * actor may act now, and writes through a guarded UPDATE (status and version as read), which
 * decides a race: its history row, work log, audit row and notifications follow in the same
 * transaction. The answer is the request as it now is, read in one statement.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit, auditMany } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { plausibleClientTime } from '#server/lib/client-time.ts';
import { type AppError, conflict, forbidden, invalid, notFound } from '#server/lib/errors.ts';
import type { TransitionCounter } from '#server/lib/metrics.ts';
import { cappedWindow, SORT_MATCHES_UP_TO, type Window } from '#server/lib/paging.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import { MaintenanceService } from '#server/modules/maintenance/service.ts';
import { notifyMany, notifyWorkflowEvent, type WorkflowEvent } from '#server/modules/notifications/events.ts';
import type { CompletionExtras } from '#shared/contracts/maintenance.ts';
import {
  type CreateRequestBody,
  REJECT_REASON_REQUIRED,
  type RequestDetails,
  type RequestSummary,
  type TechnicianCandidate,
  type UpdateRequestBody,
  type WorkMediaItem,
} from '#shared/contracts/service-requests.ts';
import { statusLabel } from '#shared/domain/format.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import { parseTicketSearch } from '#shared/domain/ticket.ts';
import {
  approvalStage,
  FINAL_STATUSES,
  factsOf,
  isAllowedActor,
  isInFromStatus,
  isSelfApproval,
  needsSalesApprovalFor,
  type RequestFacts,
  type RequestStatus,
  type RequestType,
  roleMayAct,
  startsSalesApproved,
  statusAfter,
  type WorkflowAction,
} from '#shared/domain/workflow.ts';
import { sumCells, toDetails, toMediaItem, toSummary } from './mapper.ts';
import * as repo from './repository.ts';
import { scopeFor } from './scope.ts';

export const NO_TECHNICIAN = 'No active technician is available in this region';
export const NOT_A_CANDIDATE = "Choose an active technician of this request's region";
export const NEEDS_SALES_APPROVAL = 'This request needs sales approval first';
/** The history row's comment when a material edit withdraws the sales approval (ADR 016). */
export const SALES_APPROVAL_RESET = (fields: string) =>
  `Edited after the sales approval (${fields} changed): the sales approval must be given again`;
export const SELF_APPROVAL =
  'You cannot approve a request you raised yourself: another approver must approve it (only a Super Admin may approve their own)';

const REFUSED: Record<WorkflowAction, string> = {
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

const actorFacts = (a: Actor) => ({ id: a.id, policyRole: a.policyRole });

/** The 409 for a request that changed under the caller. */
export function movedOn(now: RequestStatus | string, changedStatus: boolean): AppError {
  return conflict(
    changedStatus
      ? `This request has moved on: it is now ${statusLabel(now)}. Reload to see its current state.`
      : 'This request has moved on: someone else changed it a moment ago. Reload to see its current state.',
  );
}

function movedOnTo(now: { status: RequestStatus } | undefined, statusBefore: string): AppError {
  if (!now) return notFound('Service request');
  return movedOn(now.status, now.status !== statusBefore);
}

export const QUEUED_REASSIGNED =
  'This task was reassigned to another technician before your change reached the server. Your change is kept on your phone and the office has been told.';
export const QUEUED_MOVED_ON = (status: string) =>
  `This request had moved on before your change reached the server: it is now ${status}. Your change is kept on your phone and the office has been told.`;

/** A refusal by scope, role or moment (404, 403, 409), which a moved-on request explains. */
function isRefusal(err: unknown): boolean {
  const status = (err as { statusCode?: number } | null)?.statusCode;
  return status === 403 || status === 404 || status === 409;
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

interface TransitionPlan {
  action: WorkflowAction;
  /**
   * The row's new values (the status comes from the table); may read inside the transaction.
   * `before` is the request as read before the transaction: the guarded UPDATE applies the
   * changes only if the row is still that version.
   */
  changes: (tx: Tx, before: RequestSummary) => Promise<repo.RequestChanges> | repo.RequestChanges;
  /** History rows, work logs: written in the same transaction after the guarded update. */
  after?: (tx: Tx, before: RequestSummary, after: repo.RequestRow) => Promise<void>;
  event?: WorkflowEvent;
  reason?: string | null;
  auditAction: string;
  details?: (before: RequestSummary, after: repo.RequestRow) => Record<string, unknown>;
}

export class RequestService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    /** `app.deps.metrics`; the readers built in other modules (technicians, uploads) apply no transitions. */
    private readonly metrics?: TransitionCounter,
    /** The installed base (issue 21): a request's unit, and what a completed visit replaced. */
    private readonly maintenance: MaintenanceService = new MaintenanceService(db),
  ) {}

  // ---------------------------------------------------------------- reads

  async list(
    actor: Actor,
    q: { page?: number; pageSize?: number; search?: string; status?: RequestStatus | 'ALL' | ''; mine?: boolean },
  ): Promise<{ items: RequestSummary[]; total: number; window: Window }> {
    const status = q.status && q.status !== 'ALL' ? q.status : undefined;
    const search = q.search?.trim() || undefined;
    const ticket = search ? (parseTicketSearch(search) ?? undefined) : undefined;
    const scope = scopeFor(actor);
    // `mine`: the requests the actor raised, still within the scope (ADR 020).
    const mineOf = q.mine ? actor.id : undefined;
    // Without paging: the newest UNPAGED_CAP (ADR 017).
    const window = cappedWindow(q);
    const page = { limit: window.limit, offset: window.offset };
    if (search || mineOf) {
      // The count first: it tells the list which plan is cheap (SORT_MATCHES_UP_TO). The counters
      // cannot answer `mine` within a scope, so it is counted too (one user's requests: the
      // requested_by index).
      const filter = { scope, status, search, ticket, mineOf };
      const total = await repo.countRequests(this.db, filter);
      const sortMatches = !!search && total <= SORT_MATCHES_UP_TO;
      const rows = await repo.listRequests(this.db, { ...filter, sortMatches, ...page });
      return { items: rows.map(toSummary), total, window };
    }
    const rows = await repo.listRequests(this.db, { scope, status, ...page });
    // Without a search the counters answer the total in O(1).
    const total = sumCells(await repo.readCounters(this.db, scope), status);
    return { items: rows.map(toSummary), total, window };
  }

  /** A request the actor may read, or 404 (the same answer as one that does not exist). */
  async summary(actor: Actor, id: string): Promise<RequestSummary> {
    const found = await repo.findSummary(this.db, id, scopeFor(actor));
    if (!found) throw notFound('Service request');
    return toSummary(found);
  }

  /** A request the actor may read with its work logs, history and photos: one statement. */
  async details(actor: Actor, id: string): Promise<RequestDetails> {
    const found = await repo.findDetails(this.db, id, scopeFor(actor));
    if (!found) throw notFound('Service request');
    return toDetails(this.tokens, found);
  }

  mediaItem(m: repo.MediaRow): WorkMediaItem {
    return toMediaItem(this.tokens, m);
  }

  /** Active technicians of the request's region with their open tasks (the assign dialog). */
  async candidates(actor: Actor, id: string): Promise<TechnicianCandidate[]> {
    const req = await this.summary(actor, id);
    if (!roleMayAct('assign', actorFacts(actor))) throw forbidden(REFUSED.assign);
    const rows = await repo.techniciansOfRegion(this.db, req.regionId);
    return rows.map(({ id: techId, name, email, openTasks }) => ({ id: techId, name, email, openTasks }));
  }

  // ---------------------------------------------------------------- create and edit

  /** The customer must exist, be in the chosen region and be one the actor can see. */
  private async checkCustomer(tx: Tx, actor: Actor, customerId: string, regionId: string) {
    if (!(await repo.regionExists(tx, regionId))) throw invalid('regionId', 'Region not found');
    const customer = await repo.findCustomer(tx, customerId);
    const regionLimit = regionFilterOf(actor, regionalScopeOf(actor.policyRole));
    if (!customer || (regionLimit && customer.regionId !== regionLimit)) {
      throw invalid('customerId', 'Customer not found');
    }
    if (customer.regionId !== regionId) {
      throw invalid('customerId', 'The customer does not belong to the chosen region');
    }
    return customer;
  }

  async create(actor: Actor, body: CreateRequestBody & { type: RequestType }, ip: string): Promise<RequestDetails> {
    const id = await this.db.transaction(async (tx) => {
      const customer = await this.checkCustomer(tx, actor, body.customerId, body.regionId);
      if (body.unitId) await this.maintenance.assertUnitOfCustomer(tx, body.unitId, customer.id);
      const description = body.description.trim();
      const row = await repo.insertRequest(tx, {
        type: body.type,
        description,
        status: 'PENDING_APPROVAL',
        customerId: customer.id,
        regionId: body.regionId,
        requestedById: actor.id,
        needsSalesApproval: needsSalesApprovalFor(actor.policyRole),
        salesApproved: startsSalesApproved(actor.policyRole),
        searchText: searchTextOf(customer.name, description),
        ...(body.unitId ? { unitId: body.unitId } : {}),
      });
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'request.create',
        entityType: 'service_request',
        entityId: row.id,
        ip,
        details: { type: row.type, customerId: row.customerId, regionId: row.regionId },
      });
      await notifyWorkflowEvent(tx, { event: 'created', actorId: actor.id, request: row, customerName: customer.name });
      return row.id;
    });
    return this.details(actor, id);
  }

  async update(actor: Actor, id: string, body: UpdateRequestBody, ip: string): Promise<RequestDetails> {
    const before = await this.summary(actor, id);
    assertMayAct('edit', actor, factsOf(before));
    await this.db.transaction(async (tx) => {
      const customerId = body.customerId ?? before.customerId;
      const regionId = body.regionId ?? before.regionId;
      const customer =
        customerId !== before.customerId || regionId !== before.regionId
          ? await this.checkCustomer(tx, actor, customerId, regionId)
          : { id: before.customerId, name: before.customer.name };
      const description = body.description?.trim() ?? before.description;
      const type = body.type ?? before.type;
      // A material change (what, for whom, where) after the sales approval withdraws it: the
      // approver approved a different request (ADR 016). Nothing else can be approved while a
      // request is still editable (the service approval moves it to APPROVED).
      const material = [
        customer.id !== before.customerId && 'customer',
        description !== before.description && 'description',
        regionId !== before.regionId && 'region',
        type !== before.type && 'type',
      ].filter((f): f is string => typeof f === 'string');
      const resetSales = material.length > 0 && before.needsSalesApproval && before.salesApproved;
      // The unit must be the customer's: a new one is checked, a new customer drops the old one.
      if (body.unitId) await this.maintenance.assertUnitOfCustomer(tx, body.unitId, customer.id);
      const unitId = body.unitId !== undefined ? body.unitId : customer.id !== before.customerId ? null : undefined;
      const changes: repo.RequestChanges = {
        type,
        description,
        customerId: customer.id,
        regionId,
        searchText: searchTextOf(customer.name, description),
        ...(unitId !== undefined ? { unitId } : {}),
        ...(resetSales ? { salesApproved: false, approvedById: null } : {}),
      };
      const after = await repo.guardedUpdate(tx, id, before, changes);
      if (!after) throw await this.movedOnNow(tx, id, before.status);
      if (resetSales) {
        await repo.insertHistory(tx, {
          requestId: id,
          approverId: actor.id,
          approverRole: actor.roleName,
          stage: 'SALES',
          status: 'RESET',
          comments: SALES_APPROVAL_RESET(material.join(', ')),
        });
        await notifyWorkflowEvent(tx, {
          event: 'salesApprovalReset',
          actorId: actor.id,
          request: after,
          customerName: customer.name,
        });
      }
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'request.update',
        entityType: 'service_request',
        entityId: id,
        ip,
        details: {
          changed: Object.keys(body).filter((k) => body[k as keyof UpdateRequestBody] !== undefined),
          ...(resetSales ? { salesApprovalReset: true } : {}),
        },
      });
    });
    return this.details(actor, id);
  }

  // ---------------------------------------------------------------- transitions

  /** The guarded UPDATE matched nothing: read the row once to tell gone (404) from moved on (409). */
  private async movedOnNow(tx: Tx, id: string, statusBefore: string): Promise<AppError> {
    return movedOnTo(await repo.findRow(tx, id), statusBefore);
  }

  /**
   * Read (scoped), check with the shared table, then one transaction whose guarded UPDATE
   * decides: it changes the row only if it is still the status and version just read. No second
   * read inside the transaction; only when the UPDATE matched nothing is the row read once, to
   * answer 404 (gone) or 409 (moved on, with its current status). The answer is read after
   * commit in one statement (findDetails).
   */
  private async transition(actor: Actor, id: string, plan: TransitionPlan, ip: string): Promise<RequestDetails> {
    const before = await this.summary(actor, id);
    assertMayAct(plan.action, actor, factsOf(before));
    await this.db.transaction(async (tx) => {
      const changes = {
        ...(await plan.changes(tx, before)),
        status: statusAfter(plan.action, before.status),
      };
      const after = await repo.guardedUpdate(tx, id, before, changes);
      if (!after) throw await this.movedOnNow(tx, id, before.status);
      await plan.after?.(tx, before, after);
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: plan.auditAction,
        entityType: 'service_request',
        entityId: id,
        ip,
        details: { from: before.status, to: after.status, ...plan.details?.(before, after) },
      });
      if (plan.event) {
        await notifyWorkflowEvent(tx, {
          event: plan.event,
          actorId: actor.id,
          request: after,
          customerName: before.customer.name,
          reason: plan.reason ?? null,
          previousAssignedToId: before.assignedToId,
        });
      }
    });
    // Counted once the transaction has committed (an Idempotency-Key replay never gets here).
    this.metrics?.countTransition(plan.auditAction);
    return this.details(actor, id);
  }

  /** The approval-history row of an approval, rejection or acknowledgement. */
  private historyRow(
    actor: Actor,
    stage: (before: RequestSummary) => string,
    status: 'APPROVED' | 'REJECTED',
    comments: string | null,
  ) {
    return async (tx: Tx, before: RequestSummary) => {
      await repo.insertHistory(tx, {
        requestId: before.id,
        approverId: actor.id,
        approverRole: actor.roleName,
        stage: stage(before),
        status,
        comments,
      });
    };
  }

  salesApprove(actor: Actor, id: string, comments: string | null, ip: string) {
    return this.transition(
      actor,
      id,
      {
        action: 'salesApprove',
        changes: () => ({ salesApproved: true, approvedById: actor.id }),
        after: this.historyRow(actor, () => 'SALES', 'APPROVED', comments),
        event: 'salesApproved',
        auditAction: 'request.sales_approve',
      },
      ip,
    );
  }

  serviceApprove(actor: Actor, id: string, comments: string | null, ip: string) {
    return this.transition(
      actor,
      id,
      {
        action: 'serviceApprove',
        changes: () => ({ approvedById: actor.id }),
        after: this.historyRow(actor, () => 'SERVICE', 'APPROVED', comments),
        event: 'approved',
        auditAction: 'request.service_approve',
      },
      ip,
    );
  }

  reject(actor: Actor, id: string, reason: string, ip: string) {
    const trimmed = reason.trim();
    if (!trimmed) throw invalid('comments', REJECT_REASON_REQUIRED);
    const stageOf = (r: RequestSummary) => approvalStage(factsOf(r));
    return this.transition(
      actor,
      id,
      {
        action: 'reject',
        changes: () => ({}),
        after: this.historyRow(actor, stageOf, 'REJECTED', trimmed),
        event: 'rejected',
        reason: trimmed,
        auditAction: 'request.reject',
        details: (before) => ({ stage: stageOf(before), reason: trimmed }),
      },
      ip,
    );
  }

  /** Manual (a chosen technician) or automatic (the least-loaded technician of the region). */
  assign(actor: Actor, id: string, technicianId: string | null, ip: string) {
    return this.transition(
      actor,
      id,
      {
        action: 'assign',
        changes: async (tx, before) => {
          // Picked inside the transaction and serialised per region, so two assignments at
          // once see each other's load.
          await repo.lockRegionAssignments(tx, before.regionId);
          const [tech] = await repo.techniciansOfRegion(tx, before.regionId, technicianId ?? undefined);
          if (!tech) {
            // A request that moved on meanwhile answers as such, whatever the technicians.
            const now = await repo.findRow(tx, id);
            if (!now || now.version !== before.version) throw movedOnTo(now, before.status);
            throw technicianId ? invalid('technicianId', NOT_A_CANDIDATE) : conflict(NO_TECHNICIAN);
          }
          return { assignedToId: tech.id, assignedAt: new Date() };
        },
        after: async (tx, _before, after) => {
          if (after.assignedToId) await repo.markAssigned(tx, after.assignedToId, after.assignedAt ?? new Date());
        },
        event: 'assigned',
        auditAction: technicianId ? 'request.assign' : 'request.auto_assign',
        details: (before, after) => ({ technicianId: after.assignedToId, previousTechnicianId: before.assignedToId }),
      },
      ip,
    );
  }

  /** `clientTime`: when the technician started, by their phone (ADR 027); absent, the server's time. */
  start(actor: Actor, id: string, ip: string, clientTime?: string) {
    const at = plausibleClientTime(clientTime);
    return this.queued(actor, id, 'start', clientTime, ip, () =>
      this.transition(
        actor,
        id,
        {
          action: 'start',
          changes: () => ({}),
          after: async (tx, before) => repo.openWorkLog(tx, before.id, actor.id, at),
          auditAction: 'request.start_work',
          details: () => (clientTime ? { clientTime, accepted: at !== null } : {}),
        },
        ip,
      ),
    );
  }

  complete(
    actor: Actor,
    id: string,
    notes: string | null,
    ip: string,
    extras: CompletionExtras = {},
    clientTime?: string,
  ) {
    const at = plausibleClientTime(clientTime);
    return this.queued(actor, id, 'complete', clientTime, ip, () =>
      this.transition(
        actor,
        id,
        {
          action: 'complete',
          changes: () => ({}),
          after: async (tx, before, after) => {
            // The installed base (issue 21): parts replaced, spare parts, an installed unit.
            const done = await this.maintenance.recordCompletion(
              tx,
              actor,
              { id, type: before.type, customerId: before.customerId, unitId: after.unitId },
              extras,
              ip,
            );
            if (done.unitId && done.unitId !== after.unitId) await repo.setUnit(tx, id, done.unitId);
            const closed = await repo.closeWorkLog(tx, before.id, notes, at);
            // Start always opens a log; should an older request lack one, keep the notes with a
            // log that spans the time it has been in progress.
            if (closed === 0) {
              await repo.insertClosedWorkLog(tx, {
                requestId: before.id,
                technicianId: actor.id,
                startTime: new Date(before.updatedAt),
                endTime: at,
                notes,
              });
            }
          },
          event: 'workCompleted',
          reason: notes,
          auditAction: 'request.complete_work',
          details: () => (clientTime ? { clientTime, accepted: at !== null } : {}),
        },
        ip,
      ),
    );
  }

  /**
   * A technician's write sent by the app's offline queue (it carries `clientTime`, ADR 027). If
   * it is refused because the request moved on while the phone was offline (reassigned to someone
   * else, rejected, or acknowledged), the answer is a 409 that says so and the office (the
   * region's dispatchers and the requester) is notified, so nothing is dropped silently. Other
   * refusals, and every refusal of a write without `clientTime` (the spec's client), answer as before.
   */
  async queued<T>(
    actor: Actor,
    id: string,
    action: 'start' | 'complete' | 'uploadMedia' | 'captureLocation',
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
      throw (await this.refusedWhileOffline(actor, id, action, ip, customerId)) ?? err;
    }
  }

  private async refusedWhileOffline(
    actor: Actor,
    id: string,
    action: string,
    ip: string,
    customerId: string | undefined,
  ): Promise<AppError | null> {
    const row = await repo.findRow(this.db, id);
    if (!row) return null;
    if (customerId !== undefined && row.customerId !== customerId) return null;
    const reassigned = row.assignedToId !== actor.id;
    // Only the technician who was on this job learns that it moved on; anyone else keeps the
    // 403/404 they had (a request out of their scope stays unseen).
    if (reassigned && !(await repo.wasAssignedTo(this.db, id, actor.id))) return null;
    if (!reassigned && !FINAL_STATUSES.includes(row.status)) return null;
    const customerName = (await repo.findCustomer(this.db, row.customerId))?.name ?? '';
    await this.db.transaction(async (tx) => {
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
    return conflict(reassigned ? QUEUED_REASSIGNED : QUEUED_MOVED_ON(statusLabel(row.status)));
  }

  acknowledge(actor: Actor, id: string, comments: string | null, ip: string) {
    return this.transition(
      actor,
      id,
      {
        action: 'acknowledge',
        changes: () => ({ completedAt: new Date() }),
        after: this.historyRow(actor, () => 'ACKNOWLEDGE', 'APPROVED', comments),
        event: 'completed',
        auditAction: 'request.acknowledge',
      },
      ip,
    );
  }
}

export interface SystemRequest {
  type: RequestType;
  description: string;
  customerId: string;
  customerName: string;
  regionId: string;
  unitId: string;
  /** Extra details for its audit row. */
  audit: Record<string, unknown>;
}

/**
 * Requests raised by the system (issue 21: due jobs), many in the caller's transaction: one
 * multi-row insert of the requests (in region order, so concurrent batches take the counter rows
 * in one order), their approval-history rows when they start APPROVED, their audit rows, and the
 * usual notifications (the recipients read once per region, the rows written in one insert in
 * user order, pushed on commit).
 */
export async function raiseManyInTransaction(
  tx: Tx,
  by: { id: string; email: string; roleName: string },
  items: SystemRequest[],
  approved: boolean,
): Promise<repo.RequestRow[]> {
  if (items.length === 0) return [];
  const ordered = [...items].sort((x, y) => (x.regionId < y.regionId ? -1 : x.regionId > y.regionId ? 1 : 0));
  const rows = await repo.insertRequests(
    tx,
    ordered.map((v) => ({
      type: v.type,
      description: v.description,
      status: approved ? ('APPROVED' as const) : ('PENDING_APPROVAL' as const),
      customerId: v.customerId,
      regionId: v.regionId,
      requestedById: by.id,
      approvedById: approved ? by.id : null,
      needsSalesApproval: false,
      salesApproved: true,
      searchText: searchTextOf(v.customerName, v.description),
      unitId: v.unitId,
    })),
  );
  const byUnit = new Map(ordered.map((v) => [v.unitId, v]));
  if (approved) {
    await repo.insertHistories(
      tx,
      rows.map((r) => ({
        requestId: r.id,
        approverId: by.id,
        approverRole: by.roleName,
        stage: 'SERVICE',
        status: 'APPROVED' as const,
        comments: 'Approved automatically (MAINTENANCE_AUTO_APPROVE)',
      })),
    );
  }
  await auditMany(
    tx,
    rows.map((r) => ({
      actorId: by.id,
      actorEmail: by.email,
      action: 'request.create',
      entityType: 'service_request',
      entityId: r.id,
      details: {
        type: r.type,
        customerId: r.customerId,
        regionId: r.regionId,
        unitId: r.unitId,
        ...byUnit.get(r.unitId as string)?.audit,
      },
    })),
  );
  await notifyMany(
    tx,
    approved ? 'approved' : 'created',
    by.id,
    rows.map((r) => ({ request: r, customerName: byUnit.get(r.unitId as string)?.customerName ?? '' })),
  );
  return rows;
}

export function searchTextOf(customerName: string, description: string): string {
  return `${customerName} ${description}`.toLowerCase();
}
