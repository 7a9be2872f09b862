/** Query keys of the installed base's screens. */
import { unitQueryKey } from '#web/lib/queries/unit.ts';

export const MAINTENANCE_KEYS = {
  due: ['maintenance', 'due'] as const,
  counts: ['maintenance', 'counts'] as const,
  products: ['maintenance', 'products'] as const,
  unit: unitQueryKey,
};
