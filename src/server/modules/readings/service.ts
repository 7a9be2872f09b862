/**
 * Water-quality readings (issue 36 item 1, ADR 042). A reading is taken by the assigned
 * technician on a job that is ASSIGNED or IN_PROGRESS (the workflow table's `recordReading`),
 * through the offline queue like start and complete, or with the completion (visit.ts). It is
 * stored against the request and its unit, with its audit row, in the job write's transaction;
 * when the unit's two newest readings both reject less than 80% for the first time, the region's
 * Service Managers are told to suggest a membrane change, in the same transaction.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { actionTime } from '#server/lib/client-time.ts';
import { notifyRegionRoles } from '#server/modules/notifications/events.service.ts';
import type { JobOnHand, JobWrites } from '#server/modules/service-requests/on-job.service.ts';
import type { UnitService } from '#server/modules/units/service.ts';
import {
  failingTrend,
  READINGS_SERIES_CAP,
  REJECTION_FAILING_PERCENT,
  type ReadingCreateBody,
  type ReadingFields,
  type ReadingItem,
  readingFlags,
  rejectionPercent,
} from '#shared/contracts/readings.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import * as repo from './repository.ts';

export function toReadingItem(r: repo.ReadingRow): ReadingItem {
  return {
    id: r.id,
    requestId: r.requestId,
    ticketNumber: formatTicket(r.ticketNo),
    unitId: r.unitId,
    tdsIn: r.tdsIn,
    tdsOut: r.tdsOut,
    ph: r.ph,
    hardness: r.hardness,
    rejectionPercent: rejectionPercent(r.tdsIn, r.tdsOut),
    flags: readingFlags(r),
    takenAt: r.takenAt.toISOString(),
    technician: r.technicianId ? { id: r.technicianId, name: r.technicianName ?? '' } : null,
  };
}

export class ReadingService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobWrites,
    private readonly units: UnitService,
  ) {}

  /** POST /service-requests/:id/readings: the reading as stored (201). */
  async record(actor: Actor, requestId: string, body: ReadingCreateBody, ip: string): Promise<ReadingItem> {
    const id = await this.jobs.write(actor, requestId, 'recordReading', body.clientTime, ip, (tx, job) =>
      this.recordInTx(tx, actor, job, body, ip),
    );
    const row = await repo.findReading(this.db, id);
    if (!row) throw new Error(`reading ${id} vanished after its commit`);
    return toReadingItem(row);
  }

  /**
   * One reading of `job` in the caller's transaction (a job write, or the completion's): the row,
   * its audit row and, when the membrane starts failing, the Service Managers' notice.
   */
  async recordInTx(
    tx: Tx,
    actor: Actor,
    job: Pick<JobOnHand, 'id' | 'regionId' | 'unitId'>,
    fields: ReadingFields & { clientTime?: string },
    ip: string,
  ): Promise<string> {
    const takenAt = actionTime(fields.takenAt ?? fields.clientTime);
    const id = await repo.insertReading(tx, {
      requestId: job.id,
      unitId: job.unitId,
      technicianId: actor.id,
      tdsIn: fields.tdsIn,
      tdsOut: fields.tdsOut,
      ph: fields.ph ?? null,
      hardness: fields.hardness ?? null,
      takenAt,
    });
    await audit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'request.reading',
      entityType: 'service_request',
      entityId: job.id,
      ip,
      details: {
        readingId: id,
        unitId: job.unitId,
        tdsIn: fields.tdsIn,
        tdsOut: fields.tdsOut,
        ...(fields.clientTime ? { clientTime: fields.clientTime } : {}),
      },
    });
    if (job.unitId) await this.tellIfFailing(tx, actor, job, job.unitId);
    return id;
  }

  /** The job's readings that have no unit yet join `unitId` (the completion of an installation). */
  attachToUnit(tx: Tx, requestId: string, unitId: string): Promise<void> {
    return repo.attachToUnit(tx, requestId, unitId);
  }

  /** GET /units/:id/readings: the unit's newest readings (at most READINGS_SERIES_CAP), oldest first. */
  async series(actor: Actor, unitId: string): Promise<{ items: ReadingItem[]; capped: boolean }> {
    // The reach check and the rows side by side (two pool connections on PostgreSQL): the rows
    // are answered only once the unit is known to be the reader's.
    const [, rows] = await Promise.all([
      this.units.readableUnit(this.db, actor, unitId),
      repo.newestOfUnit(this.db, unitId, READINGS_SERIES_CAP + 1),
    ]);
    const capped = rows.length > READINGS_SERIES_CAP;
    return { items: rows.slice(0, READINGS_SERIES_CAP).reverse().map(toReadingItem), capped };
  }

  private async tellIfFailing(
    tx: Tx,
    actor: Actor,
    job: Pick<JobOnHand, 'id' | 'regionId'>,
    unitId: string,
  ): Promise<void> {
    const trend = await repo.trendOfUnit(tx, unitId);
    if (!failingTrend(trend).firstTime) return;
    const [latest, previous] = trend as [(typeof trend)[0], (typeof trend)[0]];
    await notifyRegionRoles(tx, {
      roles: [ROLE.SERVICE_MANAGER],
      regionId: job.regionId,
      actorId: actor.id,
      requestId: job.id,
      event: 'membraneFailing',
      key: 'notification.membraneFailing',
      params: {
        customer: await repo.customerNameOf(tx, job.id),
        previous: String(rejectionPercent(previous.tdsIn, previous.tdsOut)),
        latest: String(rejectionPercent(latest.tdsIn, latest.tdsOut)),
        limit: String(REJECTION_FAILING_PERCENT),
      },
    });
  }
}
