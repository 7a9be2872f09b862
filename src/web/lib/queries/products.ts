/**
 * GET /api/products (issue 21): the catalogue for a product choice, one query under one key for
 * the units' Add unit dialog and the requests' completion dialog (its parts).
 */
import { useQuery } from '@tanstack/react-query';
import type { ProductItem } from '#shared/contracts/products.ts';
import { apiList } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';

export function useProductChoices(enabled = true) {
  return useQuery({
    queryKey: [...queryRoots.products, 'choices'],
    queryFn: ({ signal }) => apiList<ProductItem>('/products', { query: { page: 1, pageSize: 100 }, signal }),
    enabled,
  });
}
