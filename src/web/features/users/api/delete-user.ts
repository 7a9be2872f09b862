/** DELETE /api/users/{id}: deactivates the user (they leave the table and can no longer sign in). */

import { getI18n, useTranslation } from 'react-i18next';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { usersQueryKey } from './keys.ts';

export function deleteUser(id: string) {
  return api<{ message: string }>(`/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: getI18n().t('admin:users.deleteFailed'),
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
