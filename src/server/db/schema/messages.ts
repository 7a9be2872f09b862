/**
 * Customer messages and proof of completion (issue 35, ADR 046 and 047).
 *
 * `customer_messages` is the outbox: every message is a row first, written in the transaction of
 * the event that caused it (a request registered, assigned, completed; a filter due, an AMC ending,
 * a one-time code), then delivered by the job runner, which claims due rows (`status = 'QUEUED'
 * AND next_attempt_at <= now()`, SKIP LOCKED) and retries with backoff. `dedupe_key` keeps a
 * reminder (a filter due, an AMC's 30 and 7 days) to one message however often its run repeats.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MessageChannel, MessageStatus, MessageTemplateKey, ProofKind } from '#shared/domain/messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './people.ts';
import { serviceRequests } from './requests.ts';

export const customerMessages = pgTable(
  'customer_messages',
  {
    id: id(),
    channel: text().$type<MessageChannel>().notNull(),
    recipient: text().notNull(),
    customerId: uuid().references(() => customers.id, { onDelete: 'set null' }),
    requestId: uuid().references(() => serviceRequests.id, { onDelete: 'set null' }),
    template: text().$type<MessageTemplateKey>().notNull(),
    params: jsonb().$type<Record<string, string>>().notNull(),
    language: text().$type<Locale>().notNull(),
    status: text().$type<MessageStatus>().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz(),
    providerMessageId: text(),
    /** A catalogue key (and its params) saying why it failed or was skipped. */
    errorKey: text(),
    errorDetail: text(),
    dedupeKey: text(),
    /** recipient + customer name + ticket, lower-case: what the screen's search matches. */
    searchText: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: tstz(),
    deliveredAt: tstz(),
  },
  (t) => [
    index().on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.channel, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The deliverer's claim: the queued rows by when they are due.
    index('customer_messages_due').on(t.nextAttemptAt).where(sql`status = 'QUEUED'`),
    index().on(t.requestId, t.template, t.createdAt),
    index().on(t.customerId),
    uniqueIndex('customer_messages_provider_id_uq').on(t.providerMessageId).where(sql`provider_message_id IS NOT NULL`),
    uniqueIndex('customer_messages_dedupe_uq').on(t.dedupeKey).where(sql`dedupe_key IS NOT NULL`),
    index('customer_messages_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * The outbox's counts per (status, channel), kept by a trigger on customer_messages (migration
 * 0019, as request_counters): the Messages screen's total without a search is O(1) whatever the
 * outbox's size.
 */
export const messageCounters = pgTable(
  'message_counters',
  {
    status: text().$type<MessageStatus>().notNull(),
    channel: text().$type<MessageChannel>().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.channel] })],
);

/** A template an office person changed, per language; the rest come from the catalogue. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    template: text().$type<MessageTemplateKey>().notNull(),
    language: text().$type<Locale>().notNull(),
    text: text().notNull(),
    updatedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.template, t.language] })],
);

/** The live one-time code of a request's completion (one per request; stored hashed). */
export const completionOtps = pgTable('completion_otps', {
  requestId: uuid()
    .primaryKey()
    .references(() => serviceRequests.id, { onDelete: 'cascade' }),
  /** HMAC-SHA256 of the code with the app's secret and the request id. */
  codeHash: text().notNull(),
  phone: text().notNull(),
  expiresAt: tstz().notNull(),
  tries: integer().notNull().default(0),
  sentById: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** What proved a completion: one row per request (the last completion's). */
export const completionProofs = pgTable('completion_proofs', {
  requestId: uuid()
    .primaryKey()
    .references(() => serviceRequests.id, { onDelete: 'cascade' }),
  kind: text().$type<ProofKind>().notNull(),
  signedBy: text(),
  /** The re-encoded PNG in the photo storage. */
  signatureKey: text(),
  phone: text(),
  technicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
  confirmedAt: tstz().notNull(),
});
