/**
 * Transfers and part requests: GET /api/stock/transfers (by status and location, paged), POST
 * /api/stock/transfers (issued at once), POST /api/stock/transfers/:id/issue (a part request, its
 * lines as asked or changed), /receive and /cancel. A refusal (409: beyond on-hand, moved on) is
 * toasted in the server's words, except where a dialog shows it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { StockLine, TransferBody, TransferItem } from '#shared/contracts/stock.ts';
import type { TransferStatus } from '#shared/domain/stock.ts';
import { api, apiList, type PagedQuery } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { STOCK_KEYS, STOCK_MOVED } from './keys.ts';

export type TransferFilter = PagedQuery & { status?: TransferStatus; locationId?: string };

export function useTransfers(query: TransferFilter) {
  return useQuery({
    queryKey: [...STOCK_KEYS.transfers, query],
    queryFn: ({ signal }) =>
      apiList<TransferItem>('/stock/transfers', {
        query,
        signal,
        fallback: getI18n().t('stock:transfers.fetchFailed'),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateTransfer(onSaved: () => void) {
  const t = getI18n().t;
  return useApiMutation<TransferItem, TransferBody>({
    mutationFn: (body) =>
      api<TransferItem>('/stock/transfers', { method: 'POST', body, fallback: t('stock:transfers.createFailed') }),
    fallback: t('stock:transfers.createFailed'),
    success: t('stock:transfers.created'),
    invalidate: STOCK_MOVED,
    onSuccess: onSaved,
  });
}

export type TransferAction =
  | { id: string; action: 'issue'; lines: StockLine[]; note?: string | null }
  | { id: string; action: 'receive' | 'cancel' };

export function useTransferAction(onDone: () => void) {
  const t = getI18n().t;
  const words = {
    issue: { ok: t('stock:transfers.issued'), failed: t('stock:transfers.issueFailed') },
    receive: { ok: t('stock:transfers.received'), failed: t('stock:transfers.receiveFailed') },
    cancel: { ok: t('stock:transfers.cancelled'), failed: t('stock:transfers.cancelFailed') },
  };
  return useApiMutation<TransferItem, TransferAction>({
    mutationFn: (a) =>
      api<TransferItem>(`/stock/transfers/${encodeURIComponent(a.id)}/${a.action}`, {
        method: 'POST',
        body: a.action === 'issue' ? { lines: a.lines, note: a.note ?? null } : {},
        fallback: words[a.action].failed,
      }),
    fallback: t('stock:transfers.actionFailed'),
    success: (_d, a) => words[a.action].ok,
    invalidate: STOCK_MOVED,
    onSuccess: onDone,
  });
}
