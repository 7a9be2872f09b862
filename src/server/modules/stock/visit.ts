/**
 * Stock at a completed visit (issue 37 item 3, ADR 049): the stock module's subscriber to
 * `VisitCompleted`. Its part of the stop body is `parts: [{ partId, quantity }]` (catalogue parts
 * fitted); with the unit's replaced parts that point at the catalogue (recorded by the units
 * subscriber, which runs first), they are CONSUMEd from the completing technician's van in the
 * completion's transaction. Never refused for stock: the part is already fitted, so the van may
 * go below zero, and then the Service Managers of its region (else the Service Admins) are told
 * to correct it. Each part is covered (an ACTIVE contract with parts included on the completion's
 * date) or chargeable at the catalogue's sale price of that moment.
 */
import type { Tx } from '#server/db/client.ts';
import { invalid } from '#server/lib/errors.ts';
import type { VisitCompleted, VisitSubscriber } from '#server/lib/visit-events.ts';
import { stockVisitPart } from '#shared/contracts/stock.ts';
import { todayIn } from '#shared/domain/maintenance.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { notifyRegionRoles } from '../notifications/events.service.ts';
import { type BalanceAfter, moveStock } from './ledger.service.ts';
import * as repo from './visit.repository.ts';

export function stockVisitSubscriber(timeZone: string): VisitSubscriber<typeof stockVisitPart> {
  return {
    name: 'stock',
    part: stockVisitPart,
    async onCompleted(tx, visit, part) {
      await takeFromVan(tx, visit, part.parts ?? [], timeZone);
      return undefined;
    },
  };
}

async function takeFromVan(
  tx: Tx,
  visit: VisitCompleted,
  picked: readonly { partId: string; quantity: number }[],
  timeZone: string,
): Promise<void> {
  const replaced = await repo.replacedInThisVisit(tx, visit.request.id);
  if (picked.length === 0 && replaced.length === 0) return;
  const catalogue = new Map(
    (await repo.catalogueParts(tx, [...picked.map((p) => p.partId), ...replaced.map((r) => r.stockPartId)])).map(
      (p) => [p.id, p],
    ),
  );
  const unknown = picked.find((p) => !catalogue.has(p.partId));
  if (unknown) throw invalid('parts', ERR.partNotFound);
  const van = await repo.vanOf(tx, visit.technician.id);
  const unitId = visit.request.unitId;
  const covered = unitId ? await repo.partsCovered(tx, unitId, todayIn(timeZone, visit.completedAt)) : false;
  const price = (id: string) => (catalogue.get(id) as { pricePaise: number }).pricePaise;

  await repo.markReplaced(
    tx,
    replaced.map((r) => ({ ...r, locationId: van?.id ?? null, covered, pricePaise: price(r.stockPartId) })),
  );
  await repo.insertUsed(
    tx,
    picked.map((p) => ({
      requestId: visit.request.id,
      unitId,
      partId: null,
      stockPartId: p.partId,
      name: (catalogue.get(p.partId) as { name: string }).name,
      quantity: p.quantity,
      locationId: van?.id ?? null,
      covered,
      pricePaise: price(p.partId),
    })),
  );
  if (!van) return;
  const used = [
    ...picked.map((p) => ({ partId: p.partId, quantity: p.quantity })),
    ...replaced.map((r) => ({ partId: r.stockPartId, quantity: r.quantity })),
  ];
  const after = await moveStock(
    tx,
    used.map((u) => ({
      locationId: van.id,
      partId: u.partId,
      kind: 'CONSUME' as const,
      quantity: -u.quantity,
      unitCostPaise: (catalogue.get(u.partId) as { costPaise: number }).costPaise,
      requestId: visit.request.id,
      actorId: visit.technician.id,
    })),
    { allowNegative: true },
  );
  const negative = after.filter((b) => b.after < 0 && b.after < b.before);
  if (negative.length) await tellVanNegative(tx, visit, van, negative);
}

/** The van went below zero: its region's Service Managers (else the Service Admins) correct it. */
async function tellVanNegative(
  tx: Tx,
  visit: VisitCompleted,
  van: repo.VanRow,
  negative: readonly BalanceAfter[],
): Promise<void> {
  const params = {
    van: van.name,
    technician: visit.technician.name,
    parts: negative.map((b) => `${b.sku} (${b.after})`).join(', '),
  };
  const base = {
    actorId: visit.technician.id,
    requestId: visit.request.id,
    event: 'vanNegative',
    key: 'notification.vanNegative',
    params,
  };
  const told = van.regionId
    ? await notifyRegionRoles(tx, { ...base, roles: [ROLE.SERVICE_MANAGER], regionId: van.regionId })
    : [];
  if (told.length === 0) {
    await notifyRegionRoles(tx, { ...base, roles: [ROLE.SERVICE_ADMIN], regionId: visit.request.regionId });
  }
}
