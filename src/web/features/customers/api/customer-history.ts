/** GET /api/customers/{id}/history: the customer, their requests and the statistics. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { CustomerHistory } from '#shared/contracts/customers.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { customersQueryKey } from './keys.ts';

export function fetchCustomerHistory(id: string, signal?: AbortSignal) {
  return api<CustomerHistory>(`/customers/${encodeURIComponent(id)}/history`, {
    signal,
    fallback: getI18n().t('requests:customerHistory.failed'),
  });
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
