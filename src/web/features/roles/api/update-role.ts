/** PUT /api/roles/{id} {name}: custom roles only; the server refuses system roles. */
import type { RoleItem, UpdateRoleInput } from '#shared/contracts/roles.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { rolesQueryKey } from './keys.ts';

export function updateRole({ id, body }: { id: string; body: UpdateRoleInput }) {
  return api<RoleItem>(`/roles/${encodeURIComponent(id)}`, { method: 'PUT', body, fallback: 'Operation failed' });
}

export function useUpdateRole(opts: { onSuccess?: () => void; onError?: (err: Error) => void } = {}) {
  return useApiMutation({
    mutationFn: updateRole,
    fallback: 'Operation failed',
    success: 'Role updated successfully!',
    invalidate: [rolesQueryKey, ['users']],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
