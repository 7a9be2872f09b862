/** Suppliers: GET /api/suppliers (paged, searched by name, GSTIN or phone), POST and PATCH /api/suppliers/:id. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { SupplierBody, SupplierItem } from '#shared/contracts/stock.ts';
import { api, apiList, type PagedQuery } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { STOCK_KEYS } from './keys.ts';

export type SupplierFilter = PagedQuery & { search?: string };

export function useSuppliers(query: SupplierFilter) {
  return useQuery({
    queryKey: [...STOCK_KEYS.suppliers, query],
    queryFn: ({ signal }) =>
      apiList<SupplierItem>('/suppliers', { query, signal, fallback: getI18n().t('stock:suppliers.fetchFailed') }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveSupplier(onSaved: () => void) {
  const t = getI18n().t;
  return useApiMutation<SupplierItem, { id?: string; body: SupplierBody }>({
    mutationFn: ({ id, body }) =>
      id
        ? api<SupplierItem>(`/suppliers/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : api<SupplierItem>('/suppliers', { method: 'POST', body }),
    fallback: t('stock:suppliers.saveFailed'),
    success: (_d, v) => (v.id ? t('stock:suppliers.updated') : t('stock:suppliers.created')),
    // A renamed supplier shows on the purchases too.
    invalidate: [STOCK_KEYS.suppliers, STOCK_KEYS.purchases],
    onSuccess: onSaved,
  });
}
