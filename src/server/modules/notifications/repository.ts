/** Notifications: Drizzle queries only (the lists, marking read, and what events.ts writes). */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { preparedOnce, rawStatementFor, statementFor } from '#server/db/prepared.ts';
import { notifications } from '#server/db/schema/activity.ts';
import { roles, users } from '#server/db/schema/people.ts';
import { renderNotification } from '#server/lib/i18n.ts';
import { PUSH_CHANNEL, pushPayload } from '#server/lib/push-channel.ts';
import { isPerson, SYSTEM_EMAIL_PATTERN } from '#server/lib/system-accounts.ts';
import { GLOBAL_SCOPE_ROLES, type SystemRole } from '#shared/domain/roles.ts';
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

/**
 * Active users of these policy roles who may act in the region (global roles always; others in it or
 * with none). One statement for every set of roles (they are arrays). Each role's users are read
 * through `users (role_id, status, region_id)`, role by role (the lateral subquery, kept apart by
 * OFFSET 0): joined the usual way the planner guessed a role holds an average share of the users and
 * read them all (a seq scan of 3,146 users, 1 ms of every create and approve at size L; issue 39).
 */
export async function actorsInRegion(tx: Tx, allowed: readonly SystemRole[], regionId: string): Promise<string[]> {
  const query = rawStatementFor(
    tx,
    'actors-in-region',
    () => sql`select u.id from ${roles} cross join lateral (
        select ${users.id} from ${users}
        where ${users.roleId} = ${roles.id} and ${users.status} = ${sql.placeholder('status')}
          and ${users.email} not like ${sql.placeholder('system')}
          and (${roles.policyRole} = any(${sql.placeholder('global')}::text[])
               or ${users.regionId} = ${sql.placeholder('regionId')} or ${users.regionId} is null)
        offset 0) u
      where ${roles.policyRole} = any(${sql.placeholder('allowed')}::text[])`,
  );
  const { rows } = await query.execute({
    status: 'ACTIVE',
    system: SYSTEM_EMAIL_PATTERN,
    global: allowed.filter((r) => GLOBAL_SCOPE_ROLES.includes(r)),
    allowed: [...allowed],
    regionId,
  });
  return rows.map((r) => r.id as string);
}

/** Which of these users are active people other than the actor (only they get notifications). */
export async function activeRecipients(tx: Tx, ids: string[], actorId: string): Promise<{ id: string }[]> {
  const query = statementFor(tx, 'active-recipients', (h) =>
    (h as Tx)
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`,
          eq(users.status, 'ACTIVE'),
          isPerson(),
          ne(users.id, sql.placeholder('actorId')),
        ),
      ),
  );
  return query.execute({ ids, actorId });
}

/** A workflow notification as written (events.ts). */
export interface NotificationRow {
  toUserId: string;
  /** Null: the system (the stock's daily low-stock notice, issue 37). */
  senderId: string | null;
  message: string;
  /** Null: a notice about no request (stock, issue 37). */
  requestId: string | null;
  event: string;
  messageKey: string;
  messageParams: Record<string, string>;
}

/** The insert of workflow notifications: one array per column (the text does not depend on how many). */
const insertRows = () =>
  sql`insert into ${notifications} (${sql.join(
    ['to_user_id', 'sender_id', 'message', 'request_id', 'event', 'message_key', 'message_params'].map((c) =>
      sql.identifier(c),
    ),
    sql`, `,
  )}) select * from unnest(${sql.placeholder('to')}::uuid[], ${sql.placeholder('from')}::uuid[], ${sql.placeholder('message')}::text[], ${sql.placeholder('request')}::uuid[], ${sql.placeholder('event')}::text[], ${sql.placeholder('key')}::text[], ${sql.placeholder('params')}::jsonb[])`;

const rowValues = (rows: NotificationRow[]) => ({
  to: rows.map((r) => r.toUserId),
  from: rows.map((r) => r.senderId),
  message: rows.map((r) => r.message),
  request: rows.map((r) => r.requestId),
  event: rows.map((r) => r.event),
  key: rows.map((r) => r.messageKey),
  params: rows.map((r) => r.messageParams),
});

/**
 * Workflow notifications in one statement whose text does not depend on how many there are
 * (one array per column), so it is built and prepared once (prepared.ts). Rows go in the order
 * given: callers order them by recipient (the unread-count trigger's lock order).
 */
export async function insertNotifications(tx: Tx, rows: NotificationRow[]): Promise<void> {
  await rawStatementFor(tx, 'insert-notifications', insertRows).execute(rowValues(rows));
}

/**
 * The same insert and the push to its recipients (at most PUSH_BATCH of them) in one statement:
 * one round trip less in every workflow event (issue 39). The insert is a data-modifying WITH, so
 * it runs whatever the outer SELECT reads; the push goes out on commit, as `publish`'s does.
 */
export async function insertNotificationsAndPush(tx: Tx, rows: NotificationRow[], userIds: string[]): Promise<void> {
  const query = rawStatementFor(
    tx,
    'insert-notifications-push',
    () => sql`with "written" as (${insertRows()}) select pg_notify(${PUSH_CHANNEL}, ${sql.placeholder('payload')})`,
  );
  await query.execute({ ...rowValues(rows), payload: pushPayload(userIds) });
}

/** An active person (not a system account) with their role and region, or undefined. */
export async function findActivePerson(db: Tx, id: string) {
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, regionId: users.regionId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'ACTIVE'), isPerson()))
    .limit(1);
  return row;
}

/** Do the two users share a request (requester, assignee or in its approval history)? */
export async function shareARequest(db: Tx, a: string, b: string): Promise<boolean> {
  const result = await db.execute(sql`
    WITH mine AS (
      SELECT id FROM service_requests WHERE requested_by_id = ${a}
      UNION SELECT id FROM service_requests WHERE assigned_to_id = ${a}
      UNION SELECT request_id FROM approval_history WHERE approver_id = ${a}
    ), theirs AS (
      SELECT id FROM service_requests WHERE requested_by_id = ${b}
      UNION SELECT id FROM service_requests WHERE assigned_to_id = ${b}
      UNION SELECT request_id FROM approval_history WHERE approver_id = ${b}
    )
    SELECT 1 AS shared FROM mine JOIN theirs USING (id) LIMIT 1`);
  return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}
