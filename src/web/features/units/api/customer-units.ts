/**
 * GET /api/customers/:id/units (issue 21): a customer's installed units with their schedules, one
 * query under one key for the customer history page's units and the Complete Work dialog's parts.
 */
import { useQuery } from '@tanstack/react-query';
import type { UnitItem } from '#shared/contracts/units.ts';
import { apiList } from '#web/lib/api-client.ts';
import { phoneRead } from '#web/lib/offline/app-queue.ts';
import { keptKeys } from '#web/lib/offline/read-cache.ts';
import { queryRoots } from '#web/lib/query-keys.ts';

export const customerUnitsQueryKey = (customerId: string) => [...queryRoots.customerUnits, customerId] as const;

export function useCustomerUnits(customerId: string, enabled = true) {
  return useQuery({
    queryKey: customerUnitsQueryKey(customerId),
    queryFn: ({ signal }) =>
      phoneRead(keptKeys.customerUnits(customerId), () =>
        apiList<UnitItem>(`/customers/${customerId}/units`, { query: { page: 1, pageSize: 50 }, signal }),
      ),
    enabled,
  });
}
