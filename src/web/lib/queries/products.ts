/** GET /api/products (issue 21): the catalogue for a product choice (the unit dialog), one query under one key. */
import { useQuery } from '@tanstack/react-query';
import type { ProductItem } from '#shared/contracts/maintenance.ts';
import { apiList } from '#web/lib/api-client.ts';

export function useProductChoices(enabled = true) {
  return useQuery({
    queryKey: ['maintenance', 'products', 'choices'],
    queryFn: ({ signal }) => apiList<ProductItem>('/products', { query: { page: 1, pageSize: 100 }, signal }),
    enabled,
  });
}
