/**
 * A unit's contracts (issue 21): GET /api/units/:id/contracts; POST /api/units/:id/contracts (a new
 * one), PATCH /api/contracts/:id (an edit: only what changed; { status: CANCELLED } cancels it).
 */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { ContractBody, ContractItem, ContractPatchBody } from '#shared/contracts/contracts.ts';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

export function useUnitContracts(unitId: string) {
  return useQuery({
    // Under the unit's key (['maintenance', 'unit', id]): invalidating the unit reaches them.
    queryKey: [...queryRoots.units, unitId, 'contracts'],
    queryFn: ({ signal }) => api<ContractItem[]>(`/units/${unitId}/contracts`, { signal }),
  });
}

/** Saves a new contract of a unit, or the changes to one (`contract`). */
export function useSaveContract(unitId: string, contract: ContractItem | undefined, onSuccess: () => void) {
  const t = getI18n().t;
  return useApiMutation<ContractItem, ContractBody | ContractPatchBody>({
    mutationFn: (body) =>
      contract
        ? api<ContractItem>(`/contracts/${contract.id}`, { method: 'PATCH', body })
        : api<ContractItem>(`/units/${unitId}/contracts`, { method: 'POST', body }),
    fallback: contract ? t('maintenance:contract.editFailed') : t('maintenance:contract.failed'),
    success: contract ? t('maintenance:contract.updated') : t('maintenance:contract.saved'),
    // The unit's page (its contracts, an AMC's visit row), the due list and the counts.
    invalidate: [queryRoots.maintenance],
    toastError: false,
    onSuccess,
  });
}

/** PATCH /api/contracts/:id { status: CANCELLED }: its AMC visits stop being due. */
export function useCancelContract() {
  const t = getI18n().t;
  return useApiMutation<ContractItem, string>({
    mutationFn: (id) => api<ContractItem>(`/contracts/${id}`, { method: 'PATCH', body: { status: 'CANCELLED' } }),
    fallback: t('maintenance:contract.cancelFailed'),
    success: t('maintenance:contract.cancelled'),
    invalidate: [queryRoots.maintenance],
  });
}
