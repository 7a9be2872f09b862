/** POST /api/customers. */
import type { CustomerInput, CustomerItem } from '#shared/contracts/customers.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { customersQueryKey } from './keys.ts';

export function createCustomer(body: CustomerInput) {
  return api<CustomerItem>('/customers', { method: 'POST', body, fallback: 'Operation failed' });
}

export function useCreateCustomer(opts: { onSuccess?: () => void } = {}) {
  return useApiMutation({
    mutationFn: createCustomer,
    fallback: 'Operation failed',
    success: 'Customer created successfully!',
    invalidate: [customersQueryKey],
    onSuccess: opts.onSuccess,
  });
}
