/** GET /api/roles: every role with its parent and the immutable flag. */
import { useQuery } from '@tanstack/react-query';
import type { RoleItem } from '#shared/contracts/roles.ts';
import { api } from '#web/lib/api-client.ts';
import { rolesQueryKey } from './keys.ts';

export const FETCH_ROLES_FALLBACK = 'Failed to fetch roles';

export function fetchRoles(signal?: AbortSignal) {
  return api<RoleItem[]>('/roles', { signal, fallback: FETCH_ROLES_FALLBACK });
}

export function useRoles() {
  return useQuery({ queryKey: [...rolesQueryKey, 'list'], queryFn: ({ signal }) => fetchRoles(signal) });
}
