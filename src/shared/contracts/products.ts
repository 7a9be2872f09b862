/** The product catalogue (issue 21, ADR 023): products and the parts each is serviced by. */
import { z } from 'zod';
import { PRODUCT_TECHNOLOGIES } from '../domain/maintenance.ts';
import { pageQuery } from './common.ts';
import { MAINTENANCE_MESSAGES } from './maintenance.ts';

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
  /**
   * The catalogue item this part is (issue 37, ADR 049): what a filter change takes from the van.
   * Left out: kept as it is, or linked to the catalogue item of the same name.
   */
  stockPartId: z.uuid().nullish(),
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

export const productPart = z.object({
  id: z.string(),
  name: z.string(),
  intervalMonths: z.number(),
  /** The catalogue item it is (issue 37), or null. */
  stockPartId: z.string().nullable(),
});
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
