/**
 * Saving a customer's coordinates. Allowed to the technician assigned to one of that customer's
 * requests while the work is open (the workflow table's captureLocation), and to the roles that
 * manage customers, within their scope.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { forbidden, notFound } from '#server/lib/errors.ts';
import type { LocationInput } from '#shared/contracts/customers.ts';
import type { CustomerLocation } from '#shared/contracts/service-requests.ts';
import { hasCapability, regionalScopeOf } from '#shared/domain/permissions.ts';
import { canAct, TRANSITIONS } from '#shared/domain/workflow.ts';

export async function updateCustomerLocation(
  db: Db,
  actor: Actor,
  customerId: string,
  body: LocationInput,
  ip: string,
): Promise<CustomerLocation> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, regionId: customers.regionId })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1);
    if (!customer) throw notFound('Customer');

    const openWork = await tx
      .select({
        status: serviceRequests.status,
        needsSalesApproval: serviceRequests.needsSalesApproval,
        salesApproved: serviceRequests.salesApproved,
        requestedById: serviceRequests.requestedById,
        assignedToId: serviceRequests.assignedToId,
      })
      .from(serviceRequests)
      .where(
        and(
          eq(serviceRequests.customerId, customerId),
          eq(serviceRequests.assignedToId, actor.id),
          inArray(serviceRequests.status, [...TRANSITIONS.captureLocation.from]),
        ),
      )
      .limit(1);
    const asTechnician = openWork.some((r) => canAct('captureLocation', actor, r));
    if (!asTechnician) {
      const regionLimit = regionFilterOf(actor, regionalScopeOf(actor.policyRole));
      if (regionLimit && customer.regionId !== regionLimit) throw notFound('Customer');
      if (!hasCapability(actor.policyRole, 'customerManage')) {
        throw forbidden("Only the technician working on this customer's request can save the location");
      }
    }

    const accuracy = body.accuracy == null ? null : Math.round(Number(body.accuracy));
    const [saved] = await tx
      .update(customers)
      .set({ latitude: body.latitude, longitude: body.longitude, locationAccuracy: accuracy, updatedAt: new Date() })
      .where(eq(customers.id, customerId))
      .returning({
        id: customers.id,
        name: customers.name,
        latitude: customers.latitude,
        longitude: customers.longitude,
        accuracy: customers.locationAccuracy,
      });
    await audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'customer.update_location',
      entityType: 'customer',
      entityId: customerId,
      ip,
      details: { latitude: body.latitude, longitude: body.longitude, accuracy },
    });
    return saved as CustomerLocation;
  });
}
