/** GET /api/regions for the customer dialog's Region select. */
import { useQuery } from '@tanstack/react-query';
import type { RegionItem } from '#shared/contracts/regions.ts';
import { api } from '#web/lib/api-client.ts';
import { regionOptionsQueryKey } from './keys.ts';

export function fetchRegionOptions(signal?: AbortSignal) {
  return api<RegionItem[]>('/regions', { signal, fallback: 'Failed to load data' });
}

export function useRegionOptions() {
  return useQuery({ queryKey: regionOptionsQueryKey, queryFn: ({ signal }) => fetchRegionOptions(signal) });
}
