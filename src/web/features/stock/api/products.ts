/** The products a part fits, for the part dialog's choice: GET /api/products, searched on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { ProductItem } from '#shared/contracts/products.ts';
import { apiList } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';

export function useProductOptions(search: string | undefined) {
  const query = { page: 1, pageSize: 50, search };
  return useQuery({
    queryKey: [...queryRoots.products, 'options', query],
    queryFn: ({ signal }) =>
      apiList<ProductItem>('/products', { query, signal, fallback: getI18n().t('common:loadFailed') }),
    placeholderData: keepPreviousData,
  });
}
