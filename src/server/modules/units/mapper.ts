/** Installed units: rows → API shapes (a unit with its schedule, its details with its history). */

import { answerFacts } from '#shared/contracts/job.ts';
import type { ScheduleRow, UnitDetails, UnitItem } from '#shared/contracts/units.ts';
import { dueState, warrantyEndsOn } from '#shared/domain/maintenance.ts';
import { publicPath } from '#shared/domain/public-unit.ts';
import type * as historyRepo from './history.repository.ts';
import type * as repo from './repository.ts';

function toScheduleRow(s: repo.ScheduleJoined, today: string): ScheduleRow {
  return {
    id: s.id,
    partId: s.partId,
    contractId: s.contractId,
    name: s.partName ?? 'AMC visit',
    intervalMonths: s.intervalMonths,
    lastChangedOn: s.lastChangedOn,
    nextDueOn: s.nextDueOn,
    state: dueState(s.nextDueOn, today),
  };
}

/**
 * `publicBase`: PUBLIC_URL (the unit's page is `PUBLIC_URL/s/<code>`), or null without one; the
 * code goes out either way (the unit page can open `/s/<code>` where it is).
 */
export function toUnitItem(
  u: repo.UnitRow,
  schedule: repo.ScheduleJoined[],
  today: string,
  publicBase: string | null,
): UnitItem {
  return {
    id: u.id,
    customerId: u.customerId,
    customer: {
      id: u.customerId,
      name: u.customerName,
      primaryPhone: u.customerPhone,
      regionId: u.regionId,
      regionName: u.regionName,
    },
    productId: u.productId,
    product: { id: u.productId, name: u.productName, brand: u.productBrand, technology: u.technology },
    serialNumber: u.serialNumber,
    installedOn: u.installedOn,
    locationNote: u.locationNote,
    status: u.status,
    warrantyEndsOn: warrantyEndsOn(u.installedOn, u.warrantyMonths),
    nextDueOn: u.status === 'ACTIVE' ? u.nextDueOn : null,
    state: u.status === 'ACTIVE' ? dueState(u.nextDueOn, today) : 'OK',
    schedule: schedule.map((s) => toScheduleRow(s, today)),
    createdAt: u.createdAt.toISOString(),
    publicCode: u.publicCode,
    publicUrl: publicBase ? `${publicBase}${publicPath(u.publicCode)}` : null,
  };
}

/** A unit with its open request and its requests (those its reader may read), newest first, with their parts. */
export function toUnitDetails(
  u: repo.UnitRow,
  schedule: repo.ScheduleJoined[],
  history: Awaited<ReturnType<typeof historyRepo.historyOfUnit>>,
  openRequestId: string | null,
  today: string,
  publicBase: string | null,
): UnitDetails {
  return {
    ...toUnitItem(u, schedule, today, publicBase),
    openRequestId,
    history: history.rows.map((r) => {
      const parts = history.parts.filter((p) => p.requestId === r.id);
      return {
        id: r.id,
        ticketNo: r.ticketNo ?? null,
        type: r.type,
        status: r.status,
        description: r.description,
        job: answerFacts(r.job).job,
        createdAt: r.createdAt.toISOString(),
        completedAt: r.completedAt?.toISOString() ?? null,
        partsReplaced: parts.filter((p) => p.partId).map((p) => p.name),
        spareParts: parts.filter((p) => !p.partId).map((p) => ({ name: p.name, quantity: p.quantity })),
      };
    }),
  };
}
