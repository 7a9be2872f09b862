/** Regions: the list item and the create/edit body. */
import { z } from 'zod';
import { MIN_NAME } from '../domain/constants.ts';

export const regionName = z
  .string({ error: 'Region name is required' })
  .trim()
  .min(1, 'Region name is required')
  .min(MIN_NAME, `Region name must be at least ${MIN_NAME} characters`)
  .max(80, 'Region name must be at most 80 characters');

export const regionBody = z.object({ name: regionName });
export type RegionInput = z.input<typeof regionBody>;

export const regionItem = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type RegionItem = z.infer<typeof regionItem>;

export const REGION_MESSAGES = {
  duplicate: 'A region with this name already exists',
  inUse: 'This region is in use by users, customers or service requests and cannot be deleted',
} as const;
