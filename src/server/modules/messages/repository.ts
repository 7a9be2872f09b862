/** The Messages screen's SQL (issue 35 item 7, ADR 046): the outbox's page, a message, retries, templates, replies. */
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { customerMessages, messageCounters, messageTemplates } from '#server/db/schema/messages.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import type { Window } from '#server/lib/paging.ts';
import type { MessageChannel, MessageStatus, MessageTemplateKey } from '#shared/domain/messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';

export interface MessageFilter {
  status?: MessageStatus;
  channel?: MessageChannel;
  /** A contains-pattern (escaped) over phone, customer name and ticket. */
  pattern?: string;
}

const whereOf = (f: MessageFilter): SQL | undefined =>
  and(
    f.status ? eq(customerMessages.status, f.status) : undefined,
    f.channel ? eq(customerMessages.channel, f.channel) : undefined,
    f.pattern ? ilike(customerMessages.searchText, f.pattern) : undefined,
  );

const view = {
  id: customerMessages.id,
  channel: customerMessages.channel,
  recipient: customerMessages.recipient,
  customerId: customerMessages.customerId,
  customerName: customers.name,
  requestId: customerMessages.requestId,
  ticketNo: sql<number | null>`${serviceRequests.ticketNo}`.mapWith((v) => (v === null ? null : Number(v))),
  template: customerMessages.template,
  language: customerMessages.language,
  params: customerMessages.params,
  status: customerMessages.status,
  attempts: customerMessages.attempts,
  nextAttemptAt: customerMessages.nextAttemptAt,
  providerMessageId: customerMessages.providerMessageId,
  errorKey: customerMessages.errorKey,
  errorDetail: customerMessages.errorDetail,
  createdAt: customerMessages.createdAt,
  sentAt: customerMessages.sentAt,
  deliveredAt: customerMessages.deliveredAt,
};

export type MessageView = {
  id: string;
  channel: MessageChannel;
  recipient: string;
  customerId: string | null;
  customerName: string | null;
  requestId: string | null;
  ticketNo: number | null;
  template: MessageTemplateKey;
  language: Locale;
  params: Record<string, string>;
  status: MessageStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  providerMessageId: string | null;
  errorKey: string | null;
  errorDetail: string | null;
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
};

/** A page, newest first: cut by the (status|channel, created_at, id) indexes, then joined by key. */
export async function listMessages(db: Db, f: MessageFilter, window: Window): Promise<MessageView[]> {
  return db
    .select(view)
    .from(customerMessages)
    .leftJoin(customers, eq(customers.id, customerMessages.customerId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, customerMessages.requestId))
    .where(whereOf(f))
    .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * How many messages a filter matches: from the counters (message_counters, kept by a trigger) when
 * it has no search, O(1) whatever the outbox's size; a search counts its trigram matches.
 */
export async function countMessages(db: Db, f: MessageFilter): Promise<number> {
  if (!f.pattern) {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${messageCounters.count}), 0)::int` })
      .from(messageCounters)
      .where(
        and(
          f.status ? eq(messageCounters.status, f.status) : undefined,
          f.channel ? eq(messageCounters.channel, f.channel) : undefined,
        ),
      );
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(customerMessages).where(whereOf(f));
  return row?.n ?? 0;
}

export async function findMessage(db: Db | Tx, id: string): Promise<MessageView | undefined> {
  const [row] = await db
    .select(view)
    .from(customerMessages)
    .leftJoin(customers, eq(customers.id, customerMessages.customerId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, customerMessages.requestId))
    .where(eq(customerMessages.id, id));
  return row;
}

/** The consent of a message's customer (a SKIPPED message retried asks again). */
export async function consentOf(
  db: Tx,
  customerId: string,
): Promise<{ whatsappOptIn: boolean; smsOptIn: boolean } | undefined> {
  const [row] = await db
    .select({ whatsappOptIn: customers.whatsappOptIn, smsOptIn: customers.smsOptIn })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** Queues a FAILED or SKIPPED message again, now, on `channel`; false when it was neither. */
export async function requeue(db: Tx, id: string, channel: MessageChannel, at: Date): Promise<boolean> {
  const rows = await db
    .update(customerMessages)
    .set({
      status: 'QUEUED',
      channel,
      nextAttemptAt: at,
      attempts: 0,
      errorKey: null,
      errorDetail: null,
      updatedAt: new Date(),
    })
    .where(and(eq(customerMessages.id, id), inArray(customerMessages.status, ['FAILED', 'SKIPPED'])))
    .returning({ id: customerMessages.id });
  return rows.length > 0;
}

export async function savedTemplates(db: Db) {
  return db.select().from(messageTemplates);
}

export async function saveTemplate(
  db: Tx,
  row: { template: MessageTemplateKey; language: Locale; text: string; updatedById: string },
): Promise<void> {
  await db
    .insert(messageTemplates)
    .values(row)
    .onConflictDoUpdate({
      target: [messageTemplates.template, messageTemplates.language],
      set: { text: row.text, updatedById: row.updatedById, updatedAt: new Date() },
    });
}

export async function deleteTemplate(db: Tx, template: MessageTemplateKey, language: Locale): Promise<void> {
  await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.template, template), eq(messageTemplates.language, language)));
}

/** A provider's delivery report: DELIVERED or FAILED, by its message id; the message's id or undefined. */
export async function reportStatus(
  db: Db,
  providerMessageId: string,
  status: 'DELIVERED' | 'FAILED',
  error: string | null,
): Promise<string | undefined> {
  const [row] = await db
    .update(customerMessages)
    .set(
      status === 'DELIVERED'
        ? { status, deliveredAt: new Date(), updatedAt: new Date() }
        : { status, errorKey: 'messageRefused', errorDetail: error, updatedAt: new Date() },
    )
    .where(
      and(
        eq(customerMessages.providerMessageId, providerMessageId),
        inArray(customerMessages.status, status === 'DELIVERED' ? ['SENT', 'FAILED'] : ['SENT']),
      ),
    )
    .returning({ id: customerMessages.id });
  return row?.id;
}

/** A reply of STOP: every customer whose primary phone it is opts out of both channels. */
export async function optOutPhone(db: Db, tenDigits: string): Promise<string[]> {
  const rows = await db
    .update(customers)
    .set({
      whatsappOptIn: false,
      smsOptIn: false,
      consentAt: new Date(),
      consentSource: 'REPLY',
      updatedAt: new Date(),
    })
    // The phones' GIN index (customers_phones_gin) finds them; the primary phone is the one messaged.
    .where(
      and(
        sql`array_prepend(${customers.primaryPhone}, ${customers.phoneNumbers}) @> ARRAY[${tenDigits}]::text[]`,
        sql`${customers.mergedAt} IS NULL`,
        eq(customers.primaryPhone, tenDigits),
      ),
    )
    .returning({ id: customers.id });
  return rows.map((r) => r.id);
}
