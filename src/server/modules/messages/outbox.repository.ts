/** The outbox's writes and the deliverer's claims (issue 35 items 4–6, ADR 046): SQL only. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { customerMessages, messageTemplates } from '#server/db/schema/messages.ts';
import { users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { products, units } from '#server/db/schema/units.ts';
import type { StoredJobFacts } from '#shared/contracts/job.ts';
import type { MessageTemplateKey } from '#shared/domain/messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';

export type NewMessage = typeof customerMessages.$inferInsert;
export type MessageRow = typeof customerMessages.$inferSelect;

export interface Recipient {
  id: string;
  name: string;
  primaryPhone: string;
  language: Locale;
  whatsappOptIn: boolean;
  smsOptIn: boolean;
}

export async function recipients(tx: Tx, ids: readonly string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: customers.id,
      name: customers.name,
      primaryPhone: customers.primaryPhone,
      language: customers.language,
      whatsappOptIn: customers.whatsappOptIn,
      smsOptIn: customers.smsOptIn,
    })
    .from(customers)
    .where(inArray(customers.id, [...ids]));
}

/** What the messages of a request's moment say: its ticket, customer, product, technician, job. */
export interface RequestFacts {
  id: string;
  ticketNo: number;
  customerId: string;
  job: StoredJobFacts | null;
  assignedAt: Date | null;
  technician: string | null;
  product: string | null;
}

export async function requestFacts(tx: Tx, ids: readonly string[]): Promise<RequestFacts[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: serviceRequests.id,
      ticketNo: sql<number>`${serviceRequests.ticketNo}`.mapWith(Number),
      customerId: serviceRequests.customerId,
      job: serviceRequests.job,
      assignedAt: serviceRequests.assignedAt,
      technician: users.name,
      product: products.name,
    })
    .from(serviceRequests)
    .leftJoin(users, eq(users.id, serviceRequests.assignedToId))
    .leftJoin(units, eq(units.id, serviceRequests.unitId))
    .leftJoin(products, eq(products.id, units.productId))
    .where(inArray(serviceRequests.id, [...ids]));
}

/** The customer and product of a contract (an AMC reminder). */
export async function contractFacts(
  tx: Tx,
  contractId: string,
): Promise<{ customerId: string; product: string; endsOn: string } | undefined> {
  const res = await tx.execute(sql`
    SELECT u.customer_id, p.name AS product, c.ends_on::text AS ends_on
    FROM contracts c JOIN units u ON u.id = c.unit_id JOIN products p ON p.id = u.product_id
    WHERE c.id = ${contractId}`);
  const row = res.rows[0] as { customer_id: string; product: string; ends_on: string } | undefined;
  return row ? { customerId: row.customer_id, product: row.product, endsOn: row.ends_on } : undefined;
}

/** Inserts the messages; a reminder already written (its dedupe key) is left as it was. */
export async function insertMessages(tx: Tx, rows: NewMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  const done = await tx
    .insert(customerMessages)
    .values(rows)
    .onConflictDoNothing({ target: customerMessages.dedupeKey, where: sql`dedupe_key IS NOT NULL` })
    .returning({ id: customerMessages.id });
  return done.length;
}

/** One-time codes sent for a request within the last hour (at most 3 an hour). */
export async function otpSendsSince(tx: Tx, requestId: string, since: Date): Promise<number> {
  const res = await tx.execute(sql`
    SELECT count(*)::int AS n FROM customer_messages
    WHERE request_id = ${requestId} AND template = 'completionOtp' AND created_at > ${since.toISOString()}`);
  return (res.rows[0] as { n: number }).n;
}

/**
 * Claims up to `limit` due messages: pushes their next attempt `leaseSeconds` ahead so that no
 * other worker takes them meanwhile (SKIP LOCKED on PostgreSQL), and answers them.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<MessageRow[]> {
  const res = await db.execute(sql`
    UPDATE customer_messages m SET next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE m.id IN (
      SELECT id FROM customer_messages
      WHERE status = 'QUEUED' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING m.id`);
  const ids = (res.rows as { id: string }[]).map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(customerMessages).where(inArray(customerMessages.id, ids));
}

export async function updateMessage(db: Db, id: string, set: Partial<NewMessage>): Promise<void> {
  await db
    .update(customerMessages)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(customerMessages.id, id));
}

/** The saved text of one template in one language, if an office person changed it. */
export async function savedTemplate(
  db: Db | Tx,
  template: MessageTemplateKey,
  language: Locale,
): Promise<string | undefined> {
  const [row] = await db
    .select({ text: messageTemplates.text })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.template, template), eq(messageTemplates.language, language)));
  return row?.text;
}
