/** POST /api/users: the server takes createdById from the session, whatever the body says. */

import { getI18n, useTranslation } from 'react-i18next';
import type { CreateUserInput, UserItem } from '#shared/contracts/users.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { usersQueryKey } from './keys.ts';

export function createUser(body: CreateUserInput) {
  return api<UserItem>('/users', { method: 'POST', body, fallback: getI18n().t('admin:users.createFailed') });
}

export function useCreateUser(opts: { onSuccess?: (user: UserItem) => void; onError?: (err: Error) => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: createUser,
    fallback: t('users.createFailed'),
    success: t('users.created'),
    invalidate: [usersQueryKey],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
