/**
 * Water-quality readings taken at a visit (issue 36 item 1, ADR 042): TDS of the water going in
 * and coming out (mg/L), and optionally pH and hardness. The technician records them on a job
 * (`POST /service-requests/:id/readings`, through the offline queue) or with the completion (the
 * stop body's `readings`, a visit part). A unit's series (`GET /units/:id/readings`) carries the
 * rejection and the flags against IS 10500.
 */
import { z } from 'zod';
import { clientTime } from './common.ts';

/** IS 10500: the acceptable limit of TDS in drinking water, mg/L. */
export const TDS_ACCEPTABLE_LIMIT = 500;
/** IS 10500: the acceptable range of pH. */
export const PH_RANGE = { min: 6.5, max: 8.5 } as const;
/** A membrane that rejects less than this share of the dissolved solids, twice in a row, is failing. */
export const REJECTION_FAILING_PERCENT = 80;
/** A unit's series answers at most this many readings (the newest, oldest first). */
export const READINGS_SERIES_CAP = 500;

export const TDS_MESSAGE = 'TDS must be a number from 0 to 5000 mg/L';
export const PH_MESSAGE = 'pH must be a number from 0 to 14';
export const HARDNESS_MESSAGE = 'Hardness must be a number from 0 to 2000 mg/L';

const bounded = (max: number, message: string) => z.number({ error: message }).min(0, message).max(max, message);

/** The fields of one reading (the body of POST /service-requests/:id/readings without `clientTime`). */
export const readingFields = z.object({
  tdsIn: bounded(5000, TDS_MESSAGE),
  tdsOut: bounded(5000, TDS_MESSAGE),
  ph: bounded(14, PH_MESSAGE).nullish(),
  hardness: bounded(2000, HARDNESS_MESSAGE).nullish(),
  /** When it was taken, by the phone's clock (ISO 8601 with a zone); default: when it arrives. */
  takenAt: clientTime,
});
export type ReadingFields = z.infer<typeof readingFields>;

/** POST /service-requests/:id/readings: a reading, and the offline queue's `clientTime`. */
export const readingCreateBody = readingFields.extend({ clientTime });
export type ReadingCreateBody = z.infer<typeof readingCreateBody>;

/** The readings' part of the technician's stop body (registered in `visit.ts`). */
export const readingsVisitPart = z.object({
  readings: readingFields.optional(),
});

export const READING_FLAGS = ['TDS_OUT_HIGH', 'PH_OUT_OF_RANGE'] as const;
export type ReadingFlag = (typeof READING_FLAGS)[number];

export const readingItem = z.object({
  id: z.string(),
  requestId: z.string(),
  ticketNumber: z.string(),
  unitId: z.string().nullable(),
  tdsIn: z.number(),
  tdsOut: z.number(),
  ph: z.number().nullable(),
  hardness: z.number().nullable(),
  /** 1 − out/in, in percent with one decimal; null when the input TDS is 0. */
  rejectionPercent: z.number().nullable(),
  flags: z.array(z.enum(READING_FLAGS)),
  takenAt: z.string(),
  technician: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ReadingItem = z.infer<typeof readingItem>;

export const readingSeries = z.array(readingItem);

/** The rejection of one reading, in percent with one decimal (null when nothing goes in). */
export function rejectionPercent(tdsIn: number, tdsOut: number): number | null {
  if (tdsIn <= 0) return null;
  return Math.round((1 - tdsOut / tdsIn) * 1000) / 10;
}

/** What one reading breaks of IS 10500. */
export function readingFlags(r: { tdsOut: number; ph: number | null }): ReadingFlag[] {
  const flags: ReadingFlag[] = [];
  if (r.tdsOut > TDS_ACCEPTABLE_LIMIT) flags.push('TDS_OUT_HIGH');
  if (r.ph !== null && (r.ph < PH_RANGE.min || r.ph > PH_RANGE.max)) flags.push('PH_OUT_OF_RANGE');
  return flags;
}

/**
 * Whether the membrane is failing by the newest readings (newest first): the two newest both
 * reject less than REJECTION_FAILING_PERCENT. `firstTime` when the third-newest did not (the
 * moment to tell the Service Manager once, not at every later reading).
 */
export function failingTrend(newestFirst: readonly { tdsIn: number; tdsOut: number }[]): {
  failing: boolean;
  firstTime: boolean;
} {
  const low = (r: { tdsIn: number; tdsOut: number } | undefined) => {
    if (!r) return false;
    const p = rejectionPercent(r.tdsIn, r.tdsOut);
    return p !== null && p < REJECTION_FAILING_PERCENT;
  };
  const failing = low(newestFirst[0]) && low(newestFirst[1]);
  return { failing, firstTime: failing && !low(newestFirst[2]) };
}
