/**
 * GET /api/regions, every region by name: one query under one key for every screen that lists
 * regions (the Regions page, and the Region selects of the user form, the customer dialog, the
 * New Request form and the due list's filter), so they share one cached response and one
 * invalidation. It stays here, not in features/regions, because five features read it; a query
 * one feature owns lives in that feature's api/ (the app composes what another feature shows).
 */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { RegionItem } from '#shared/contracts/regions.ts';
import { api } from '#web/lib/api-client.ts';

export const regionListQueryKey = ['regions', 'list'] as const;

export function fetchRegions(signal?: AbortSignal) {
  return api<RegionItem[]>('/regions', { signal, fallback: getI18n().t('common:loadFailed') });
}

export function useRegions() {
  return useQuery({ queryKey: regionListQueryKey, queryFn: ({ signal }) => fetchRegions(signal) });
}
