/** Record a purifier installed at a customer (issue 21): POST /api/customers/:id/units. */
import { getI18n } from 'react-i18next';
import type { UnitDetails } from '#shared/contracts/units.ts';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { customerUnitsQueryKey } from './customer-units.ts';

export interface NewUnit {
  productId: string;
  serialNumber: string;
  installedOn: string;
  locationNote: string;
}

export function useAddUnit(customerId: string, onSuccess: () => void) {
  const t = getI18n().t;
  return useApiMutation<UnitDetails, NewUnit>({
    mutationFn: (body) => api<UnitDetails>(`/customers/${customerId}/units`, { method: 'POST', body }),
    fallback: t('maintenance:addUnit.failed'),
    success: t('maintenance:addUnit.saved'),
    invalidate: [customerUnitsQueryKey(customerId), queryRoots.maintenance],
    toastError: false,
    onSuccess,
  });
}
