/** Notifications, the audit trail and idempotency keys. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './people.ts';
import { serviceRequests } from './requests.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    toUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid().references(() => users.id, { onDelete: 'set null' }),
    message: text().notNull(),
    status: text().$type<'unread' | 'read'>().notNull().default('unread'),
    requestId: uuid().references(() => serviceRequests.id, { onDelete: 'set null' }),
    /** The workflow event that raised it, if any (created, approved, ...). */
    event: text(),
    /**
     * A workflow notification's words as a catalogue key and its parameters (ADR 022): the list
     * renders them in the reader's language on read. `message` keeps the English text (free-text
     * messages have only that).
     */
    messageKey: text(),
    messageParams: jsonb().$type<Record<string, string>>(),
    deliveredAt: tstz(),
    readAt: tstz(),
    createdAt: createdAt(),
  },
  // The list's order, (created_at desc, id desc) with DESC's NULLS FIRST: the newest page is an index walk (0004).
  (t) => [
    index().on(t.toUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.requestId),
    index().on(t.senderId),
  ],
);

/** Append-only: a trigger refuses UPDATE and DELETE (migration 0001). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: createdAt(),
    actorId: uuid(),
    actorEmail: text(),
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    ip: text(),
    outcome: text().$type<'ok' | 'denied' | 'failed'>().notNull().default('ok'),
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index().on(t.at.desc()),
    index().on(t.actorId, t.at.desc()),
    index().on(t.entityType, t.entityId),
    // The per-account sign-in throttle counts an account's recent failures on every sign-in.
    index('audit_log_failed_logins_idx')
      .on(t.actorEmail, t.at)
      .where(sql`${t.action} = 'auth.login' and ${t.outcome} = 'failed'`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text().notNull(),
    userId: uuid().notNull(),
    route: text().notNull(),
    statusCode: integer().notNull(),
    body: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.userId, t.route, t.key)],
);
