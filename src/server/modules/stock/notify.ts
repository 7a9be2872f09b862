/**
 * Who the stock tells what (issue 37, ADR 049), through the notifications module's API, in the
 * caller's transaction: a part request its store's keepers (the region's Service Managers and
 * Team Leads), an issue to a van its technician, a store's low stock its Service Managers (else
 * the Service Admins). Texts are the `notification` section's keys of the server catalogues.
 */
import type { Tx } from '#server/db/client.ts';
import { notifyUsers, peopleOfRoles } from '#server/modules/notifications/events.service.ts';
import { ROLE } from '#shared/domain/roles.ts';

/** "CART-01 × 2, MEM-75 × 1". */
export function partsText(lines: readonly { sku: string; quantity: number }[]): string {
  return lines.map((l) => `${l.sku} × ${l.quantity}`).join(', ');
}

export async function tellPartRequest(
  tx: Tx,
  input: { actorId: string; technician: string; store: { name: string; regionId: string | null }; parts: string },
): Promise<string[]> {
  const keepers = await peopleOfRoles(tx, [ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD], input.store.regionId);
  return notifyUsers(tx, {
    userIds: keepers,
    actorId: input.actorId,
    event: 'partRequested',
    key: 'notification.partRequested',
    params: { technician: input.technician, store: input.store.name, parts: input.parts },
  });
}

export function tellIssued(
  tx: Tx,
  input: { actorId: string; technicianId: string; from: string; parts: string },
): Promise<string[]> {
  return notifyUsers(tx, {
    userIds: [input.technicianId],
    actorId: input.actorId,
    event: 'partsIssued',
    key: 'notification.partsIssued',
    params: { store: input.from, parts: input.parts },
  });
}

/** A store's part at or below its level: its Service Managers, else the Service Admins. */
export async function tellLowStock(
  tx: Tx,
  input: { store: string; regionId: string | null; sku: string; part: string; onHand: number; level: number },
): Promise<string[]> {
  let to = await peopleOfRoles(tx, [ROLE.SERVICE_MANAGER], input.regionId);
  if (to.length === 0) to = await peopleOfRoles(tx, [ROLE.SERVICE_ADMIN], null);
  return notifyUsers(tx, {
    userIds: to,
    actorId: null,
    event: 'lowStock',
    key: 'notification.lowStock',
    params: {
      store: input.store,
      sku: input.sku,
      part: input.part,
      onHand: String(input.onHand),
      level: String(input.level),
    },
  });
}
