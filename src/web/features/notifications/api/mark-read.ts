/** Marking notifications read: one (POST /{id}/read), several (PATCH /mark-multiple-read) or all. */
import { useQueryClient } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { MarkedRead } from '#shared/contracts/notifications.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { notificationsQueryKey, unreadCountQueryKey } from './keys.ts';

interface MarkResult {
  updated: number;
  count: number;
}

function useMarkMutation<TVars>(mutationFn: (vars: TVars) => Promise<MarkResult>, fallback: string) {
  const queryClient = useQueryClient();
  return useApiMutation<MarkResult, TVars>({
    mutationFn,
    fallback,
    invalidate: [notificationsQueryKey],
    // The server answers with the new count (never below 0): the bell updates without a refetch.
    onSuccess: (result) => queryClient.setQueryData(unreadCountQueryKey, { count: Math.max(0, result.count) }),
  });
}

/** POST /{id}/read answers the notification itself, with the new unread count beside it. */
export function useMarkRead() {
  return useMarkMutation(async (id: string) => {
    const marked = await api<MarkedRead>(`/notifications/${id}/read`, {
      method: 'POST',
      fallback: getI18n().t('notifications:markReadFailed'),
    });
    return { updated: 1, count: marked.unreadCount };
  }, getI18n().t('notifications:markReadFailed'));
}

export function useMarkMultipleRead() {
  return useMarkMutation(
    (notificationIds: string[]) =>
      api<MarkResult>('/notifications/mark-multiple-read', {
        method: 'PATCH',
        body: { notificationIds },
        fallback: getI18n().t('notifications:markAllFailed'),
      }),
    getI18n().t('notifications:markAllFailed'),
  );
}

export function useMarkAllRead() {
  return useMarkMutation(
    () =>
      api<MarkResult>('/notifications/mark-all-read', {
        method: 'POST',
        fallback: getI18n().t('notifications:markAllFailed'),
      }),
    getI18n().t('notifications:markAllFailed'),
  );
}
