/** Customers: Drizzle queries only. */
import { and, asc, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, users } from '#server/db/schema/people.ts';
import { serviceRequests, workMedia } from '#server/db/schema/requests.ts';
import { streamRows } from '#server/db/stream.ts';
import type { ConsentSource } from '#shared/domain/messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';

const view = {
  id: customers.id,
  name: customers.name,
  address: customers.address,
  primaryPhone: customers.primaryPhone,
  phoneNumbers: customers.phoneNumbers,
  email: customers.email,
  regionId: customers.regionId,
  regionName: regions.name,
  latitude: customers.latitude,
  longitude: customers.longitude,
  accuracy: customers.locationAccuracy,
  createdAt: customers.createdAt,
  language: customers.language,
  whatsappOptIn: customers.whatsappOptIn,
  smsOptIn: customers.smsOptIn,
  consentAt: customers.consentAt,
  consentSource: customers.consentSource,
};

export type CustomerRow = {
  id: string;
  name: string;
  address: string;
  primaryPhone: string;
  phoneNumbers: string[];
  email: string | null;
  regionId: string;
  regionName: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  createdAt: Date;
  language: Locale;
  whatsappOptIn: boolean;
  smsOptIn: boolean;
  consentAt: Date | null;
  consentSource: ConsentSource | null;
};

export interface CustomerFilter {
  regionId: string | null;
  /** A contains-pattern (already escaped) over name and every phone. */
  pattern?: string;
}

function whereOf(f: CustomerFilter): SQL | undefined {
  return and(
    // A customer merged into another is hidden until the merge is undone (ADR 038).
    isNull(customers.mergedAt),
    f.regionId ? eq(customers.regionId, f.regionId) : undefined,
    f.pattern ? ilike(customers.searchText, f.pattern) : undefined,
  );
}

/** What the list search matches: the name and every phone, lower-case. */
export function searchTextOf(c: { name: string; primaryPhone: string; phoneNumbers: readonly string[] }): string {
  return [c.name, c.primaryPhone, ...c.phoneNumbers].join(' ').toLowerCase();
}

export async function listCustomers(db: Tx, f: CustomerFilter, window: { limit: number; offset: number }) {
  return db
    .select(view)
    .from(customers)
    .innerJoin(regions, eq(regions.id, customers.regionId))
    .where(whereOf(f))
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * Every customer a filter matches, by name as the list, read as they are used: the export's rows
 * (db/stream.ts, ADR 037). A keyset batch (PGlite) starts after the last (name, id).
 */
export function streamCustomers(db: Tx, f: CustomerFilter): AsyncGenerator<CustomerRow> {
  return streamRows<CustomerRow>(db, {
    statement(page) {
      const last = page?.after;
      const q = db
        .select(view)
        .from(customers)
        .innerJoin(regions, eq(regions.id, customers.regionId))
        .where(
          and(whereOf(f), last ? sql`(${customers.name}, ${customers.id}) > (${last.name}, ${last.id})` : undefined),
        )
        .orderBy(asc(customers.name), asc(customers.id))
        .$dynamic();
      return { select: page ? q.limit(page.limit) : q };
    },
  });
}

export async function countCustomers(db: Tx, f: CustomerFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(customers).where(whereOf(f));
  return row?.n ?? 0;
}

export async function findCustomer(db: Tx, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select(view)
    .from(customers)
    .innerJoin(regions, eq(regions.id, customers.regionId))
    .where(and(eq(customers.id, id), isNull(customers.mergedAt)))
    .limit(1);
  return row;
}

/** Lock the customer's row for the rest of the transaction. */
export async function lockCustomer(db: Tx, id: string) {
  await db.execute(sql`SELECT 1 FROM ${customers} WHERE ${customers.id} = ${id} FOR UPDATE`);
}

export async function regionExists(db: Tx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  return !!row;
}

export interface CustomerValues {
  name: string;
  address: string;
  primaryPhone: string;
  phoneNumbers: string[];
  email: string | null;
  regionId: string;
  latitude: number | null;
  longitude: number | null;
  locationAccuracy: number | null;
  /** The language of the customer's messages; absent: unchanged (the default on a new customer). */
  language?: Locale;
}

export async function insertCustomer(db: Tx, values: CustomerValues & { createdById: string }): Promise<string> {
  const [row] = await db
    .insert(customers)
    .values({ ...values, searchText: searchTextOf(values) })
    .returning({ id: customers.id });
  return (row as { id: string }).id;
}

export async function updateCustomer(db: Tx, id: string, values: CustomerValues) {
  await db
    .update(customers)
    .set({ ...values, searchText: searchTextOf(values), updatedAt: new Date() })
    .where(eq(customers.id, id));
}

/** Keep the request search (customer name + description) true after a rename. */
export async function refreshRequestSearchText(db: Tx, customerId: string, name: string) {
  await db
    .update(serviceRequests)
    .set({ searchText: sql`lower(${name} || ' ' || ${serviceRequests.description})` })
    .where(eq(serviceRequests.customerId, customerId));
}

export async function countRequests(db: Tx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceRequests)
    .where(eq(serviceRequests.customerId, customerId));
  return row?.n ?? 0;
}

export async function deleteCustomer(db: Tx, id: string) {
  await db.delete(customers).where(eq(customers.id, id));
}

/** Every photo of the customer's requests, oldest first (one read for the whole history). */
export async function historyMediaOf(db: Tx, customerId: string) {
  return db
    .select({
      id: workMedia.id,
      requestId: workMedia.requestId,
      storageKey: workMedia.storageKey,
      uploadedAt: workMedia.uploadedAt,
    })
    .from(workMedia)
    .innerJoin(serviceRequests, eq(serviceRequests.id, workMedia.requestId))
    .where(eq(serviceRequests.customerId, customerId))
    .orderBy(asc(workMedia.uploadedAt), asc(workMedia.id));
}

/** Every request of the customer, newest first, with the technician. */
export async function historyOf(db: Tx, customerId: string) {
  return db
    .select({
      id: serviceRequests.id,
      type: serviceRequests.type,
      status: serviceRequests.status,
      description: serviceRequests.description,
      job: serviceRequests.job,
      createdAt: serviceRequests.createdAt,
      assignedToId: serviceRequests.assignedToId,
      assignedToName: users.name,
    })
    .from(serviceRequests)
    .leftJoin(users, eq(users.id, serviceRequests.assignedToId))
    .where(eq(serviceRequests.customerId, customerId))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
}

/** A customer's consent to messages (issue 35 item 5). */
export async function setConsent(
  db: Tx,
  id: string,
  c: { whatsappOptIn: boolean; smsOptIn: boolean; consentSource: ConsentSource },
): Promise<void> {
  await db
    .update(customers)
    .set({ ...c, consentAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(customers.id, id));
}
