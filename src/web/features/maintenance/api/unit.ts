/** One unit: GET /api/units/:id, its contracts; raising a request for it (POST /api/service-requests with unitId). */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { ContractItem, UnitDetails } from '#shared/contracts/maintenance.ts';
import { api } from '#web/lib/api-client.ts';
import { useUnitDetails } from '#web/lib/queries/unit.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { MAINTENANCE_KEYS } from './keys.ts';

export function useUnit(id: string) {
  return useUnitDetails(id, { fallback: getI18n().t('maintenance:unit.fetchFailed') });
}

export function useUnitContracts(id: string) {
  return useQuery({
    queryKey: [...MAINTENANCE_KEYS.unit(id), 'contracts'],
    queryFn: ({ signal }) => api<ContractItem[]>(`/units/${id}/contracts`, { signal }),
  });
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
    invalidate: [MAINTENANCE_KEYS.unit(unit.id), ['maintenance'], ['service-requests'], ['dashboard']],
    toastError: false,
  });
}

/** PATCH /api/contracts/:id { status: CANCELLED }: its AMC visits stop being due. */
export function useCancelContract() {
  const t = getI18n().t;
  return useApiMutation<ContractItem, string>({
    mutationFn: (id) => api<ContractItem>(`/contracts/${id}`, { method: 'PATCH', body: { status: 'CANCELLED' } }),
    fallback: t('maintenance:contract.cancelFailed'),
    success: t('maintenance:contract.cancelled'),
    invalidate: [['maintenance']],
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
    cache: (unit) => [{ queryKey: MAINTENANCE_KEYS.unit(unitId), data: unit }],
    // The due list, the counts and the customer's units move with it.
    invalidate: [['maintenance']],
    toastError: false,
  });
}
