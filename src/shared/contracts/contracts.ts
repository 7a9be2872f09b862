/** Contracts of a unit (issue 21, ADR 023): AMC and warranty. Money is integer paise. */
import { z } from 'zod';
import { CONTRACT_STATUSES, CONTRACT_TYPES, MAX_PRICE_PAISE } from '../domain/maintenance.ts';
import { pageQuery } from './common.ts';
import { isoDate, MAINTENANCE_MESSAGES, withinQuery } from './maintenance.ts';

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

export const expiringQuery = pageQuery.extend(withinQuery.shape);
