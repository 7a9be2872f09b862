/**
 * The van's transfers that need a signal (issue 37, ADR 049 item 5): receiving what the store
 * issued (POST /api/stock/transfers/:id/receive: the parts arrive in the van's on-hand) and
 * returning parts to a store (POST /api/stock/transfers from the van: they leave the van at once
 * and reach the store when it receives them). Both answer the transfer; My Van is read again.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StockLine, StockLocationItem, TransferItem } from '#shared/contracts/stock.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { storesQueryKey, vanQueryKey } from './keys.ts';

export function useReceiveTransfer() {
  const { t } = useTranslation('van');
  return useApiMutation({
    mutationFn: (id: string) =>
      api<TransferItem>(`/stock/transfers/${id}/receive`, {
        method: 'POST',
        body: { clientTime: new Date().toISOString() },
        fallback: t('receive.failed'),
      }),
    fallback: t('receive.failed'),
    success: t('receive.done'),
    invalidate: [vanQueryKey],
  });
}

export function useReturnParts(onSuccess?: () => void) {
  const { t } = useTranslation('van');
  return useApiMutation({
    mutationFn: (v: { fromLocationId: string; toLocationId: string; lines: StockLine[]; note: string }) =>
      api<TransferItem>('/stock/transfers', {
        method: 'POST',
        body: {
          fromLocationId: v.fromLocationId,
          toLocationId: v.toLocationId,
          lines: v.lines,
          ...(v.note.trim() ? { note: v.note.trim() } : {}),
        },
        fallback: t('return.failed'),
      }),
    fallback: t('return.failed'),
    success: t('return.done'),
    invalidate: [vanQueryKey],
    onSuccess: () => onSuccess?.(),
  });
}

/** The stores of the technician's region (GET /api/stock-locations?kind=STORE), active ones. */
export function useStores(enabled: boolean) {
  return useQuery({
    queryKey: storesQueryKey,
    queryFn: ({ signal }) =>
      api<StockLocationItem[]>('/stock-locations', { query: { kind: 'STORE' }, signal }).then((all) =>
        all.filter((s) => s.active),
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}
