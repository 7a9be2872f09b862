/** GET /api/users/{id}: one user of the caller's table (the edit form's prefill). */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { UserItem } from '#shared/contracts/users.ts';
import { api } from '#web/lib/api-client.ts';
import { usersQueryKey } from './keys.ts';

export function fetchUser(id: string, signal?: AbortSignal) {
  return api<UserItem>(`/users/${encodeURIComponent(id)}`, {
    signal,
    fallback: getI18n().t('admin:users.fetchOneFailed'),
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: [...usersQueryKey, 'one', id],
    queryFn: ({ signal }) => fetchUser(id as string, signal),
    enabled: !!id,
    // A saved form must not be refilled from a background refetch.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
