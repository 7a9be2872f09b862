/** GET /api/roles: every role with its parent and the immutable flag. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { RoleItem } from '#shared/contracts/roles.ts';
import { api } from '#web/lib/api-client.ts';
import { rolesQueryKey } from './keys.ts';

export function fetchRoles(signal?: AbortSignal) {
  return api<RoleItem[]>('/roles', { signal, fallback: getI18n().t('admin:roles.fetchFailed') });
}

export function useRoles() {
  return useQuery({ queryKey: [...rolesQueryKey, 'list'], queryFn: ({ signal }) => fetchRoles(signal) });
}
