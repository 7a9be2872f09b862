/** POST /api/users: the server takes createdById from the session, whatever the body says. */
import type { CreateUserInput, UserItem } from '#shared/contracts/users.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { usersQueryKey } from './keys.ts';

export const CREATE_USER_FALLBACK = 'Failed to create user';

export function createUser(body: CreateUserInput) {
  return api<UserItem>('/users', { method: 'POST', body, fallback: CREATE_USER_FALLBACK });
}

export function useCreateUser(opts: { onSuccess?: (user: UserItem) => void; onError?: (err: Error) => void } = {}) {
  return useApiMutation({
    mutationFn: createUser,
    fallback: CREATE_USER_FALLBACK,
    success: 'User created successfully!',
    invalidate: [usersQueryKey],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
