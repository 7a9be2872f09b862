/**
 * Demo water readings (issue 36 item 6): two units with a service visit every four months since their
 * installation (the oldest demo units, about a year and a half), each visit a COMPLETED request
 * with its technician's work log and a reading. The first unit's membrane is failing (rejection
 * 95% → 72%, the last two below 80%: the unit page's chart shows the trend); the second is healthy.
 * Written before the other demo requests, which are all newer, so the tickets stay in order.
 */
import type { Tx } from '#server/db/client.ts';
import { waterReadings } from '#server/db/schema/readings.ts';
import { approvalHistory, serviceRequests, workLogs } from '#server/db/schema/requests.ts';
import { ROLE } from '#shared/domain/roles.ts';

export interface DemoVisitUnit {
  unitId: string;
  installedOn: string;
  customerId: string;
  customerName: string;
  regionId: string;
  requestedById: string;
  approverId: string;
  technicianId: string;
}

const DAY = 86_400_000;
/** A visit every four months. */
const EVERY_DAYS = 120;

/**
 * The visits from the installation to a month ago, each with its reading [TDS in, TDS out, pH]:
 * a failing membrane's rejection falls from 95% to 72% (the last two under 80%), a healthy one
 * stays near 94%.
 */
function visits(
  installedOn: string,
  failing: boolean,
  now: number,
): { at: number; reading: [number, number, number] }[] {
  // 10:00 IST, two days after the installation, then every EVERY_DAYS.
  const first = Date.parse(`${installedOn}T04:30:00Z`) + 2 * DAY;
  const dates: number[] = [];
  for (let at = first; at < now - 30 * DAY; at += EVERY_DAYS * DAY) dates.push(at);
  return dates.map((at, i) => {
    const tdsIn = failing ? 820 + 20 * i : 410 + 10 * (i % 3);
    const last = dates.length - 1;
    const rejection = !failing
      ? 0.94 - 0.005 * (i % 2)
      : i === last
        ? 0.72
        : i === last - 1
          ? 0.78
          : 0.95 - (0.08 * i) / Math.max(1, last - 2);
    return { at, reading: [tdsIn, Math.round(tdsIn * (1 - rejection)), 7 + 0.1 * (i % 4)] };
  });
}

export async function seedDemoReadings(tx: Tx, failing: DemoVisitUnit, healthy: DemoVisitUnit): Promise<void> {
  const now = Date.now();
  // Oldest first across both units, so the tickets follow the order the visits were raised (ADR 020).
  const all = [
    ...visits(failing.installedOn, true, now).map((v) => ({ ...v, u: failing })),
    ...visits(healthy.installedOn, false, now).map((v) => ({ ...v, u: healthy })),
  ].sort((a, b) => a.at - b.at);
  for (const {
    at,
    u,
    reading: [tdsIn, tdsOut, ph],
  } of all) {
    const createdAt = new Date(at - DAY);
    // Raised the day before; the technician arrives at 10:00 IST and takes the reading at 10:20.
    const start = new Date(at);
    const end = new Date(start.getTime() + 75 * 60_000);
    const description = 'Service visit: filters cleaned and TDS checked';
    const [row] = await tx
      .insert(serviceRequests)
      .values({
        type: 'SERVICE',
        description,
        status: 'COMPLETED',
        customerId: u.customerId,
        regionId: u.regionId,
        requestedById: u.requestedById,
        assignedToId: u.technicianId,
        approvedById: u.approverId,
        searchText: `${u.customerName} ${description}`.toLowerCase(),
        unitId: u.unitId,
        createdAt,
        updatedAt: end,
        assignedAt: new Date(createdAt.getTime() + 3600_000),
        completedAt: end,
      })
      .returning({ id: serviceRequests.id });
    const id = (row as { id: string }).id;
    await tx.insert(approvalHistory).values([
      {
        requestId: id,
        approverId: u.approverId,
        approverRole: ROLE.SERVICE_MANAGER,
        stage: 'SERVICE',
        status: 'APPROVED',
        comments: 'Approved',
        approvedAt: new Date(createdAt.getTime() + 1800_000),
      },
      {
        requestId: id,
        approverId: u.approverId,
        approverRole: ROLE.SERVICE_MANAGER,
        stage: 'ACKNOWLEDGE',
        status: 'APPROVED',
        comments: 'Work acknowledged',
        approvedAt: new Date(end.getTime() + 3600_000),
      },
    ]);
    await tx.insert(workLogs).values({
      requestId: id,
      technicianId: u.technicianId,
      startTime: start,
      endTime: end,
      notes: `Changed the filters. TDS in ${tdsIn}, out ${tdsOut} mg/L.`,
    });
    await tx.insert(waterReadings).values({
      requestId: id,
      unitId: u.unitId,
      technicianId: u.technicianId,
      tdsIn,
      tdsOut,
      ph,
      hardness: Math.round(tdsIn * 0.4),
      takenAt: new Date(start.getTime() + 20 * 60_000),
    });
  }
}
