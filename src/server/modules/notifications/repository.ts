import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { preparedOnce } from '#server/db/prepared.ts';
import { notifications } from '#server/db/schema/activity.ts';
import { users } from '#server/db/schema/people.ts';
import { renderNotification } from '#server/lib/i18n.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';

const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');

const columns = {
  id: notifications.id,
  message: notifications.message,
  status: notifications.status,
  senderId: sender.id,
  senderName: sender.name,
  requestId: notifications.requestId,
  event: notifications.event,
  messageKey: notifications.messageKey,
  messageParams: notifications.messageParams,
  createdAt: notifications.createdAt,
  deliveredAt: notifications.deliveredAt,
};

type Row = {
  id: string;
  message: string;
  status: 'unread' | 'read';
  senderId: string | null;
  senderName: string | null;
  requestId: string | null;
  event: string | null;
  messageKey: string | null;
  messageParams: Record<string, string> | null;
  createdAt: Date;
  deliveredAt: Date | null;
};

/**
 * A notification as the API shows it, its words in the reader's language (ADR 022): a workflow
 * notification is rendered from its key; English readers get the stored text, byte for byte.
 */
export function toItem(r: Row, locale: Locale = DEFAULT_LOCALE) {
  return {
    id: r.id,
    message:
      r.messageKey && locale !== DEFAULT_LOCALE
        ? renderNotification(locale, r.messageKey, r.messageParams ?? {})
        : r.message,
    status: r.status,
    sender: r.senderId && r.senderName ? { id: r.senderId, name: r.senderName } : null,
    requestId: r.requestId,
    event: r.event,
    createdAt: r.createdAt,
    deliveredAt: r.deliveredAt,
  };
}

export async function listForUser(db: Tx, userId: string, limit: number, offset: number, locale?: Locale) {
  const rows = await db
    .select(columns)
    .from(notifications)
    .leftJoin(sender, eq(sender.id, notifications.senderId))
    .where(eq(notifications.toUserId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => toItem(r, locale));
}

/** One of the user's notifications as lists show it, or undefined. */
export async function findItemForUser(db: Tx, id: string, userId: string, locale?: Locale) {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .leftJoin(sender, eq(sender.id, notifications.senderId))
    .where(and(eq(notifications.id, id), eq(notifications.toUserId, userId)))
    .limit(1);
  return row ? toItem(row, locale) : undefined;
}

export async function countForUser(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.toUserId, userId));
  return row?.n ?? 0;
}

/** The newest, in the language the user chose (a push has no request to take one from). */
export async function latestForUser(db: Tx, userId: string) {
  const [row] = await db
    .select({ ...columns, readerLocale: recipient.locale })
    .from(notifications)
    .leftJoin(sender, eq(sender.id, notifications.senderId))
    .innerJoin(recipient, eq(recipient.id, notifications.toUserId))
    .where(eq(notifications.toUserId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return row ? toItem(row, row.readerLocale ?? DEFAULT_LOCALE) : null;
}

/**
 * O(1): the counter a trigger keeps on the user row. Prepared once (db/prepared.ts): every open
 * tab asks every 30 s, and building the query was most of this call's own work (issue 20).
 */
export async function unreadCount(db: Tx, userId: string): Promise<number> {
  const query = preparedOnce(db, 'unread-count', (name) =>
    db
      .select({ n: users.unreadNotifications })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ userId });
  return Math.max(0, row?.n ?? 0);
}

export async function findOwned(db: Tx, id: string, userId: string) {
  const [row] = await db
    .select({ id: notifications.id, status: notifications.status })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.toUserId, userId)))
    .limit(1);
  return row;
}

/** How many of `ids` are the caller's own notifications (the ids must be distinct). */
export async function countOwned(db: Tx, userId: string, ids: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.toUserId, userId), inArray(notifications.id, ids)));
  return row?.n ?? 0;
}

/** Marks the caller's own unread notifications among `ids` read; returns how many changed. */
export async function markRead(db: Tx, userId: string, ids: string[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ status: 'read', readAt: new Date() })
    .where(and(eq(notifications.toUserId, userId), inArray(notifications.id, ids), eq(notifications.status, 'unread')))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function markAllRead(db: Tx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ status: 'read', readAt: new Date() })
    .where(and(eq(notifications.toUserId, userId), eq(notifications.status, 'unread')))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function markDelivered(db: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ deliveredAt: sql`coalesce(${notifications.deliveredAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.toUserId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

/** A free-text message from one user to another (POST /notifications); its id. */
export async function insertMessage(
  db: Tx,
  values: { toUserId: string; senderId: string; message: string },
): Promise<string | undefined> {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row?.id;
}
