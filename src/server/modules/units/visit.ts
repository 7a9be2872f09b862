/**
 * The installed base at a completed visit (issue 30, ADR 029): the units module's subscriber to
 * `VisitCompleted`. Its part of the stop body is `unitsVisitPart` (the unit, the parts replaced,
 * spare parts, an installed unit); acting on it is `UnitService.recordVisit`, in the completion's
 * transaction. When the visit installed or named a unit other than the request's, the outcome
 * says so and the publisher links the request to it.
 */
import type { VisitSubscriber } from '#server/lib/visit-events.ts';
import { unitsVisitPart } from '#shared/contracts/units.ts';
import type { UnitService } from './service.ts';

export function unitsVisitSubscriber(units: UnitService): VisitSubscriber<typeof unitsVisitPart> {
  return {
    name: 'units',
    part: unitsVisitPart,
    async onCompleted(tx, visit, part) {
      const done = await units.recordVisit(tx, visit.technician, visit.request, part, visit.ip);
      return done.unitId && done.unitId !== visit.request.unitId ? { unitId: done.unitId } : undefined;
    },
  };
}
