/**
 * The parts catalogue: GET /api/parts (paged, searched by SKU or name, by kind and active), POST
 * /api/parts and PATCH /api/parts/:id (the admins'). A refusal is left to the dialog, which puts
 * the server's field errors on its fields.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { PartBody, PartItem } from '#shared/contracts/stock.ts';
import type { PartKind } from '#shared/domain/stock.ts';
import { api, apiList, type PagedQuery } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { STOCK_KEYS } from './keys.ts';

export type PartFilter = PagedQuery & { search?: string; kind?: PartKind; active?: boolean; productId?: string };

export function useParts(query: PartFilter, enabled = true) {
  return useQuery({
    queryKey: [...STOCK_KEYS.parts, query],
    queryFn: ({ signal }) =>
      apiList<PartItem>('/parts', { query, signal, fallback: getI18n().t('stock:parts.fetchFailed') }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSavePart(onSaved: () => void) {
  const t = getI18n().t;
  return useApiMutation<PartItem, { id?: string; body: PartBody }>({
    mutationFn: ({ id, body }) =>
      id
        ? api<PartItem>(`/parts/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : api<PartItem>('/parts', { method: 'POST', body }),
    fallback: t('stock:parts.saveFailed'),
    success: (_d, v) => (v.id ? t('stock:parts.updated') : t('stock:parts.created')),
    // The catalogue's names show in every stock screen.
    invalidate: [STOCK_KEYS.root],
    onSuccess: onSaved,
  });
}
