/** GET /api/notifications: the caller's own, newest first, paged (total in X-Total-Count). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { NotificationItem } from '#shared/contracts/notifications.ts';
import { apiList } from '#web/lib/api-client.ts';
import { notificationsQueryKey } from './keys.ts';

export { notificationsQueryKey };

export function useNotifications(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...notificationsQueryKey, query],
    queryFn: ({ signal }) =>
      apiList<NotificationItem>('/notifications', {
        query,
        signal,
        fallback: getI18n().t('notifications:fetchFailed'),
      }),
    placeholderData: keepPreviousData,
  });
}
