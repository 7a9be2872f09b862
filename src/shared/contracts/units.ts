/**
 * Installed units (issue 21, ADR 023): a customer's units, their schedules and history, and the
 * installed base's part of the technician's stop body (`unitsVisitPart`).
 */
import { z } from 'zod';
import { DUE_STATES, UNIT_STATUSES } from '../domain/maintenance.ts';
import { REQUEST_STATUSES } from '../domain/workflow.ts';
import { jobField } from './job.ts';
import { isoDate } from './maintenance.ts';
import { productTechnology } from './products.ts';

/**
 * A technician adds at most this many units per job of the customer's in their hands (issue 31,
 * item 5; ADR 031): what a real installation needs, never a way to fill the due list.
 */
export const UNITS_PER_JOB = 5;

export const unitCreateBody = z.object({
  productId: z.uuid({ error: 'Product is required' }),
  serialNumber: z.string({ error: 'Serial number is required' }).trim().min(1, 'Serial number is required').max(60),
  installedOn: isoDate,
  locationNote: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type UnitCreateBody = z.input<typeof unitCreateBody>;

export const unitPatchBody = z
  .object({
    serialNumber: z.string().trim().min(1, 'Serial number is required').max(60).optional(),
    installedOn: isoDate.optional(),
    locationNote: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => (v === undefined ? undefined : v || null)),
    /** A part's last change as recorded on paper (the schedule moves on from it). */
    schedule: z
      .array(z.object({ partId: z.uuid(), lastChangedOn: isoDate }))
      .max(20)
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'Nothing to change' });
export type UnitPatchBody = z.input<typeof unitPatchBody>;

export const scheduleRow = z.object({
  id: z.string(),
  /** A part's row, or null for an AMC visit. */
  partId: z.string().nullable(),
  contractId: z.string().nullable(),
  name: z.string(),
  intervalMonths: z.number().nullable(),
  lastChangedOn: z.string().nullable(),
  nextDueOn: z.string().nullable(),
  state: z.enum(DUE_STATES),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;

export const unitItem = z.object({
  id: z.string(),
  customerId: z.string(),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    primaryPhone: z.string(),
    regionId: z.string(),
    regionName: z.string(),
  }),
  productId: z.string(),
  product: z.object({ id: z.string(), name: z.string(), brand: z.string(), technology: productTechnology }),
  serialNumber: z.string(),
  installedOn: z.string(),
  locationNote: z.string().nullable(),
  status: z.enum(UNIT_STATUSES),
  warrantyEndsOn: z.string(),
  nextDueOn: z.string().nullable(),
  state: z.enum(DUE_STATES),
  schedule: z.array(scheduleRow),
  createdAt: z.string(),
  /**
   * The unit's QR sticker (issue 36 item 2, ADR 043): an unguessable code, and the page it opens
   * (`PUBLIC_URL/s/<code>`; null without PUBLIC_URL). Re-issued by POST /api/units/:id/public-code.
   */
  publicCode: z.string(),
  publicUrl: z.string().nullable(),
});
export type UnitItem = z.infer<typeof unitItem>;

export const unitHistoryItem = z.object({
  id: z.string(),
  ticketNo: z.number().nullable(),
  type: z.string(),
  status: z.enum(REQUEST_STATUSES),
  description: z.string(),
  /** An auto-raised job's facts (ADR 035), or null. */
  job: jobField,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  partsReplaced: z.array(z.string()),
  spareParts: z.array(z.object({ name: z.string(), quantity: z.number() })),
});

export const unitDetails = unitItem.extend({
  history: z.array(unitHistoryItem),
  openRequestId: z.string().nullable(),
});
export type UnitDetails = z.infer<typeof unitDetails>;

// ------------------------------------------------------------------ completion (the technician's stop)

export const sparePartLine = z.object({
  name: z.string().trim().min(1, 'Spare part name is required').max(80),
  quantity: z.coerce.number().int().min(1, 'Quantity must be 1 to 100').max(100, 'Quantity must be 1 to 100'),
});

/**
 * The installed base's part of POST /technician-workflow/stop (all optional; the spec's client
 * sends none): the unit, the parts replaced, spare parts, an installed unit. Registered in
 * `visit.ts`; validated again by the units module's visit subscriber.
 */
export const unitsVisitPart = z.object({
  unitId: z.uuid().optional(),
  partsReplaced: z.array(z.uuid()).max(20).optional(),
  spareParts: z.array(sparePartLine).max(30).optional(),
  installedUnit: z
    .object({
      productId: z.uuid({ error: 'Product is required' }),
      serialNumber: z.string().trim().min(1, 'Serial number is required').max(60),
      locationNote: z.string().trim().max(200).optional(),
    })
    .optional(),
});
export type CompletionExtras = z.infer<typeof unitsVisitPart>;
