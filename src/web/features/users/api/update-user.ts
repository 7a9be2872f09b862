/** PUT /api/users/{id}: the same fields as create, without the password. */

import { getI18n, useTranslation } from 'react-i18next';
import type { UpdateUserInput, UserItem } from '#shared/contracts/users.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { usersQueryKey } from './keys.ts';

export function updateUser({ id, body }: { id: string; body: UpdateUserInput }) {
  return api<UserItem>(`/users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallback: getI18n().t('admin:users.updateFailed'),
  });
}

export function useUpdateUser(opts: { onSuccess?: (user: UserItem) => void; onError?: (err: Error) => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: updateUser,
    fallback: t('users.updateFailed'),
    success: t('users.updated'),
    invalidate: [usersQueryKey],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
