/** Contracts of a unit (issue 21, ADR 023): AMC and warranty. Money is integer paise. */
import { z } from 'zod';
import {
  CONTRACT_EARLIEST_DATE,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  contractPeriodProblem,
  isIsoDate,
  MAX_PRICE_PAISE,
} from '../domain/maintenance.ts';
import { pageQuery } from './common.ts';
import { isoDate, MAINTENANCE_MESSAGES, withinQuery } from './maintenance.ts';

/**
 * A contract's bounds (issue 31 item 6): its dates from 1990-01-01 on, and at most 10 years long
 * (`contractPeriodProblem`, shared/domain/maintenance.ts). The texts are the `server` catalogue's
 * `maintenance.error.contractDateTooEarly` and `contractTooLong`.
 */
export const CONTRACT_MESSAGES = {
  contractDateTooEarly: 'Contract dates must be on or after 1990-01-01',
  contractTooLong: 'A contract can last at most 10 years',
} as const;

/** A contract's date: a calendar date, from 1990-01-01 on. */
const contractDate = isoDate.refine(
  (d) => !isIsoDate(d) || d >= CONTRACT_EARLIEST_DATE,
  CONTRACT_MESSAGES.contractDateTooEarly,
);

/** Both dates given: no longer than 10 years (the end after the start is checked on its own). */
const notTooLong = (b: { startsOn?: string | undefined; endsOn?: string | undefined }) =>
  b.startsOn === undefined || b.endsOn === undefined || contractPeriodProblem(b.startsOn, b.endsOn) !== 'tooLong';

const contractFields = {
  type: z.enum(CONTRACT_TYPES, { error: 'Contract type is required' }),
  startsOn: contractDate,
  endsOn: contractDate,
  visitsPerYear: z.coerce.number().int().min(0).max(12).default(0),
  partsIncluded: z.boolean().default(false),
  /** INR in paise (₹4,999.00 = 499900). */
  price: z.coerce.number().int('Price must be in whole paise').min(0).max(MAX_PRICE_PAISE),
};

export const contractBody = z
  .object(contractFields)
  .refine((b) => b.startsOn < b.endsOn, { error: MAINTENANCE_MESSAGES.contractEndsBeforeStart, path: ['endsOn'] })
  .refine(notTooLong, { error: CONTRACT_MESSAGES.contractTooLong, path: ['endsOn'] });
export type ContractBody = z.input<typeof contractBody>;

export const contractPatchBody = z
  .object({
    startsOn: contractDate.optional(),
    endsOn: contractDate.optional(),
    visitsPerYear: z.coerce.number().int().min(0).max(12).optional(),
    partsIncluded: z.boolean().optional(),
    price: z.coerce.number().int('Price must be in whole paise').min(0).max(MAX_PRICE_PAISE).optional(),
    /** Cancelling is the only status change a person makes; EXPIRED follows the end date. */
    status: z.enum(['ACTIVE', 'CANCELLED']).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'Nothing to change' })
  // One date alone is checked against the contract's other date by the service.
  .refine(notTooLong, { error: CONTRACT_MESSAGES.contractTooLong, path: ['endsOn'] });
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

export const expiringQuery = pageQuery.extend(withinQuery.shape);
