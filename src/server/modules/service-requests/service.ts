/**
 * Service-request use-cases: scope and permission checks, then one transaction per change.
 * RequestService is the module's one way in for the routes and for other modules: the reads,
 * create and edit (here), the transitions (workflow.ts), the offline queue's refusals
 * (queued.ts), the photos' rows (the uploads module stores the files) and the requests the
 * system raises (system.ts).
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import type { ReleaseRefusal } from '#server/lib/client-time.ts';
import { forbidden, invalid, notFound } from '#server/lib/errors.ts';
import type { ExportTable } from '#server/lib/export/columns.ts';
import type { TransitionCounter } from '#server/lib/metrics.ts';
import { cappedWindow, SORT_MATCHES_UP_TO, type Window } from '#server/lib/paging.ts';
import { RequestEvents } from '#server/lib/request-events.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import type { VisitEvents } from '#server/lib/visit-events.ts';
import { notifyWorkflowEvent } from '#server/modules/notifications/events.service.ts';
import type { UnitService } from '#server/modules/units/service.ts';
import type {
  CreateRequestBody,
  RequestDetails,
  RequestSummary,
  TechnicianCandidate,
  UpdateRequestBody,
  WorkMediaItem,
} from '#shared/contracts/service-requests.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import {
  factsOf,
  needsSalesApprovalFor,
  type RequestType,
  roleMayAct,
  startsSalesApproved,
} from '#shared/domain/workflow.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as details from './details.repository.ts';
import { type ListQuery, listFilterOf, requestExport } from './export.ts';
import { sumCells, toDetails, toMediaItem, toSummary } from './mapper.ts';
import { type QueuedAction, queued, reserveRefusal } from './queued.ts';
import * as repo from './repository.ts';
import { actorFacts, assertMayAct, movedOnNow, REFUSED, SALES_APPROVAL_RESET, searchTextOf } from './rules.ts';
import { holdsAllRaisedBy, raisedBy, scopeFor } from './scope.ts';
import { raiseManyInTransaction, type SystemRaiser, type SystemRequest } from './system.ts';
import { insertHistory, techniciansOfRegion } from './workflow.repository.ts';
import { RequestWorkflow } from './workflow.ts';

export { QUEUED_MOVED_ON, QUEUED_REASSIGNED, QUEUED_REFUSALS_PER_MINUTE, TOO_MANY_REFUSALS } from './queued.ts';
export {
  ALREADY_SALES_APPROVED,
  assertMayAct,
  movedOn,
  NEEDS_SALES_APPROVAL,
  NO_TECHNICIAN,
  NOT_A_CANDIDATE,
  SALES_APPROVAL_RESET,
  SELF_APPROVAL,
  searchTextOf,
} from './rules.ts';

import type { StoredMedia } from './details.repository.ts';

export type { SystemRaiser, SystemRequest } from './system.ts';
export type { StoredMedia };

export class RequestService {
  private readonly workflow: RequestWorkflow;

  constructor(
    private readonly db: Db,
    /** Signs the photo URLs of an answer. */
    private readonly tokens: TokenService,
    /** `app.deps.metrics`: each committed transition is counted. */
    metrics: TransitionCounter,
    /** The installed base (issue 21): a request's unit must be its customer's. */
    private readonly units: UnitService,
    /** A completed visit is published here, inside the completion's transaction (ADR 029). */
    visits: VisitEvents,
    /** A request registered, assigned, completed: published inside its transaction (ADR 046). */
    private readonly events: RequestEvents = new RequestEvents(),
  ) {
    this.workflow = new RequestWorkflow(db, this, visits, metrics, events);
  }

  // ---------------------------------------------------------------- reads

  async list(
    actor: Actor,
    q: ListQuery & { page?: number; pageSize?: number },
  ): Promise<{ items: RequestSummary[]; total: number; window: Window }> {
    // The filter the export reads too (export.ts): scope, status, search, ticket, `mine` (ADR 020).
    const { scope, status, search, ticket, mineOf, noProof } = listFilterOf(actor, q);
    // Without paging: the newest UNPAGED_CAP (ADR 017).
    const window = cappedWindow(q);
    const page = { limit: window.limit, offset: window.offset };
    if (mineOf && !search && !noProof && holdsAllRaisedBy(scope, mineOf)) {
      // One's own requests within a scope that holds all of them: the requester's counters answer
      // the total in O(1) (issue 39: counting 40,000 of them took 30 ms at size L).
      const rows = await repo.listRequests(this.db, { scope, status, mineOf, ...page });
      const total = sumCells(await repo.readCounters(this.db, raisedBy(mineOf)), status);
      return { items: rows.map(toSummary), total, window };
    }
    if (search || mineOf || noProof) {
      // The count first: it tells the list which plan is cheap (SORT_MATCHES_UP_TO). With a search,
      // or `mine` within a region (which may not hold all the actor raised), the counters cannot
      // answer, so it is counted (one user's requests: the requested_by index).
      const filter = { scope, status, search, ticket, mineOf, noProof };
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

  /** Every request the list would show for `q`, all pages, as a download (ADR 037). */
  exportList(actor: Actor, q: ListQuery): ExportTable<repo.SummaryRow> {
    return requestExport(this.db, actor, q);
  }

  /** A request the actor may read, or 404 (the same answer as one that does not exist). */
  async summary(actor: Actor, id: string): Promise<RequestSummary> {
    const found = await repo.findSummary(this.db, id, scopeFor(actor));
    if (!found) throw notFound(ERR.requestNotFound);
    return toSummary(found);
  }

  /** A request the actor may read with its work logs, history and photos: one statement. */
  async details(actor: Actor, id: string): Promise<RequestDetails> {
    const found = await details.findDetails(this.db, id, scopeFor(actor));
    if (!found) throw notFound(ERR.requestNotFound);
    return toDetails(this.tokens, found, this.units.publicBase);
  }

  /** Active technicians of the request's region with their open tasks (the assign dialog). */
  async candidates(actor: Actor, id: string): Promise<TechnicianCandidate[]> {
    const req = await this.summary(actor, id);
    if (!roleMayAct('assign', actorFacts(actor))) throw forbidden(REFUSED.assign);
    const rows = await techniciansOfRegion(this.db, req.regionId);
    return rows.map(({ id: techId, name, email, openTasks }) => ({ id: techId, name, email, openTasks }));
  }

  // ---------------------------------------------------------------- create and edit

  /** The customer must exist, be in the chosen region and be one the actor can see. */
  private async checkCustomer(tx: Tx, actor: Actor, customerId: string, regionId: string) {
    if (!(await repo.regionExists(tx, regionId))) throw invalid('regionId', ERR.regionNotFound);
    const customer = await repo.findCustomer(tx, customerId);
    const regionLimit = regionFilterOf(actor, regionalScopeOf(actor.policyRole));
    if (!customer || (regionLimit && customer.regionId !== regionLimit)) {
      throw invalid('customerId', ERR.customerNotFound);
    }
    if (customer.regionId !== regionId) {
      throw invalid('customerId', ERR.customerNotInRegion);
    }
    return customer;
  }

  async create(actor: Actor, body: CreateRequestBody & { type: RequestType }, ip: string): Promise<RequestDetails> {
    const id = await this.db.transaction(async (tx) => {
      const customer = await this.checkCustomer(tx, actor, body.customerId, body.regionId);
      if (body.unitId) await this.units.assertUnitOfCustomer(tx, body.unitId, customer.id);
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
      await this.events.publish(tx, { moment: 'registered', requestIds: [row.id] });
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
      if (body.unitId) await this.units.assertUnitOfCustomer(tx, body.unitId, customer.id);
      const unitId = body.unitId !== undefined ? body.unitId : customer.id !== before.customerId ? null : undefined;
      // An auto-raised job's facts (ADR 035) stay only while they still say what the request is:
      // a person's new text, customer or unit replaces them (the screens then show the text).
      const jobStays =
        description === before.description &&
        customer.id === before.customerId &&
        (unitId === undefined || unitId === before.job?.unitId);
      const changes: repo.RequestChanges = {
        type,
        description,
        customerId: customer.id,
        regionId,
        searchText: searchTextOf(customer.name, description),
        ...(unitId !== undefined ? { unitId } : {}),
        ...(before.job && !jobStays ? { job: null } : {}),
        ...(resetSales ? { salesApproved: false, approvedById: null } : {}),
      };
      const after = await repo.guardedUpdate(tx, id, before, changes);
      if (!after) throw await movedOnNow(tx, id, before.status);
      if (resetSales) {
        await insertHistory(tx, {
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

  // ---------------------------------------------------------------- transitions (workflow.ts)

  salesApprove(actor: Actor, id: string, comments: string | null, ip: string): Promise<RequestDetails> {
    return this.workflow.salesApprove(actor, id, comments, ip);
  }

  serviceApprove(actor: Actor, id: string, comments: string | null, ip: string): Promise<RequestDetails> {
    return this.workflow.serviceApprove(actor, id, comments, ip);
  }

  reject(actor: Actor, id: string, reason: string, ip: string): Promise<RequestDetails> {
    return this.workflow.reject(actor, id, reason, ip);
  }

  /** Manual (a chosen technician) or automatic (the least-loaded technician of the region). */
  assign(actor: Actor, id: string, technicianId: string | null, ip: string): Promise<RequestDetails> {
    return this.workflow.assign(actor, id, technicianId, ip);
  }

  /** `clientTime`: when the technician started, by their phone (ADR 027); absent, the server's time. */
  start(actor: Actor, id: string, ip: string, clientTime?: string): Promise<RequestDetails> {
    return this.workflow.start(actor, id, ip, clientTime);
  }

  /**
   * The technician's stop; publishes the completed visit. `visit`: the validated stop body's
   * fields beyond the spec's (contracts/visit.ts), each subscriber's part among them.
   */
  complete(
    actor: Actor,
    id: string,
    notes: string | null,
    ip: string,
    visit: Record<string, unknown> = {},
    clientTime?: string,
  ): Promise<RequestDetails> {
    return this.workflow.complete(actor, id, notes, ip, visit, clientTime);
  }

  acknowledge(actor: Actor, id: string, comments: string | null, ip: string): Promise<RequestDetails> {
    return this.workflow.acknowledge(actor, id, comments, ip);
  }

  /**
   * A technician's write sent by the offline queue (queued.ts): refused because the request moved
   * on, it answers a 409 that says so and the office is told.
   */
  queued<T>(
    actor: Actor,
    id: string,
    action: QueuedAction,
    clientTime: string | undefined,
    ip: string,
    run: () => Promise<T>,
    /** The customer the write was about (the location save): the request must be theirs. */
    customerId?: string,
  ): Promise<T> {
    return queued(this.db, actor, id, action, clientTime, ip, run, customerId);
  }

  /** One refusal of the user's per-minute budget for a queued write (queued.ts); 429 when spent. */
  reserveQueuedRefusal(actor: Actor, ip: string): Promise<ReleaseRefusal> {
    return reserveRefusal(this.db, actor, ip);
  }

  // ---------------------------------------------------------------- photos (the uploads module)

  /** May this actor add a photo to this request now? 404 out of scope, 403 not theirs, 409 wrong status. */
  async assertMayUpload(actor: Actor, id: string): Promise<void> {
    const req = await this.summary(actor, id);
    assertMayAct('uploadMedia', actor, req);
  }

  /**
   * A photo's row and its audit row, once both of its files are stored, in one transaction that
   * holds the request still and checks again under the lock. Returns the photo's id.
   */
  async addMedia(actor: Actor, requestId: string, media: StoredMedia, ip: string, clientTime?: string) {
    return this.db.transaction(async (tx) => {
      const locked = await repo.lockRow(tx, requestId);
      if (!locked) throw notFound(ERR.requestNotFound);
      assertMayAct('uploadMedia', actor, locked);
      const mediaId = await details.insertMedia(tx, { requestId, uploadedById: actor.id, ...media });
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'request.upload_media',
        entityType: 'work_media',
        entityId: mediaId,
        ip,
        details: {
          requestId,
          mimeType: media.mimeType,
          sizeBytes: media.sizeBytes,
          kind: media.kind,
          ...(clientTime ? { clientTime, takenAt: media.takenAt?.toISOString() ?? null } : {}),
        },
      });
      return mediaId;
    });
  }

  /** One photo as the API describes it (the answer of an upload). */
  async mediaItem(id: string): Promise<WorkMediaItem> {
    const row = await details.findMedia(this.db, id);
    return toMediaItem(this.tokens, row as details.MediaRow);
  }

  // ---------------------------------------------------------------- raised by the system (system.ts)

  /** Requests raised by the system (the maintenance run's due jobs), many in the caller's transaction. */
  async raiseManyInTransaction(
    tx: Tx,
    by: SystemRaiser,
    items: SystemRequest[],
    approved: boolean,
  ): Promise<repo.RequestRow[]> {
    const rows = await raiseManyInTransaction(tx, by, items, approved);
    await this.events.publish(tx, { moment: 'registered', requestIds: rows.map((r) => r.id) });
    return rows;
  }
}
