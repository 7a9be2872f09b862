/**
 * The installed base and preventive maintenance (issue 21, ADR 023): products and their parts,
 * installed units with their schedules, contracts (AMC and warranty), the due list and the run.
 * Dates are calendar dates 'YYYY-MM-DD' (IST); money is integer paise.
 */
import { z } from 'zod';
import {
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  DUE_STATES,
  isIsoDate,
  MAX_PRICE_PAISE,
  PRODUCT_TECHNOLOGIES,
  UNIT_STATUSES,
} from '../domain/maintenance.ts';
import { REQUEST_STATUSES } from '../domain/workflow.ts';
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
  contractOverlap: 'An active contract of this type already covers part of this period on this unit',
  contractEndsBeforeStart: 'The end date must be after the start date',
  unitWriteRefused:
    "Only those who may edit the customer, or a technician on one of the customer's requests, can change its units",
  contractWriteRefused: 'You cannot change contracts of this unit',
  runOutOfRegion: 'You can run the due jobs only for your region',
} as const;

const isoDate = z
  .string({ error: MAINTENANCE_MESSAGES.dateInvalid })
  .trim()
  .refine(isIsoDate, MAINTENANCE_MESSAGES.dateInvalid);

export const productTechnology = z.enum(PRODUCT_TECHNOLOGIES, { error: 'Technology is required' });

export const productPartBody = z.object({
  /** An existing part keeps its id (and the schedules that follow it); a new one has none. */
  id: z.uuid().optional(),
  name: z
    .string({ error: MAINTENANCE_MESSAGES.partNameRequired })
    .trim()
    .min(1, MAINTENANCE_MESSAGES.partNameRequired)
    .max(80),
  intervalMonths: z.coerce
    .number({ error: 'Interval is required' })
    .int()
    .min(1, 'Interval must be 1 to 120 months')
    .max(120, 'Interval must be 1 to 120 months'),
});

export const productBody = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(2, 'Name must be at least 2 characters').max(120),
    brand: z.string({ error: 'Brand is required' }).trim().min(1, 'Brand is required').max(80),
    technology: productTechnology,
    warrantyMonths: z.coerce.number().int().min(0).max(120).default(12),
    parts: z
      .array(productPartBody, { error: MAINTENANCE_MESSAGES.partsRequired })
      .min(1, MAINTENANCE_MESSAGES.partsRequired)
      .max(20),
  })
  .refine((b) => new Set(b.parts.map((p) => p.name.toLowerCase())).size === b.parts.length, {
    error: MAINTENANCE_MESSAGES.partDuplicate,
    path: ['parts'],
  });
export type ProductBody = z.input<typeof productBody>;

export const productPart = z.object({ id: z.string(), name: z.string(), intervalMonths: z.number() });
export type ProductPart = z.infer<typeof productPart>;

export const productItem = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  technology: productTechnology,
  warrantyMonths: z.number(),
  parts: z.array(productPart),
  unitCount: z.number(),
  createdAt: z.string(),
});
export type ProductItem = z.infer<typeof productItem>;

export const productListQuery = pageQuery;

// ------------------------------------------------------------------ units

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
});
export type UnitItem = z.infer<typeof unitItem>;

export const unitHistoryItem = z.object({
  id: z.string(),
  ticketNo: z.number().nullable(),
  type: z.string(),
  status: z.enum(REQUEST_STATUSES),
  description: z.string(),
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

// ------------------------------------------------------------------ contracts

const contractFields = {
  type: z.enum(CONTRACT_TYPES, { error: 'Contract type is required' }),
  startsOn: isoDate,
  endsOn: isoDate,
  visitsPerYear: z.coerce.number().int().min(0).max(12).default(0),
  partsIncluded: z.boolean().default(false),
  /** INR in paise (₹4,999.00 = 499900). */
  price: z.coerce.number().int('Price must be in whole paise').min(0).max(MAX_PRICE_PAISE),
};

export const contractBody = z
  .object(contractFields)
  .refine((b) => b.startsOn < b.endsOn, { error: MAINTENANCE_MESSAGES.contractEndsBeforeStart, path: ['endsOn'] });
export type ContractBody = z.input<typeof contractBody>;

export const contractPatchBody = z
  .object({
    startsOn: isoDate.optional(),
    endsOn: isoDate.optional(),
    visitsPerYear: z.coerce.number().int().min(0).max(12).optional(),
    partsIncluded: z.boolean().optional(),
    price: z.coerce.number().int('Price must be in whole paise').min(0).max(MAX_PRICE_PAISE).optional(),
    /** Cancelling is the only status change a person makes; EXPIRED follows the end date. */
    status: z.enum(['ACTIVE', 'CANCELLED']).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'Nothing to change' });
export type ContractPatchBody = z.input<typeof contractPatchBody>;

export const contractItem = z.object({
  id: z.string(),
  unitId: z.string(),
  type: z.enum(CONTRACT_TYPES),
  startsOn: z.string(),
  endsOn: z.string(),
  visitsPerYear: z.number(),
  partsIncluded: z.boolean(),
  price: z.number(),
  status: z.enum(CONTRACT_STATUSES),
  createdAt: z.string(),
});
export type ContractItem = z.infer<typeof contractItem>;

export const expiringContract = contractItem.extend({
  customer: z.object({ id: z.string(), name: z.string(), primaryPhone: z.string(), regionName: z.string() }),
  product: z.object({ name: z.string(), brand: z.string() }),
  serialNumber: z.string(),
  daysLeft: z.number(),
});
export type ExpiringContract = z.infer<typeof expiringContract>;

export const withinQuery = z.object({
  within: z.coerce
    .number()
    .int()
    .min(0, 'within must be 0 to 366 days')
    .max(366, 'within must be 0 to 366 days')
    .default(30),
});

export const expiringQuery = pageQuery.extend(withinQuery.shape);

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

export const runBody = z
  .object({ regionId: z.uuid({ error: 'Invalid region' }).optional() })
  .nullish()
  .transform((b) => b ?? {});

export const runResult = z.object({ created: z.number(), skipped: z.number(), reminders: z.number() });
export type RunResult = z.infer<typeof runResult>;

export const maintenanceCounts = z.object({ dueThisWeek: z.number(), overdue: z.number(), amcExpiring: z.number() });
export type MaintenanceCounts = z.infer<typeof maintenanceCounts>;

// ------------------------------------------------------------------ requests and completion (additions)

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
