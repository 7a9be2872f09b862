/**
 * The installed base at a completed visit (issue 30, ADR 029): the units module's subscriber to
 * `VisitCompleted`. Its part of the stop body is `unitsVisitPart` (the unit, the parts replaced,
 * spare parts, an installed unit); acting on it is `recordVisit`, in the completion's
 * transaction. When the visit installed or named a unit other than the request's, the outcome
 * says so and the publisher links the request to it.
 */
import type { Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, invalid, isUniqueViolation } from '#server/lib/errors.ts';
import type { VisitSubscriber } from '#server/lib/visit-events.ts';
import { type CompletionExtras, unitsVisitPart } from '#shared/contracts/units.ts';
import { daysBetween, nextAmcVisit, nextDueOn } from '#shared/domain/maintenance.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';
import type { UnitService } from './service.ts';

export function unitsVisitSubscriber(units: UnitService): VisitSubscriber<typeof unitsVisitPart> {
  return {
    name: 'units',
    part: unitsVisitPart,
    async onCompleted(tx, visit, part) {
      const done = await recordVisit(units, tx, visit.technician, visit.request, part, visit.ip);
      return done.unitId && done.unitId !== visit.request.unitId ? { unitId: done.unitId } : undefined;
    },
  };
}

/**
 * What a completed visit did to the installed base, in the completion's transaction: the
 * replaced parts restart their interval at the completion date, the spare parts are recorded,
 * a due AMC visit counts as done, and an INSTALLATION can install the unit. Answers the unit
 * the visit was about (null when none).
 */
export async function recordVisit(
  units: UnitService,
  tx: Tx,
  actor: Actor,
  request: { id: string; type: string; customerId: string; unitId: string | null },
  extras: CompletionExtras,
  ip: string,
): Promise<{ unitId: string | null }> {
  const today = units.today();
  let unitId = extras.unitId ?? request.unitId;
  if (extras.installedUnit) {
    if (request.type !== 'INSTALLATION') throw invalid('installedUnit', ERR.installNeedsInstallation);
    const serialNumber = extras.installedUnit.serialNumber.trim();
    // A serial number a unit out of the technician's reach holds: the words that tell nothing of
    // it (ADR 031). The completion rolls back whole, so nothing is kept of the attempt.
    if (await units.hiddenHolder(tx, actor, serialNumber)) throw conflict(ERR.serialHeld);
    try {
      unitId = await units.installInTx(
        tx,
        actor,
        {
          customerId: request.customerId,
          productId: extras.installedUnit.productId,
          serialNumber,
          installedOn: today,
          locationNote: extras.installedUnit.locationNote?.trim() || null,
          installedById: actor.id,
        },
        ip,
      );
    } catch (err) {
      if (isUniqueViolation(err, 'units_serial_active_uq')) throw conflict(ERR.serialHeld);
      throw err;
    }
  }
  const parts = extras.partsReplaced ?? [];
  if (!unitId) {
    if (parts.length) throw invalid('partsReplaced', ERR.partsNeedUnit);
    if (extras.spareParts?.length)
      await repo.insertWorkParts(
        tx,
        extras.spareParts.map((s) => ({
          requestId: request.id,
          unitId: null,
          partId: null,
          name: s.name,
          quantity: s.quantity,
        })),
      );
    return { unitId: null };
  }
  const unit = await repo.findUnit(tx, unitId);
  if (!unit || unit.customerId !== request.customerId) throw invalid('unitId', ERR.unitNotOfCustomer);
  const schedule = await repo.scheduleOf(tx, [unitId]);
  const replaced: repo.ScheduleJoined[] = [];
  for (const partId of new Set(parts)) {
    const row = schedule.find((s) => s.partId === partId);
    if (!row || row.intervalMonths == null) throw invalid('partsReplaced', ERR.partNotOfUnit);
    replaced.push(row);
  }
  for (const row of replaced) {
    await repo.setScheduleRow(tx, row.id, {
      lastChangedOn: today,
      nextDueOn: nextDueOn(today, row.intervalMonths as number),
    });
  }
  // A SERVICE visit while an AMC visit is due (or close: within 30 days) counts as that visit.
  if (request.type === 'SERVICE') {
    for (const row of schedule.filter((s) => s.contractId && s.nextDueOn && daysBetween(today, s.nextDueOn) <= 30)) {
      const c = await repo.findContract(tx, row.contractId as string);
      if (!c) continue;
      const done = row.visitsDone + 1;
      await repo.setScheduleRow(tx, row.id, {
        lastChangedOn: today,
        visitsDone: done,
        nextDueOn: nextAmcVisit(c.startsOn, c.endsOn, c.visitsPerYear, done),
      });
    }
  }
  await repo.insertWorkParts(tx, [
    ...replaced.map((r) => ({
      requestId: request.id,
      unitId,
      partId: r.partId,
      name: r.partName ?? '',
      quantity: 1,
    })),
    ...(extras.spareParts ?? []).map((s) => ({
      requestId: request.id,
      unitId,
      partId: null,
      name: s.name,
      quantity: s.quantity,
    })),
  ]);
  await repo.refreshUnitDue(tx, unitId);
  if (replaced.length || extras.spareParts?.length) {
    await audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'unit.service',
      entityType: 'unit',
      entityId: unitId,
      ip,
      details: {
        requestId: request.id,
        partsReplaced: replaced.map((r) => r.partId),
        spareParts: extras.spareParts?.length ?? 0,
      },
    });
  }
  return { unitId };
}
