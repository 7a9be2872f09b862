/** GET /api/users: the caller's user table, paged and searched on the server (total in X-Total-Count). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { UserItem, UserListQuery } from '#shared/contracts/users.ts';
import { apiList, type PagedQuery } from '#web/lib/api-client.ts';
import { usersQueryKey } from './keys.ts';

export type UsersQuery = Partial<UserListQuery> & PagedQuery;

export function fetchUsers(query: UsersQuery, signal?: AbortSignal) {
  return apiList<UserItem>('/users', { query, signal, fallback: getI18n().t('admin:users.fetchFailed') });
}

export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: [...usersQueryKey, 'list', query],
    queryFn: ({ signal }) => fetchUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
