/** Query keys of the customers feature: its root, which other features invalidate too. */
import { queryRoots } from '#web/lib/query-keys.ts';

export const customersQueryKey = queryRoots.customers;
