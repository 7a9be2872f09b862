/** GET /api/customers/:id/units (issue 21): the customer's installed units with their schedules. */
import { useQuery } from '@tanstack/react-query';
import type { UnitItem } from '#shared/contracts/maintenance.ts';
import { apiList } from '#web/lib/api-client.ts';

export function useCustomerUnits(customerId: string) {
  return useQuery({
    queryKey: ['maintenance', 'customer-units', customerId],
    queryFn: ({ signal }) =>
      apiList<UnitItem>(`/customers/${customerId}/units`, { query: { page: 1, pageSize: 50 }, signal }),
  });
}
