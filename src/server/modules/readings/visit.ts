/**
 * Readings at a completed visit (issue 36 item 1, ADR 029's step 5): the stop body's `readings`
 * (the same fields as POST /service-requests/:id/readings) are stored in the completion's
 * transaction, against the request's unit (an installation's new unit: the units subscriber runs
 * first), timed by the completion; readings taken on the job without a unit join it.
 */
import type { VisitSubscriber } from '#server/lib/visit-events.ts';
import { readingsVisitPart } from '#shared/contracts/readings.ts';
import type { ReadingService } from './service.ts';

export function readingsVisitSubscriber(readings: ReadingService): VisitSubscriber<typeof readingsVisitPart> {
  return {
    name: 'readings',
    part: readingsVisitPart,
    async onCompleted(tx, visit, part) {
      // Readings taken on the job before its unit was known (an installation) join that unit.
      if (visit.request.unitId) await readings.attachToUnit(tx, visit.request.id, visit.request.unitId);
      if (!part.readings) return undefined;
      const takenAt = part.readings.takenAt ?? visit.completedAt.toISOString();
      await readings.recordInTx(tx, visit.technician, visit.request, { ...part.readings, takenAt }, visit.ip);
      return undefined;
    },
  };
}
