/** One unit: GET /api/units/:id; raising a request for it (POST /api/service-requests with unitId); correcting a part's date. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { UnitDetails } from '#shared/contracts/units.ts';
import { api } from '#web/lib/api-client.ts';
import { phoneRead } from '#web/lib/offline/app-queue.ts';
import { keptKeys } from '#web/lib/offline/read-cache.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

/** One unit under one key, for the unit page and the request details page's purifier card. */
export const unitQueryKey = (id: string) => [...queryRoots.units, id] as const;

export function useUnitDetails(id: string, opts: { fallback?: string; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: unitQueryKey(id),
    // A technician's units are kept on the phone with their tasks (issue 33): read offline too.
    queryFn: ({ signal }) =>
      phoneRead(keptKeys.unit(id), () => api<UnitDetails>(`/units/${id}`, { signal, fallback: opts.fallback })),
    enabled: opts.enabled ?? true,
  });
}

export function useUnit(id: string) {
  return useUnitDetails(id, { fallback: getI18n().t('maintenance:unit.fetchFailed') });
}

export function useRaiseRequest(unit: { id: string; customerId: string; regionId: string }) {
  const t = getI18n().t;
  return useApiMutation<{ id: string }, string>({
    mutationFn: (description) =>
      api<{ id: string }>('/service-requests', {
        method: 'POST',
        body: { type: 'SERVICE', description, customerId: unit.customerId, regionId: unit.regionId, unitId: unit.id },
      }),
    fallback: t('maintenance:unit.raiseFailed'),
    success: t('maintenance:unit.raised'),
    invalidate: [unitQueryKey(unit.id), queryRoots.maintenance, queryRoots.requests, queryRoots.dashboard],
    toastError: false,
  });
}

/**
 * PATCH /api/units/:id { schedule: [{ partId, lastChangedOn }] }: a part's last change as recorded
 * on paper; the answer is the unit with the part's next due date moved, shown at once.
 */
export function useCorrectPartDate(unitId: string) {
  const t = getI18n().t;
  return useApiMutation<UnitDetails, { partId: string; lastChangedOn: string }>({
    mutationFn: (change) => api<UnitDetails>(`/units/${unitId}`, { method: 'PATCH', body: { schedule: [change] } }),
    fallback: t('maintenance:correct.failed'),
    success: t('maintenance:correct.saved'),
    cache: (unit) => [{ queryKey: unitQueryKey(unitId), data: unit }],
    // The due list, the counts and the customer's units move with it.
    invalidate: [queryRoots.maintenance],
    toastError: false,
  });
}
