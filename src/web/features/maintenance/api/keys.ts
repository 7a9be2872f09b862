/** Query keys of the installed base's screens. */
export const MAINTENANCE_KEYS = {
  due: ['maintenance', 'due'] as const,
  counts: ['maintenance', 'counts'] as const,
  products: ['maintenance', 'products'] as const,
  unit: (id: string) => ['maintenance', 'unit', id] as const,
};
