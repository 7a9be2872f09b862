/** PUT /api/roles/{id} {name}: custom roles only; the server refuses system roles. */

import { getI18n, useTranslation } from 'react-i18next';
import type { RoleItem, UpdateRoleInput } from '#shared/contracts/roles.ts';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { rolesQueryKey } from './keys.ts';

export function updateRole({ id, body }: { id: string; body: UpdateRoleInput }) {
  return api<RoleItem>(`/roles/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    fallback: getI18n().t('common:operationFailed'),
  });
}

export function useUpdateRole(opts: { onSuccess?: () => void; onError?: (err: Error) => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: updateRole,
    fallback: t('common:operationFailed'),
    success: t('roles.updated'),
    invalidate: [rolesQueryKey, queryRoots.users],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
