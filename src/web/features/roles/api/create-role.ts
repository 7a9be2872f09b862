/** POST /api/roles {name, permissions: {}}: the new role hangs under the caller's own role (ADR 009). */

import { getI18n, useTranslation } from 'react-i18next';
import type { CreateRoleInput, RoleItem } from '#shared/contracts/roles.ts';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { rolesQueryKey } from './keys.ts';

export function createRole(body: CreateRoleInput) {
  return api<RoleItem>('/roles', { method: 'POST', body, fallback: getI18n().t('common:operationFailed') });
}

export function useCreateRole(opts: { onSuccess?: () => void; onError?: (err: Error) => void } = {}) {
  const { t } = useTranslation('admin');
  return useApiMutation({
    mutationFn: createRole,
    fallback: t('common:operationFailed'),
    success: t('roles.created'),
    invalidate: [rolesQueryKey, queryRoots.assignableRoles],
    onSuccess: opts.onSuccess,
    onError: opts.onError,
  });
}
