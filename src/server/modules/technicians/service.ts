/**
 * The technicians module's service: the technician's own screens (read through RequestQueries,
 * the service-requests read model) and saving a customer's coordinates. A save is allowed to the
 * technician assigned to one of that customer's requests while the work is open (the workflow
 * table's captureLocation), and to the roles that manage customers, within their scope. Its SQL
 * is in repository.ts.
 */
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { actionTime, type ReleaseRefusal } from '#server/lib/client-time.ts';
import { forbidden, notFound } from '#server/lib/errors.ts';
import type { Window } from '#server/lib/paging.ts';
import type { RequestQueries } from '#server/modules/service-requests/queries.ts';
import type { RequestService } from '#server/modules/service-requests/service.ts';
import type { LocationInput } from '#shared/contracts/customers.ts';
import type { CustomerLocation, RequestDetails, RequestSummary } from '#shared/contracts/service-requests.ts';
import type { TechnicianStats } from '#shared/contracts/technicians.ts';
import { hasCapability, regionalScopeOf } from '#shared/domain/permissions.ts';
import { canAct, TRANSITIONS } from '#shared/domain/workflow.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

export class TechnicianService {
  constructor(
    private readonly db: Db,
    private readonly queries: RequestQueries,
    /** The offline queue's refusals (a queued location save whose task moved on). */
    private readonly requests: RequestService,
  ) {}

  /** My Tasks: the technician's open work and what awaits acknowledgement, with its total. */
  myTasks(actor: Actor): Promise<{ items: RequestSummary[]; total: number }> {
    return this.queries.myTasks(actor);
  }

  /** Everything ever assigned to the technician, newest first, a page (or the capped window). */
  taskHistory(actor: Actor, window: Window): Promise<{ items: RequestSummary[]; total: number }> {
    return this.queries.taskHistory(actor, window);
  }

  /** One task assigned to the technician, or 404. */
  task(actor: Actor, id: string): Promise<RequestDetails> {
    return this.queries.task(actor, id);
  }

  stats(actor: Actor): Promise<TechnicianStats> {
    return this.queries.technicianStats(actor);
  }

  /**
   * PUT /customers/update-location/{id}. A queued save (ADR 027, it names its task) refused
   * because its task moved on: a 409 that says so, the office told.
   */
  updateLocation(actor: Actor, customerId: string, body: LocationInput, ip: string): Promise<CustomerLocation> {
    const save = () => updateCustomerLocation(this.db, actor, customerId, body, ip);
    const { requestId, clientTime } = body;
    if (requestId === undefined) return save();
    return this.requests.queued(actor, requestId, 'captureLocation', clientTime, ip, save, customerId);
  }

  /** One refusal of the user's per-minute budget for a queued save (as for start and stop); 429 when spent. */
  reserveQueuedRefusal(actor: Actor, ip: string): Promise<ReleaseRefusal> {
    return this.requests.reserveQueuedRefusal(actor, ip);
  }
}

async function updateCustomerLocation(
  db: Db,
  actor: Actor,
  customerId: string,
  body: LocationInput,
  ip: string,
): Promise<CustomerLocation> {
  return db.transaction(async (tx) => {
    const customer = await repo.findCustomerRegion(tx, customerId);
    if (!customer) throw notFound(ERR.customerNotFound);

    const openWork = await repo.openWorkOf(tx, customerId, actor.id, TRANSITIONS.captureLocation.from);
    const asTechnician = openWork.some((r) => canAct('captureLocation', actor, r));
    if (!asTechnician) {
      const regionLimit = regionFilterOf(actor, regionalScopeOf(actor.policyRole));
      if (regionLimit && customer.regionId !== regionLimit) throw notFound(ERR.customerNotFound);
      if (!hasCapability(actor.policyRole, 'customerManage')) {
        throw forbidden(ERR.locationNotYours);
      }
    }

    const accuracy = body.accuracy == null ? null : Math.round(Number(body.accuracy));
    const saved = await repo.saveLocation(tx, customerId, {
      latitude: body.latitude,
      longitude: body.longitude,
      accuracy,
    });
    await audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'customer.update_location',
      entityType: 'customer',
      entityId: customerId,
      ip,
      details: {
        latitude: body.latitude,
        longitude: body.longitude,
        accuracy,
        // When the technician captured it, by the phone (ADR 027), if it is plausible.
        ...(body.clientTime ? { clientTime: actionTime(body.clientTime).toISOString() } : {}),
      },
    });
    return saved as CustomerLocation;
  });
}
