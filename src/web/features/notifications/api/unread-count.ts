/**
 * The unread notification count for the top bar's bell: GET /api/notifications/unread-count
 * ({ count }), fetched on mount and then every UNREAD_POLL_MS (spec section 9).
 * Anything that changes the count (mark read, a pushed event) should update or invalidate
 * `unreadCountQueryKey`; `useUnreadCount()` keeps the shape { count }. It also keeps the live
 * stream open (./stream.ts), which writes pushed counts into the same query.
 */
import { useQuery } from '@tanstack/react-query';
import { UNREAD_POLL_MS } from '#shared/domain/constants.ts';
import { api } from '#web/lib/api-client.ts';
import { useNotificationStream } from './stream.ts';

export interface UnreadCount {
  count: number;
}

import { getI18n } from 'react-i18next';
import { unreadCountQueryKey } from './keys.ts';

export { unreadCountQueryKey };

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api<UnreadCount>('/notifications/unread-count', {
    fallback: getI18n().t('notifications:unreadFailed'),
    signal,
  });
}

export function useUnreadCount(enabled = true): UnreadCount {
  useNotificationStream(enabled);
  const query = useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnMount: 'always',
    retry: false,
  });
  return { count: Math.max(0, query.data?.count ?? 0) };
}
