/**
 * The parts of the technician's stop body (POST /technician-workflow/stop) that belong to the
 * features acting at a visit (issue 30, ADR 029). Each feature exports one zod object of its own
 * optional fields (the server's subscriber validates that same object); the stop contract
 * (`service-requests.ts`) is the spec's fields extended with every part registered here. A
 * feature that acts at a visit adds one line below. Parts must not share a field name.
 */
import { proofVisitPart } from './proof.ts';
import { readingsVisitPart } from './readings.ts';
import { stockVisitPart } from './stock.ts';
import { unitsVisitPart } from './units.ts';

export const visitFields = {
  ...unitsVisitPart.shape,
  ...readingsVisitPart.shape,
  ...proofVisitPart.shape,
  ...stockVisitPart.shape,
};
