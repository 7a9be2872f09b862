import { z } from 'zod';
import { MAX_NOTIFICATION_MESSAGE } from '../domain/constants.ts';

export const notificationItem = z.object({
  id: z.string(),
  message: z.string(),
  status: z.enum(['read', 'unread']),
  sender: z.object({ id: z.string(), name: z.string() }).nullable(),
  requestId: z.string().nullable(),
  event: z.string().nullable(),
  createdAt: z.date().or(z.string()),
  deliveredAt: z.date().or(z.string()).nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const unreadCount = z.object({ count: z.number().int().min(0) });

export const markMultipleBody = z.object({
  notificationIds: z.array(z.uuid('Invalid notification id')).min(1, 'Choose at least one notification').max(500),
});

export const sendNotificationBody = z.object({
  toUserId: z.uuid({ message: 'Recipient is required' }),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MAX_NOTIFICATION_MESSAGE, `Message must be at most ${MAX_NOTIFICATION_MESSAGE} characters`),
});

/**
 * POST /notifications/{id}/read: the updated notification, as the spec's client expects (it finds
 * the item by `id` and shows `status`), plus the caller's new unread count.
 */
export const markedRead = notificationItem.extend({ unreadCount: z.number().int().min(0) });
export type MarkedRead = z.infer<typeof markedRead>;

export const markResult = z.object({ updated: z.number().int(), count: z.number().int() });

/** What the live stream sends: the new unread count, and the newest notification when there is one. */
export const streamEvent = z.object({ count: z.number().int(), latest: notificationItem.nullable() });
export type StreamEvent = z.infer<typeof streamEvent>;
