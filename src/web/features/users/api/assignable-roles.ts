/** GET /api/users/assignable-roles: the only roles the user forms offer. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { AssignableRole } from '#shared/contracts/users.ts';
import { api } from '#web/lib/api-client.ts';
import { assignableRolesQueryKey } from './keys.ts';

export function fetchAssignableRoles(signal?: AbortSignal) {
  return api<AssignableRole[]>('/users/assignable-roles', { signal, fallback: getI18n().t('admin:roles.fetchFailed') });
}

export function useAssignableRoles() {
  return useQuery({ queryKey: assignableRolesQueryKey, queryFn: ({ signal }) => fetchAssignableRoles(signal) });
}
