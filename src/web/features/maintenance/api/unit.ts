/** One unit: GET /api/units/:id, its contracts; raising a request for it (POST /api/service-requests with unitId). */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { ContractItem } from '#shared/contracts/maintenance.ts';
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
