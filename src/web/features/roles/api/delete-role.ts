/** DELETE /api/roles/{id}: refused while a user holds the role or it has child roles. */
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { rolesQueryKey } from './keys.ts';

export const DELETE_ROLE_FALLBACK = 'Failed to delete role';

export function deleteRole(id: string) {
  return api<{ message: string }>(`/roles/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: DELETE_ROLE_FALLBACK,
  });
}

export function useDeleteRole(opts: { onSuccess?: () => void } = {}) {
  return useApiMutation({
    mutationFn: deleteRole,
    fallback: DELETE_ROLE_FALLBACK,
    success: 'Role deleted successfully!',
    invalidate: [rolesQueryKey, ['users', 'assignable-roles']],
    onSuccess: opts.onSuccess,
  });
}
