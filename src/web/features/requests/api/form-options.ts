/**
 * The New Request form's choices: GET /api/regions, and GET /api/customers of one region
 * (searched on the server, so it stays quick however many customers there are).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerItem } from '#shared/contracts/customers.ts';
import type { RegionItem } from '#shared/contracts/regions.ts';
import { api, apiList } from '#web/lib/api-client.ts';
import { customerOptionsQueryKey, regionOptionsQueryKey } from './keys.ts';

export const LOAD_FALLBACK = 'Failed to load data';
/** How many customers the picker offers at once; typing narrows the list on the server. */
export const CUSTOMER_OPTIONS_LIMIT = 50;

export function useRegionOptions() {
  return useQuery({
    queryKey: regionOptionsQueryKey,
    queryFn: ({ signal }) => api<RegionItem[]>('/regions', { signal, fallback: LOAD_FALLBACK }),
  });
}

export function useCustomerOptions(regionId: string, search: string) {
  return useQuery({
    queryKey: [...customerOptionsQueryKey, regionId, search],
    enabled: !!regionId,
    queryFn: ({ signal }) =>
      apiList<CustomerItem>('/customers', {
        query: { regionId, search: search || undefined, page: 1, pageSize: CUSTOMER_OPTIONS_LIMIT },
        signal,
        fallback: LOAD_FALLBACK,
      }),
    placeholderData: keepPreviousData,
  });
}
