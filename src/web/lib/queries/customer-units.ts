/**
 * GET /api/customers/:id/units (issue 21): a customer's installed units with their schedules, one
 * query under one key for the customer history page and the technician's completion dialog.
 */
import { useQuery } from '@tanstack/react-query';
import type { UnitItem } from '#shared/contracts/maintenance.ts';
import { apiList } from '#web/lib/api-client.ts';

export const customerUnitsQueryKey = (customerId: string) => ['maintenance', 'customer-units', customerId] as const;

export function useCustomerUnits(customerId: string, enabled = true) {
  return useQuery({
    queryKey: customerUnitsQueryKey(customerId),
    queryFn: ({ signal }) =>
      apiList<UnitItem>(`/customers/${customerId}/units`, { query: { page: 1, pageSize: 50 }, signal }),
    enabled,
  });
}
