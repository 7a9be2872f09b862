/** PUT /api/customers/{id}: the whole record, as the dialog holds it. */
import type { CustomerInput, CustomerItem } from '#shared/contracts/customers.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { customersQueryKey } from './keys.ts';

export function updateCustomer({ id, body }: { id: string; body: CustomerInput }) {
  return api<CustomerItem>(`/customers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallback: 'Operation failed',
  });
}

export function useUpdateCustomer(opts: { onSuccess?: () => void } = {}) {
  return useApiMutation({
    mutationFn: updateCustomer,
    fallback: 'Operation failed',
    success: 'Customer updated successfully!',
    invalidate: [customersQueryKey],
    onSuccess: opts.onSuccess,
  });
}
