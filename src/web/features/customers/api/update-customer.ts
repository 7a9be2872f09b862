/** PUT /api/customers/{id}: the whole record, as the dialog holds it. */

import { getI18n, useTranslation } from 'react-i18next';
import type { CustomerInput, CustomerItem } from '#shared/contracts/customers.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { customersQueryKey } from './keys.ts';

export function updateCustomer({ id, body }: { id: string; body: CustomerInput }) {
  return api<CustomerItem>(`/customers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallback: getI18n().t('common:operationFailed'),
  });
}

export function useUpdateCustomer(opts: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: updateCustomer,
    fallback: t('common:operationFailed'),
    success: t('customers.updated'),
    invalidate: [customersQueryKey],
    onSuccess: opts.onSuccess,
  });
}
