/** DELETE /api/users/{id}: deactivates the user (they leave the table and can no longer sign in). */

import { useTranslation } from 'react-i18next';
import { i18n } from '#web/i18n/index.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { usersQueryKey } from './keys.ts';

export function deleteUser(id: string) {
  return api<{ message: string }>(`/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: i18n.t('admin:users.deleteFailed'),
  });
}

export function useDeleteUser(opts: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: deleteUser,
    fallback: t('users.deleteFailed'),
    success: t('users.deleted'),
    invalidate: [usersQueryKey],
    onSuccess: opts.onSuccess,
  });
}
