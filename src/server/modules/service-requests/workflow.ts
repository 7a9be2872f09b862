/**
 * The transitions: approvals, rejection, assignment, the technician's start and stop, the
 * acknowledgement. Every transition reads the request once (scoped), asks the shared workflow
 * table whether this actor may act now, and writes through a guarded UPDATE (status and version
 * as read), which decides a race: its history row, work log, audit row and notifications follow in
 * the same transaction. The answer is the request as it now is, read in one statement. Completing
 * work publishes the visit (lib/visit-events.ts) inside that transaction.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { clientTimeVerdict } from '#server/lib/client-time.ts';
import { conflict, invalid } from '#server/lib/errors.ts';
import type { TransitionCounter } from '#server/lib/metrics.ts';
import type { RequestEvents, RequestMoment } from '#server/lib/request-events.ts';
import type { VisitCompleted, VisitEvents } from '#server/lib/visit-events.ts';
import { notifyWorkflowEvent, type WorkflowEvent } from '#server/modules/notifications/events.service.ts';
import type { RequestDetails, RequestSummary } from '#shared/contracts/service-requests.ts';
import { approvalStage, factsOf, statusAfter, type WorkflowAction } from '#shared/domain/workflow.ts';
import { type CatalogueText, ERR } from '#shared/i18n/server-messages.ts';
import { queued } from './queued.ts';
import * as repo from './repository.ts';
import { assertMayAct, movedOnNow, movedOnTo } from './rules.ts';
import * as work from './workflow.repository.ts';

/** What the transitions read: the request within the actor's scope, before and after (RequestService). */
export interface RequestReader {
  summary(actor: Actor, id: string): Promise<RequestSummary>;
  details(actor: Actor, id: string): Promise<RequestDetails>;
}

interface TransitionPlan {
  action: WorkflowAction;
  /**
   * The row's new values (the status comes from the table); may read inside the transaction.
   * `before` is the request as read before the transaction: the guarded UPDATE applies the
   * changes only if the row is still that version.
   */
  changes: (tx: Tx, before: RequestSummary) => Promise<repo.RequestChanges> | repo.RequestChanges;
  /** A check of the input against the request as read (after the workflow table's), before the transaction. */
  check?: (before: RequestSummary) => Promise<void> | void;
  /** History rows, work logs: written in the same transaction after the guarded update. */
  after?: (tx: Tx, before: RequestSummary, after: repo.RequestRow) => Promise<void>;
  /** Undoes what the plan did outside the database when its check or transaction failed (a stored file). */
  rolledBack?: () => Promise<void>;
  event?: WorkflowEvent;
  /** Published to the request's subscribers in the same transaction (ADR 046). */
  moment?: RequestMoment;
  reason?: string | null;
  auditAction: string;
  details?: (before: RequestSummary, after: repo.RequestRow) => Record<string, unknown>;
}

/** When the job reached its technician: its assignment (its creation for a row that lacks one). */
const assignedSince = (r: RequestSummary) => new Date(r.assignedAt ?? r.createdAt);

/**
 * A start's or stop's phone time against its bounds (lib/client-time.ts): too early answers
 * `early` (before the assignment, or the start), in the future clientTimeInFuture; both 400.
 */
function assertClientTime(at: Date | null, notBefore: Date | null, early: CatalogueText): void {
  if (!at) return;
  // The contract lets through only real dates and times; should one still not be a time, say so.
  if (Number.isNaN(at.getTime())) throw invalid('clientTime', ERR.clientTimeInvalid);
  const verdict = clientTimeVerdict(at, notBefore);
  if (verdict === 'future') throw invalid('clientTime', ERR.clientTimeInFuture);
  if (verdict === 'early') throw invalid('clientTime', early);
}

export class RequestWorkflow {
  constructor(
    private readonly db: Db,
    private readonly reader: RequestReader,
    /** A completed visit's subscribers (the composition root registers them). */
    private readonly visits: VisitEvents,
    private readonly metrics: TransitionCounter,
    /** A request assigned or completed (the customer's messages subscribe: ADR 046). */
    private readonly events: RequestEvents,
  ) {}

  /**
   * Read (scoped), check with the shared table, then one transaction whose guarded UPDATE
   * decides: it changes the row only if it is still the status and version just read. No second
   * read inside the transaction; only when the UPDATE matched nothing is the row read once, to
   * answer 404 (gone) or 409 (moved on, with its current status). The answer is read after
   * commit in one statement (findDetails).
   */
  private async transition(actor: Actor, id: string, plan: TransitionPlan, ip: string): Promise<RequestDetails> {
    const before = await this.reader.summary(actor, id);
    assertMayAct(plan.action, actor, factsOf(before));
    try {
      await plan.check?.(before);
      await this.commit(actor, id, plan, ip, before);
    } catch (err) {
      await plan.rolledBack?.();
      throw err;
    }
    // Counted once the transaction has committed (an Idempotency-Key replay never gets here).
    this.metrics.countTransition(plan.auditAction);
    return this.reader.details(actor, id);
  }

  /** The transition's one transaction: the guarded UPDATE, then its rows and notices. */
  private async commit(actor: Actor, id: string, plan: TransitionPlan, ip: string, before: RequestSummary) {
    await this.db.transaction(async (tx) => {
      const changes = {
        ...(await plan.changes(tx, before)),
        status: statusAfter(plan.action, before.status),
      };
      const after = await repo.guardedUpdate(tx, id, before, changes);
      if (!after) throw await movedOnNow(tx, id, before.status);
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
      if (plan.moment) await this.events.publish(tx, { moment: plan.moment, requestIds: [id] });
    });
  }

  /**
   * Since when the job has been this technician's, for a start dated `at`: its assignment; for a
   * time before it, the first time they held it (a start queued before the job went to someone
   * else and came back), by the assignments' audit rows; taken from them before any recorded
   * assignment to them (a row assigned as it was made), its creation.
   */
  private async heldSince(actor: Actor, before: RequestSummary, at: Date): Promise<Date> {
    const assigned = assignedSince(before);
    if (clientTimeVerdict(at, assigned) !== 'early') return assigned;
    const { firstAssigned, firstLeft } = await work.firstHeldBy(this.db, before.id, actor.id);
    if (firstLeft && (!firstAssigned || firstLeft < firstAssigned)) return new Date(before.createdAt);
    return firstAssigned && firstAssigned < assigned ? firstAssigned : assigned;
  }

  /** The approval-history row of an approval, rejection or acknowledgement. */
  private historyRow(
    actor: Actor,
    stage: (before: RequestSummary) => string,
    status: 'APPROVED' | 'REJECTED',
    comments: string | null,
  ) {
    return async (tx: Tx, before: RequestSummary) => {
      await work.insertHistory(tx, {
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
    if (!trimmed) throw invalid('comments', ERR.rejectReasonRequired);
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
          await work.lockRegionAssignments(tx, before.regionId);
          const [tech] = await work.techniciansOfRegion(tx, before.regionId, technicianId ?? undefined);
          if (!tech) {
            // A request that moved on meanwhile answers as such, whatever the technicians.
            const now = await repo.findRow(tx, id);
            if (!now || now.version !== before.version) throw movedOnTo(now, before.status);
            throw technicianId ? invalid('technicianId', ERR.notACandidate) : conflict(ERR.noTechnician);
          }
          return { assignedToId: tech.id, assignedAt: new Date() };
        },
        after: async (tx, _before, after) => {
          if (after.assignedToId) await work.markAssigned(tx, after.assignedToId, after.assignedAt ?? new Date());
        },
        event: 'assigned',
        moment: 'assigned',
        auditAction: technicianId ? 'request.assign' : 'request.auto_assign',
        details: (before, after) => ({ technicianId: after.assignedToId, previousTechnicianId: before.assignedToId }),
      },
      ip,
    );
  }

  /**
   * `clientTime`: when the technician started, by their phone (ADR 027); absent, the server's time.
   * It must lie between the job's assignment to them and now (each less or plus the clock-skew
   * allowance), else 400 with a message (issue 31 item 3).
   */
  start(actor: Actor, id: string, ip: string, clientTime?: string) {
    const at = clientTime === undefined ? null : new Date(clientTime);
    return queued(this.db, actor, id, 'start', clientTime, ip, () =>
      this.transition(
        actor,
        id,
        {
          action: 'start',
          changes: () => ({}),
          check: async (before) => {
            if (at) assertClientTime(at, await this.heldSince(actor, before, at), ERR.clientTimeBeforeAssignment);
          },
          after: async (tx, before) => work.openWorkLog(tx, before.id, actor.id, at),
          auditAction: 'request.start_work',
          details: () => (clientTime ? { clientTime } : {}),
        },
        ip,
      ),
    );
  }

  /**
   * The technician's stop. `visit`: the stop body's fields beyond the spec's (the parts of the
   * features acting at a visit, contracts/visit.ts), already validated by the route; each
   * subscriber of the visit takes its own part. A subscriber that throws rolls the completion back.
   */
  complete(
    actor: Actor,
    id: string,
    notes: string | null,
    ip: string,
    visit: Record<string, unknown> = {},
    clientTime?: string,
  ) {
    const at = clientTime === undefined ? null : new Date(clientTime);
    // What the visit's subscribers did outside the database (a stored signature), undone should
    // the completion not commit.
    const undo: (() => Promise<void>)[] = [];
    const requestOf = (before: RequestSummary) => ({
      id,
      type: before.type,
      customerId: before.customerId,
      regionId: before.regionId,
    });
    return queued(this.db, actor, id, 'complete', clientTime, ip, () =>
      this.transition(
        actor,
        id,
        {
          action: 'complete',
          changes: () => ({}),
          check: async (before) => {
            assertClientTime(at, null, ERR.clientTimeBeforeStart);
            // Before the transaction: what must stand even if it rolls back (a code's try, ADR 047).
            await this.visits.check({ request: requestOf(before), technician: actor, ip }, visit);
          },
          rolledBack: async () => {
            for (const u of undo.splice(0)) await u().catch(() => undefined);
          },
          after: async (tx, before, after) => {
            const startedAt = await work.openWorkLogStart(tx, before.id);
            // Not before the start (less the allowance; within it the end is kept at the start),
            // or the assignment when no work log is open: else 400, the completion rolled back.
            assertClientTime(at, startedAt ?? assignedSince(before), ERR.clientTimeBeforeStart);
            // As the work log ends: the phone's time (ADR 027), else the server's, never before
            // the start.
            const end = at ?? new Date();
            const completed: VisitCompleted = {
              request: { ...requestOf(before), unitId: after.unitId },
              technician: actor,
              startedAt,
              completedAt: startedAt && startedAt > end ? startedAt : end,
              ip,
              onRollback: (u) => undo.push(u),
            };
            const outcome = await this.visits.publish(tx, completed, visit);
            if (outcome.unitId && outcome.unitId !== after.unitId) await repo.setUnit(tx, id, outcome.unitId);
            const closed = await work.closeWorkLog(tx, before.id, notes, at);
            // Start always opens a log; should an older request lack one, keep the notes with a
            // log that spans the time it has been in progress.
            if (closed === 0) {
              await work.insertClosedWorkLog(tx, {
                requestId: before.id,
                technicianId: actor.id,
                startTime: new Date(before.updatedAt),
                endTime: at,
                notes,
              });
            }
          },
          event: 'workCompleted',
          moment: 'completed',
          reason: notes,
          auditAction: 'request.complete_work',
          details: () => (clientTime ? { clientTime } : {}),
        },
        ip,
      ),
    );
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
