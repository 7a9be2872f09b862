/**
 * Notification use-cases: a user's list and unread count, marking read and delivered, and the
 * free-text message between colleagues (ADR 016). The workflow's own notifications are written
 * by events.ts inside each transition's transaction.
 */
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { AppError, invalid, notFound } from '#server/lib/errors.ts';
import type { Window } from '#server/lib/paging.ts';
import { publish } from '#server/lib/push-channel.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { worksWith } from './colleagues.ts';
import * as repo from './repository.ts';

export type NotificationItem = ReturnType<typeof repo.toItem>;

export class NotificationService {
  constructor(private readonly db: Db) {}

  async list(
    userId: string,
    window: Window,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<{ items: NotificationItem[]; total: number }> {
    const [items, total] = await Promise.all([
      repo.listForUser(this.db, userId, window.limit, window.offset, locale),
      repo.countForUser(this.db, userId),
    ]);
    return { items, total };
  }

  unreadCount(userId: string): Promise<number> {
    return repo.unreadCount(this.db, userId);
  }

  /** What a push tells one user: the unread count and the newest notification. */
  async pushState(userId: string) {
    const [count, latest] = await Promise.all([repo.unreadCount(this.db, userId), repo.latestForUser(this.db, userId)]);
    return { count, latest };
  }

  async markRead(
    userId: string,
    id: string,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<NotificationItem & { unreadCount: number }> {
    if (!(await repo.findOwned(this.db, id, userId))) throw notFound(ERR.notificationNotFound);
    await repo.markRead(this.db, userId, [id]);
    const [item, count] = await Promise.all([
      repo.findItemForUser(this.db, id, userId, locale),
      repo.unreadCount(this.db, userId),
    ]);
    if (!item) throw notFound(ERR.notificationNotFound);
    return { ...item, unreadCount: count };
  }

  async markDelivered(userId: string, id: string): Promise<void> {
    if (!(await repo.markDelivered(this.db, userId, id))) throw notFound(ERR.notificationNotFound);
  }

  /**
   * All or nothing: an id that is not the caller's (someone else's, or none at all) answers 404
   * like a single read, and nothing is marked.
   */
  async markManyRead(userId: string, notificationIds: string[]): Promise<{ updated: number; count: number }> {
    const ids = [...new Set(notificationIds)];
    const updated = await this.db.transaction(async (tx) => {
      if ((await repo.countOwned(tx, userId, ids)) !== ids.length) throw notFound(ERR.notificationNotFound);
      return repo.markRead(tx, userId, ids);
    });
    return { updated, count: await repo.unreadCount(this.db, userId) };
  }

  async markAllRead(userId: string): Promise<{ updated: number; count: number }> {
    const updated = await repo.markAllRead(this.db, userId);
    return { updated, count: await repo.unreadCount(this.db, userId) };
  }

  /** A free-text message to a colleague, its push queued in the same transaction. */
  async send(actor: Actor, toUserId: string, message: string, ip: string): Promise<NotificationItem> {
    if (toUserId === actor.id) throw invalid('toUserId', ERR.notToSelf);
    // Only the people the sender works with; anyone else, an inactive user or an unknown id:
    // the same 404, so the answer does not tell which ids are active accounts.
    if (!(await worksWith(this.db, actor, toUserId))) throw new AppError('NOT_FOUND', ERR.notAColleague);
    const id = await this.db.transaction(async (tx) => {
      const created = await repo.insertMessage(tx, { toUserId, senderId: actor.id, message });
      await publish(tx, [toUserId]);
      await audit(tx, {
        actorId: actor.id,
        action: 'notification.send',
        entityType: 'notification',
        entityId: created,
        ip,
      });
      return created;
    });
    const item = (await repo.listForUser(this.db, toUserId, 1, 0)).find((n) => n.id === id);
    if (!item) throw new AppError('INTERNAL', ERR.notificationNotSaved);
    return item;
  }
}
