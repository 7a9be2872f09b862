/**
 * The query cache's root keys: one per family of screens. A feature keys its queries under its
 * own root and invalidates another feature's screens by that feature's root, named here (features
 * do not import each other, so they cannot import each other's keys).
 *
 *   invalidate: [queryRoots.dashboard, queryRoots.maintenance]
 *
 * Invalidating a root marks every query under it stale (those on screen refetch). The installed
 * base's screens (the due list, its counts, units, products, contracts) all sit under
 * `maintenance`, so one invalidation after a visit or a contract change reaches them all; `units`,
 * `customerUnits`, `products` and `readings` name parts of it (as `assignableRoles` does of `users`).
 */
const maintenance = ['maintenance'] as const;
const users = ['users'] as const;

export const queryRoots = {
  requests: ['service-requests'],
  dashboard: ['dashboard'],
  technician: ['technician'],
  customers: ['customers'],
  /** The user lists and forms (a region's rename shows in them). */
  users,
  /** The roles a user form offers (a role's creation, rename or deletion changes them). */
  assignableRoles: [...users, 'assignable-roles'],
  maintenance,
  /** One unit each: ['maintenance', 'unit', id] (its contracts below it). */
  units: [...maintenance, 'unit'],
  /** A customer's units each: ['maintenance', 'customer-units', customerId]. */
  customerUnits: [...maintenance, 'customer-units'],
  /** The product catalogue's pages and the product choices. */
  products: [...maintenance, 'products'],
  /** A unit's water readings each: ['maintenance', 'readings', unitId] (a visit's completion may add one). */
  readings: [...maintenance, 'readings'],
} as const;
