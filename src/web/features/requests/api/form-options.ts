/**
 * The New Request form's customer choices: GET /api/customers of one region (searched on the
 * server, so it stays quick however many customers there are). Its regions come from the shared
 * query in #web/lib/queries/regions.ts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { CustomerItem } from '#shared/contracts/customers.ts';
import { apiList } from '#web/lib/api-client.ts';
import { customerOptionsQueryKey } from './keys.ts';

/** How many customers the picker offers at once; typing narrows the list on the server. */
export const CUSTOMER_OPTIONS_LIMIT = 50;

export function useCustomerOptions(regionId: string, search: string) {
  return useQuery({
    queryKey: [...customerOptionsQueryKey, regionId, search],
    enabled: !!regionId,
    queryFn: ({ signal }) =>
      apiList<CustomerItem>('/customers', {
        query: { regionId, search: search || undefined, page: 1, pageSize: CUSTOMER_OPTIONS_LIMIT },
        signal,
        fallback: getI18n().t('common:loadFailed'),
      }),
    placeholderData: keepPreviousData,
  });
}
