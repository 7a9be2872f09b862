/**
 * Purchases: GET /api/purchases (by status, supplier and store; paged), GET /api/purchases/:id,
 * POST /api/purchases (recorded as DRAFT with its totals), POST /api/purchases/:id/receive and
 * /reverse ({ reason }), and the invoice's photo or PDF (POST /api/purchases/:id/invoice,
 * multipart 'file', with its progress).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { PurchaseBody, PurchaseItem } from '#shared/contracts/stock.ts';
import type { PurchaseStatus } from '#shared/domain/stock.ts';
import { useToast } from '#web/components/toast.tsx';
import { api, apiList, errorMessage, type PagedQuery, upload } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { STOCK_KEYS, STOCK_MOVED } from './keys.ts';

export type PurchaseFilter = PagedQuery & { status?: PurchaseStatus; supplierId?: string; storeId?: string };

export function usePurchases(query: PurchaseFilter) {
  return useQuery({
    queryKey: [...STOCK_KEYS.purchases, query],
    queryFn: ({ signal }) =>
      apiList<PurchaseItem>('/purchases', { query, signal, fallback: getI18n().t('stock:purchases.fetchFailed') }),
    placeholderData: keepPreviousData,
  });
}

export function usePurchase(id: string) {
  return useQuery({
    queryKey: STOCK_KEYS.purchase(id),
    queryFn: ({ signal }) =>
      api<PurchaseItem>(`/purchases/${encodeURIComponent(id)}`, {
        signal,
        fallback: getI18n().t('stock:purchase.fetchFailed'),
      }),
  });
}

/** The answer is the purchase: it goes into the details' cache before the lists are marked stale. */
const cacheOne = (p: PurchaseItem) => [{ queryKey: STOCK_KEYS.purchase(p.id), data: p }];

export function useCreatePurchase(onSaved: (p: PurchaseItem) => void) {
  const t = getI18n().t;
  return useApiMutation<PurchaseItem, PurchaseBody>({
    mutationFn: (body) =>
      api<PurchaseItem>('/purchases', { method: 'POST', body, fallback: t('stock:purchase.createFailed') }),
    fallback: t('stock:purchase.createFailed'),
    success: t('stock:purchase.created'),
    cache: cacheOne,
    invalidate: [STOCK_KEYS.purchases],
    onSuccess: onSaved,
  });
}

export function useReceivePurchase(onDone: () => void) {
  const t = getI18n().t;
  return useApiMutation<PurchaseItem, string>({
    mutationFn: (id) =>
      api<PurchaseItem>(`/purchases/${encodeURIComponent(id)}/receive`, {
        method: 'POST',
        body: {},
        fallback: t('stock:purchase.receiveFailed'),
      }),
    fallback: t('stock:purchase.receiveFailed'),
    success: t('stock:purchase.receivedToast'),
    cache: cacheOne,
    // The store's stock and the parts' costs moved.
    invalidate: [...STOCK_MOVED, STOCK_KEYS.parts],
    onSuccess: onDone,
  });
}

export function useReversePurchase(onDone: () => void) {
  const t = getI18n().t;
  return useApiMutation<PurchaseItem, { id: string; reason: string }>({
    mutationFn: ({ id, reason }) =>
      api<PurchaseItem>(`/purchases/${encodeURIComponent(id)}/reverse`, {
        method: 'POST',
        body: { reason },
        fallback: t('stock:purchase.reverseFailed'),
      }),
    fallback: t('stock:purchase.reverseFailed'),
    success: t('stock:purchase.reversedToast'),
    cache: cacheOne,
    invalidate: [...STOCK_MOVED, STOCK_KEYS.parts],
    onSuccess: onDone,
  });
}

/** The invoice's photo or PDF, with the upload's progress; a refusal (type, size) is toasted. */
export function useUploadInvoice(id: string, onProgress: (percent: number) => void) {
  const t = getI18n().t;
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return upload<PurchaseItem>(`/purchases/${encodeURIComponent(id)}/invoice`, form, {
        onProgress,
        fallback: t('stock:purchase.uploadFailed'),
      });
    },
    onSuccess: async (answer) => {
      toast.success(t('stock:purchase.uploaded'));
      if (answer && typeof answer === 'object' && 'id' in answer)
        queryClient.setQueryData(STOCK_KEYS.purchase(id), answer);
      await queryClient.invalidateQueries({ queryKey: STOCK_KEYS.purchase(id) });
    },
    onError: (error) => toast.error(errorMessage(error, t('stock:purchase.uploadFailed'))),
  });
}
