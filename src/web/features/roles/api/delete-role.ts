/** DELETE /api/roles/{id}: refused while a user holds the role or it has child roles. */

import { getI18n, useTranslation } from 'react-i18next';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { rolesQueryKey } from './keys.ts';

export function deleteRole(id: string) {
  return api<{ message: string }>(`/roles/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallback: getI18n().t('admin:roles.deleteFailed'),
  });
}

export function useDeleteRole(opts: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: deleteRole,
    fallback: t('roles.deleteFailed'),
    success: t('roles.deleted'),
    invalidate: [rolesQueryKey, queryRoots.assignableRoles],
    onSuccess: opts.onSuccess,
  });
}
