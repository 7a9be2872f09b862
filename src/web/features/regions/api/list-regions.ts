/** GET /api/regions: every region, by name. */
import { useQuery } from '@tanstack/react-query';
import type { RegionItem } from '#shared/contracts/regions.ts';
import { api } from '#web/lib/api-client.ts';
import { regionListQueryKey } from './keys.ts';

export const FETCH_REGIONS_FALLBACK = 'Failed to load data';

export function fetchRegions(signal?: AbortSignal) {
  return api<RegionItem[]>('/regions', { signal, fallback: FETCH_REGIONS_FALLBACK });
}

export function useRegions() {
  return useQuery({ queryKey: regionListQueryKey, queryFn: ({ signal }) => fetchRegions(signal) });
}
