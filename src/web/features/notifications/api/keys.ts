/** Query keys of the notifications feature (shared by the list, the bell and the live stream). */
export const notificationsQueryKey = ['notifications', 'list'] as const;
export const unreadCountQueryKey = ['notifications', 'unread-count'] as const;
