/**
 * GET /api/products (issue 21): the catalogue for a product choice (the Add unit dialog, an
 * installation's completion), under the catalogue's root so the products feature's saves refresh it.
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
