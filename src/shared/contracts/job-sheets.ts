/**
 * A request's job sheet behind its signed public link (issue 35 item 3, ADR 048): what
 * `GET /api/public/job-sheets/:token` answers, and the public page (src/web/job-sheet) shows. Of
 * the customer, the name only (never the phone or the address); of each technician, the first
 * name; of the proof, what it was and when (never the signature's image or the phone).
 */
import { z } from 'zod';
import { PROOF_KINDS } from '../domain/messages.ts';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../domain/workflow.ts';
import { LOCALES } from '../i18n/locales.ts';
import { READING_FLAGS } from './readings.ts';

export const jobSheetTokenParams = z.object({ token: z.string().max(100) });

export const publicJobSheet = z.object({
  /** SERVICE_NAME. */
  serviceName: z.string(),
  /** SUPPORT_PHONE, or null when unset. */
  supportPhone: z.string().nullable(),
  /** The customer's preferred language (customers.language): the page opens in it. */
  language: z.enum(LOCALES),
  ticketNumber: z.string(),
  type: z.enum(REQUEST_TYPES),
  /** WORK_COMPLETED or COMPLETED: no other request has a sheet. */
  status: z.enum(REQUEST_STATUSES),
  /** When the work was done (ISO), as the request says. */
  completedAt: z.string().nullable(),
  customer: z.object({ name: z.string() }),
  unit: z.object({ brand: z.string(), product: z.string(), serial: z.string() }).nullable(),
  /** Each time on site, oldest first: the technician's first name, when, and their notes. */
  visits: z.array(
    z.object({
      technician: z.string(),
      startTime: z.string(),
      endTime: z.string().nullable(),
      notes: z.string().nullable(),
    }),
  ),
  /** The finished visits' time on site, in minutes. */
  minutesOnSite: z.number(),
  /** Parts replaced from the unit's schedule (`replaced`) and spare parts used, with their quantity. */
  parts: z.array(z.object({ name: z.string(), quantity: z.number(), replaced: z.boolean() })),
  /** Water readings of the visit (mg/L; pH; rejection in %), oldest first. */
  readings: z.array(
    z.object({
      tdsIn: z.number(),
      tdsOut: z.number(),
      ph: z.number().nullable(),
      hardness: z.number().nullable(),
      rejection: z.number().nullable(),
      /** What it breaks of IS 10500 (TDS out over 500 mg/L, pH outside 6.5–8.5). */
      flags: z.array(z.enum(READING_FLAGS)),
      takenAt: z.string(),
    }),
  ),
  /** What proved the completion, or null when nothing did. */
  proof: z.object({ kind: z.enum(PROOF_KINDS), signedBy: z.string().nullable(), confirmedAt: z.string() }).nullable(),
  /** Before and after thumbnails (at most four each), signed URLs under /api/media good for an hour or two. */
  photos: z.array(z.object({ kind: z.enum(['BEFORE', 'AFTER']), url: z.string() })),
  /** Until when this link opens (ISO). */
  expiresAt: z.string(),
});
export type PublicJobSheet = z.output<typeof publicJobSheet>;
