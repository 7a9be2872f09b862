/** GET /api/customers/{id}/history: the customer, their requests and the statistics. */
import { useQuery } from '@tanstack/react-query';
import type { CustomerHistory } from '#shared/contracts/customers.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { customersQueryKey } from './keys.ts';

export const HISTORY_FALLBACK = 'Failed to load customer history';

export function fetchCustomerHistory(id: string, signal?: AbortSignal) {
  return api<CustomerHistory>(`/customers/${encodeURIComponent(id)}/history`, { signal, fallback: HISTORY_FALLBACK });
}

export function useCustomerHistory(id: string | undefined) {
  return useQuery({
    queryKey: [...customersQueryKey, 'history', id],
    queryFn: ({ signal }) => fetchCustomerHistory(id as string, signal),
    enabled: !!id,
    // A missing customer stays missing.
    retry: (count, err) => !(err instanceof ApiError && (err.status === 404 || err.status === 400)) && count < 2,
  });
}
