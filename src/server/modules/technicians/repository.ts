/** SQL of the technician's location capture: the customer, the caller's open work there, the save. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';

export async function findCustomerRegion(db: Tx, customerId: string) {
  const [row] = await db
    .select({ id: customers.id, regionId: customers.regionId })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row;
}

/** One of the customer's requests assigned to this technician in one of these statuses, if any. */
export async function openWorkOf(db: Tx, customerId: string, technicianId: string, statuses: readonly RequestStatus[]) {
  return db
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
        eq(serviceRequests.assignedToId, technicianId),
        inArray(serviceRequests.status, [...statuses]),
      ),
    )
    .limit(1);
}

export async function saveLocation(
  db: Tx,
  customerId: string,
  at: { latitude: number; longitude: number; accuracy: number | null },
) {
  const [saved] = await db
    .update(customers)
    .set({ latitude: at.latitude, longitude: at.longitude, locationAccuracy: at.accuracy, updatedAt: new Date() })
    .where(eq(customers.id, customerId))
    .returning({
      id: customers.id,
      name: customers.name,
      latitude: customers.latitude,
      longitude: customers.longitude,
      accuracy: customers.locationAccuracy,
    });
  return saved;
}
