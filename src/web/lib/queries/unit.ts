/**
 * GET /api/units/:id (issue 21): one installed unit with its schedule, contracts aside, under one
 * key for the unit page and the request details page's purifier card.
 */
import { useQuery } from '@tanstack/react-query';
import type { UnitDetails } from '#shared/contracts/units.ts';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';

export const unitQueryKey = (id: string) => [...queryRoots.units, id] as const;

export function useUnitDetails(id: string, opts: { fallback?: string; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: unitQueryKey(id),
    queryFn: ({ signal }) => api<UnitDetails>(`/units/${id}`, { signal, fallback: opts.fallback }),
    enabled: opts.enabled ?? true,
  });
}
