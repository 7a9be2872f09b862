/** GET /api/customers/duplicates: a page of possible duplicate groups (issue 34, ADR 038). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { DuplicatesAnswer } from '#shared/contracts/customer-merge.ts';
import { api } from '#web/lib/api-client.ts';
import { customersQueryKey } from './keys.ts';

export function fetchDuplicates(query: { page: number; pageSize: number }, signal?: AbortSignal) {
  return api<DuplicatesAnswer>('/customers/duplicates', {
    query,
    signal,
    fallback: getI18n().t('merge:loadFailed'),
  });
}

export function useDuplicates(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...customersQueryKey, 'duplicates', query],
    queryFn: ({ signal }) => fetchDuplicates(query, signal),
    placeholderData: keepPreviousData,
  });
}
