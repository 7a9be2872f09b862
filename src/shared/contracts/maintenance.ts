/**
 * Preventive maintenance (issue 21, ADR 023): the installed base's messages and dates, the due
 * list, the dashboard's counts and the run. The installed base's other resources have their own
 * contracts: `products.ts`, `units.ts`, `contracts.ts`. Dates are calendar dates 'YYYY-MM-DD'
 * (IST); money is integer paise.
 */
import { z } from 'zod';
import { CONTRACT_TYPES, DUE_STATES, isIsoDate } from '../domain/maintenance.ts';
import { pageQuery } from './common.ts';

export const MAINTENANCE_MESSAGES = {
  productNotFound: 'Product not found',
  productInUse: 'This product is installed at customers and cannot be deleted',
  partsRequired: 'Add at least one part',
  partNameRequired: 'Part name is required',
  partDuplicate: 'Two parts have the same name',
  unitNotFound: 'Unit not found',
  serialDuplicate: 'An active unit with this serial number already exists',
  installedInFuture: 'The installation date cannot be in the future',
  changeInFuture: 'A change date cannot be in the future',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD)',
  unitRemoved: 'This unit has been removed',
  unitNotOfCustomer: "The unit is not one of this request's customer's units",
  partNotOfUnit: 'A replaced part is not a part of this unit',
  partsNeedUnit: 'Choose the unit whose parts were replaced',
  installNeedsInstallation: 'A unit can be installed only by completing an INSTALLATION request',
  contractNotFound: 'Contract not found',
  contractEndsBeforeStart: 'The end date must be after the start date',
  unitWriteRefused:
    "Only those who may edit the customer, or a technician on one of the customer's requests, can change its units",
  contractWriteRefused: 'You cannot change contracts of this unit',
  runOutOfRegion: 'You can run the due jobs only for your region',
} as const;

/** A calendar date 'YYYY-MM-DD' (units' and contracts' dates). */
export const isoDate = z
  .string({ error: MAINTENANCE_MESSAGES.dateInvalid })
  .trim()
  .refine(isIsoDate, MAINTENANCE_MESSAGES.dateInvalid);

export const withinQuery = z.object({
  within: z.coerce
    .number()
    .int()
    .min(0, 'within must be 0 to 366 days')
    .max(366, 'within must be 0 to 366 days')
    .default(30),
});

// ------------------------------------------------------------------ due list and run

export const dueListQuery = pageQuery.extend({
  within: withinQuery.shape.within,
  regionId: z
    .uuid({ error: 'Invalid region' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** OVERDUE: only what is past due; DUE_SOON: due from today on. */
  state: z.enum(['', 'OVERDUE', 'DUE_SOON'], { error: 'Unknown state' }).optional(),
});
export type DueListQuery = z.input<typeof dueListQuery>;

export const dueItem = z.object({
  unitId: z.string(),
  serialNumber: z.string(),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    primaryPhone: z.string(),
    phoneNumbers: z.array(z.string()),
    regionId: z.string(),
    regionName: z.string(),
  }),
  product: z.object({ id: z.string(), name: z.string(), brand: z.string() }),
  dueParts: z.array(z.object({ id: z.string(), name: z.string(), nextDueOn: z.string(), state: z.enum(DUE_STATES) })),
  nextDueOn: z.string(),
  state: z.enum(DUE_STATES),
  contract: z.object({ id: z.string(), type: z.enum(CONTRACT_TYPES), endsOn: z.string() }).nullable(),
  chargeable: z.boolean(),
  openRequestId: z.string().nullable(),
});
export type DueItem = z.infer<typeof dueItem>;

/**
 * The run's body. `dryRun` (issue 33 item 2): answer what the run would raise (a `RunPreview`)
 * and write nothing.
 */
export const runBody = z
  .object({
    regionId: z.uuid({ error: 'Invalid region' }).optional(),
    dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
  })
  .nullish()
  .transform((b) => b ?? {});

export const runResult = z.object({ created: z.number(), skipped: z.number(), reminders: z.number() });
export type RunResult = z.infer<typeof runResult>;

/** At most this many of the jobs a dry run would raise are listed (`total` counts them all). */
export const RUN_PREVIEW_CAP = 50;

/** One job the run would raise: the unit, its customer, what is due and whether it is charged. */
export const runPreviewItem = z.object({
  unitId: z.string(),
  serialNumber: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  product: z.object({ name: z.string(), brand: z.string() }),
  nextDueOn: z.string(),
  dueParts: z.array(z.object({ name: z.string(), nextDueOn: z.string() })),
  chargeable: z.boolean(),
});
export type RunPreviewItem = z.infer<typeof runPreviewItem>;

/**
 * A dry run's answer: how many jobs the run would raise now (`total`; the first RUN_PREVIEW_CAP in
 * the run's order in `items`), how many it would hold back past the per-customer cap, and its
 * window: what is due by `horizon`, `leadDays` (MAINTENANCE_LEAD_DAYS) from today.
 */
export const runPreview = z.object({
  dryRun: z.literal(true),
  total: z.number(),
  heldBack: z.number(),
  leadDays: z.number(),
  horizon: z.string(),
  items: z.array(runPreviewItem),
});
export type RunPreview = z.infer<typeof runPreview>;

/** The counts, and the run's window in days (MAINTENANCE_LEAD_DAYS, issue 33 item 2). */
export const maintenanceCounts = z.object({
  dueThisWeek: z.number(),
  overdue: z.number(),
  amcExpiring: z.number(),
  runLeadDays: z.number(),
});
export type MaintenanceCounts = z.infer<typeof maintenanceCounts>;
