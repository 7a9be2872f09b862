/**
 * On-hand stock and its corrections: GET /api/stock (by location, part, store or van, low, negative;
 * paged), PUT /api/stock/reorder-levels, POST /api/stock/adjustments, GET /api/stock/movements
 * (the ledger, newest first).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { AdjustmentBody, MovementItem, ReorderLevelsBody, StockRow } from '#shared/contracts/stock.ts';
import type { LocationKind } from '#shared/domain/stock.ts';
import { api, apiList, type PagedQuery } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { STOCK_KEYS, STOCK_MOVED } from './keys.ts';

export type StockFilter = PagedQuery & {
  locationId?: string;
  partId?: string;
  kind?: LocationKind;
  low?: boolean;
  negative?: boolean;
  search?: string;
};

export function useStock(query: StockFilter) {
  return useQuery({
    queryKey: [...STOCK_KEYS.balances, query],
    queryFn: ({ signal }) =>
      apiList<StockRow>('/stock', { query, signal, fallback: getI18n().t('stock:stock.fetchFailed') }),
    placeholderData: keepPreviousData,
  });
}

export type MovementFilter = PagedQuery & { locationId?: string; partId?: string };

export function useMovements(query: MovementFilter) {
  return useQuery({
    queryKey: [...STOCK_KEYS.movements, query],
    queryFn: ({ signal }) =>
      apiList<MovementItem>('/stock/movements', {
        query,
        signal,
        fallback: getI18n().t('stock:movements.fetchFailed'),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSetReorderLevels(onSaved: () => void) {
  const t = getI18n().t;
  return useApiMutation<unknown, ReorderLevelsBody>({
    mutationFn: (body) =>
      api('/stock/reorder-levels', { method: 'PUT', body, fallback: t('stock:reorder.saveFailed') }),
    fallback: t('stock:reorder.saveFailed'),
    success: t('stock:reorder.saved'),
    invalidate: [STOCK_KEYS.balances],
    onSuccess: onSaved,
  });
}

export function useAdjustStock(onSaved: () => void) {
  const t = getI18n().t;
  return useApiMutation<unknown, AdjustmentBody>({
    mutationFn: (body) => api('/stock/adjustments', { method: 'POST', body, fallback: t('stock:adjust.saveFailed') }),
    fallback: t('stock:adjust.saveFailed'),
    success: t('stock:adjust.saved'),
    invalidate: STOCK_MOVED,
    onSuccess: onSaved,
  });
}
