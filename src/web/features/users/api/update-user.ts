/** PUT /api/users/{id}: the same fields as create, without the password. */
import type { UpdateUserInput, UserItem } from '#shared/contracts/users.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { usersQueryKey } from './keys.ts';

export const UPDATE_USER_FALLBACK = 'Failed to update user';

export function updateUser({ id, body }: { id: string; body: UpdateUserInput }) {
  return api<UserItem>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body, fallback: UPDATE_USER_FALLBACK });
}

export function useUpdateUser(opts: { onSuccess?: (user: UserItem) => void; onError?: (err: Error) => void } = {}) {
  return useApiMutation({
    mutationFn: updateUser,
    fallback: UPDATE_USER_FALLBACK,
    success: 'User updated successfully!',
    invalidate: [usersQueryKey],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
