/**
 * Saving a customer's coordinates. Allowed to the technician assigned to one of that customer's
 * requests while the work is open (the workflow table's captureLocation), and to the roles that
 * manage customers, within their scope. The service of the technicians module; its SQL is in
 * repository.ts.
 */
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { actionTime } from '#server/lib/client-time.ts';
import { forbidden, notFound } from '#server/lib/errors.ts';
import type { LocationInput } from '#shared/contracts/customers.ts';
import type { CustomerLocation } from '#shared/contracts/service-requests.ts';
import { hasCapability, regionalScopeOf } from '#shared/domain/permissions.ts';
import { canAct, TRANSITIONS } from '#shared/domain/workflow.ts';
import * as repo from './repository.ts';

export async function updateCustomerLocation(
  db: Db,
  actor: Actor,
  customerId: string,
  body: LocationInput,
  ip: string,
): Promise<CustomerLocation> {
  return db.transaction(async (tx) => {
    const customer = await repo.findCustomerRegion(tx, customerId);
    if (!customer) throw notFound('Customer');

    const openWork = await repo.openWorkOf(tx, customerId, actor.id, TRANSITIONS.captureLocation.from);
    const asTechnician = openWork.some((r) => canAct('captureLocation', actor, r));
    if (!asTechnician) {
      const regionLimit = regionFilterOf(actor, regionalScopeOf(actor.policyRole));
      if (regionLimit && customer.regionId !== regionLimit) throw notFound('Customer');
      if (!hasCapability(actor.policyRole, 'customerManage')) {
        throw forbidden("Only the technician working on this customer's request can save the location");
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
