/** GET /api/customers/{id}/merges: the merges into a customer that can still be undone (ADR 038). */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { MergeItem } from '#shared/contracts/customer-merge.ts';
import { api } from '#web/lib/api-client.ts';
import { customersQueryKey } from './keys.ts';

export function fetchCustomerMerges(id: string, signal?: AbortSignal) {
  return api<MergeItem[]>(`/customers/${encodeURIComponent(id)}/merges`, {
    signal,
    fallback: getI18n().t('merge:loadFailed'),
  });
}

export function useCustomerMerges(id: string) {
  return useQuery({
    queryKey: [...customersQueryKey, 'merges', id],
    queryFn: ({ signal }) => fetchCustomerMerges(id, signal),
  });
}
