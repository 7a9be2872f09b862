/** POST /api/customers. */

import { getI18n, useTranslation } from 'react-i18next';
import type { CustomerInput, CustomerItem } from '#shared/contracts/customers.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { customersQueryKey } from './keys.ts';

export function createCustomer(body: CustomerInput) {
  return api<CustomerItem>('/customers', { method: 'POST', body, fallback: getI18n().t('common:operationFailed') });
}

export function useCreateCustomer(opts: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: createCustomer,
    fallback: t('common:operationFailed'),
    success: t('customers.created'),
    invalidate: [customersQueryKey],
    onSuccess: opts.onSuccess,
  });
}
