/** PUT /api/customers/{id}/consent: a customer's consent to WhatsApp and SMS messages (issue 35). */
import { useTranslation } from 'react-i18next';
import type { CustomerItem } from '#shared/contracts/customers.ts';
import type { ConsentBody } from '#shared/contracts/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { customersQueryKey } from './keys.ts';

export function useSetConsent(customerId: string) {
  const { t } = useTranslation('admin');
  return useApiMutation<CustomerItem, ConsentBody>({
    mutationFn: (body) =>
      api<CustomerItem>(`/customers/${encodeURIComponent(customerId)}/consent`, {
        method: 'PUT',
        body,
        fallback: t('customers.consent.failed'),
      }),
    fallback: t('customers.consent.failed'),
    success: t('customers.consent.saved'),
    invalidate: [customersQueryKey],
  });
}
