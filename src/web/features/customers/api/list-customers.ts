/** GET /api/customers: the caller's customers, searched by name or any phone and paged on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { CustomerItem, CustomerListQuery } from '#shared/contracts/customers.ts';
import { apiList, type PagedQuery } from '#web/lib/api-client.ts';
import { customersQueryKey } from './keys.ts';

export type CustomersQuery = Partial<CustomerListQuery> & PagedQuery;

export function fetchCustomers(query: CustomersQuery, signal?: AbortSignal) {
  return apiList<CustomerItem>('/customers', { query, signal, fallback: getI18n().t('common:loadFailed') });
}

export function useCustomers(query: CustomersQuery) {
  return useQuery({
    queryKey: [...customersQueryKey, 'list', query],
    queryFn: ({ signal }) => fetchCustomers(query, signal),
    placeholderData: keepPreviousData,
  });
}
