/** DELETE /api/users/{id}: deactivates the user (they leave the table and can no longer sign in). */
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { usersQueryKey } from './keys.ts';

export const DELETE_USER_FALLBACK = 'Failed to delete user';

export function deleteUser(id: string) {
  return api<{ message: string }>(`/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: DELETE_USER_FALLBACK,
  });
}

export function useDeleteUser(opts: { onSuccess?: () => void } = {}) {
  return useApiMutation({
    mutationFn: deleteUser,
    fallback: DELETE_USER_FALLBACK,
    success: 'User deleted successfully!',
    invalidate: [usersQueryKey],
    onSuccess: opts.onSuccess,
  });
}
