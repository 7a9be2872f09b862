/** The product catalogue: GET/POST /api/products, PUT/DELETE /api/products/:id. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { ProductBody, ProductItem } from '#shared/contracts/products.ts';
import { api, apiList } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

export function useProducts(query: { page: number; pageSize: number; search?: string }) {
  return useQuery({
    queryKey: [...queryRoots.products, query],
    queryFn: ({ signal }) =>
      apiList<ProductItem>('/products', { query, signal, fallback: getI18n().t('maintenance:products.fetchFailed') }),
  });
}

export function useSaveProduct() {
  const t = getI18n().t;
  return useApiMutation<ProductItem, { id?: string; body: ProductBody }>({
    mutationFn: ({ id, body }) =>
      id
        ? api<ProductItem>(`/products/${id}`, { method: 'PUT', body })
        : api<ProductItem>('/products', { method: 'POST', body }),
    fallback: t('maintenance:products.saveFailed'),
    success: t('maintenance:products.saved'),
    invalidate: [queryRoots.products],
    toastError: false,
  });
}

export function useDeleteProduct() {
  const t = getI18n().t;
  return useApiMutation<unknown, string>({
    mutationFn: (id) => api(`/products/${id}`, { method: 'DELETE' }),
    fallback: t('maintenance:products.deleteFailed'),
    success: t('maintenance:products.deleted'),
    invalidate: [queryRoots.products],
  });
}
