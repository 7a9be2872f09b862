/** Merging duplicate customers and undoing a merge (ADR 038): SQL only. */
import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { customerMerges, type MergedCustomerSnapshot, type MergeMovedRows } from '#server/db/schema/customer-merges.ts';
import { customers } from '#server/db/schema/customers.ts';
import { contracts } from '#server/db/schema/maintenance.ts';
import { users } from '#server/db/schema/people.ts';
import { approvalHistory, serviceRequests } from '#server/db/schema/requests.ts';
import { units } from '#server/db/schema/units.ts';
import { searchTextOf } from './repository.ts';

export interface LockedCustomer extends MergedCustomerSnapshot {
  mergedAt: Date | null;
}

const uuidList = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The customers named, locked for the rest of the transaction in id order (two merges cannot deadlock). */
export async function lockCustomers(tx: Tx, ids: readonly string[]): Promise<LockedCustomer[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: customers.id,
      name: customers.name,
      address: customers.address,
      primaryPhone: customers.primaryPhone,
      phoneNumbers: customers.phoneNumbers,
      email: customers.email,
      regionId: customers.regionId,
      mergedAt: customers.mergedAt,
    })
    .from(customers)
    .where(inArray(customers.id, [...ids]))
    .orderBy(customers.id)
    .for('update');
}

type Moved = { id: string; from: string };

/** Every request of `from` moved to `to`, its search text naming `toName`; the ids and where each came from. */
export async function moveRequests(tx: Tx, from: readonly string[], to: string, toName: string): Promise<Moved[]> {
  const res = await tx.execute<{ id: string; from_id: string }>(sql`
    UPDATE service_requests r
       SET customer_id = ${to}::uuid, search_text = lower(${toName} || ' ' || r.description)
      FROM (SELECT id, customer_id FROM service_requests WHERE customer_id IN (${uuidList(from)}) FOR UPDATE) o
     WHERE r.id = o.id
    RETURNING r.id, o.customer_id AS from_id`);
  return res.rows.map((r) => ({ id: r.id, from: r.from_id }));
}

/** Every unit of `from` moved to `to`; the ids and where each came from. */
export async function moveUnits(tx: Tx, from: readonly string[], to: string): Promise<Moved[]> {
  const res = await tx.execute<{ id: string; from_id: string }>(sql`
    UPDATE units u
       SET customer_id = ${to}::uuid, updated_at = now()
      FROM (SELECT id, customer_id FROM units WHERE customer_id IN (${uuidList(from)}) FOR UPDATE) o
     WHERE u.id = o.id
    RETURNING u.id, o.customer_id AS from_id`);
  return res.rows.map((r) => ({ id: r.id, from: r.from_id }));
}

export async function contractsOfUnits(tx: Tx, unitIds: readonly string[]): Promise<string[]> {
  if (unitIds.length === 0) return [];
  const rows = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(inArray(contracts.unitId, [...unitIds]));
  return rows.map((r) => r.id);
}

export async function historyCount(tx: Tx, requestIds: readonly string[]): Promise<number> {
  if (requestIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalHistory)
    .where(inArray(approvalHistory.requestId, [...requestIds]));
  return Number(row?.n ?? 0);
}

/** The requests named that are still `at`'s, moved back to `to` (search text naming `toName`). */
export async function moveRequestsBack(
  tx: Tx,
  ids: readonly string[],
  at: string,
  to: string,
  toName: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(serviceRequests)
    .set({ customerId: to, searchText: sql`lower(${toName} || ' ' || ${serviceRequests.description})` })
    .where(and(inArray(serviceRequests.id, [...ids]), eq(serviceRequests.customerId, at)))
    .returning({ id: serviceRequests.id });
  return rows.map((r) => r.id);
}

/** The units named that are still `at`'s, moved back to `to`. */
export async function moveUnitsBack(tx: Tx, ids: readonly string[], at: string, to: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(units)
    .set({ customerId: to, updatedAt: new Date() })
    .where(and(inArray(units.id, [...ids]), eq(units.customerId, at)))
    .returning({ id: units.id });
  return rows.map((r) => r.id);
}

/** A customer's additional phones, its search text kept true. */
export async function setPhones(
  tx: Tx,
  c: { id: string; name: string; primaryPhone: string },
  phoneNumbers: string[],
): Promise<void> {
  await tx
    .update(customers)
    .set({ phoneNumbers, searchText: searchTextOf({ ...c, phoneNumbers }), updatedAt: new Date() })
    .where(eq(customers.id, c.id));
}

/** Hide the merged customers (or show them again: `at` null). */
export async function setMerged(tx: Tx, ids: readonly string[], at: Date | null): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(customers)
    .set({ mergedAt: at })
    .where(inArray(customers.id, [...ids]));
}

export async function insertMerge(
  tx: Tx,
  v: {
    survivorId: string;
    mergedIds: string[];
    moved: MergeMovedRows;
    phonesAdded: string[];
    snapshot: MergedCustomerSnapshot[];
    mergedById: string;
  },
): Promise<string> {
  const [row] = await tx.insert(customerMerges).values(v).returning({ id: customerMerges.id });
  return (row as { id: string }).id;
}

const mergeView = {
  id: customerMerges.id,
  survivorId: customerMerges.survivorId,
  mergedIds: customerMerges.mergedIds,
  moved: customerMerges.moved,
  phonesAdded: customerMerges.phonesAdded,
  snapshot: customerMerges.snapshot,
  mergedById: customerMerges.mergedById,
  mergedByName: users.name,
  mergedAt: customerMerges.mergedAt,
  undoneAt: customerMerges.undoneAt,
};
export type MergeRow = {
  id: string;
  survivorId: string | null;
  mergedIds: string[];
  moved: MergeMovedRows;
  phonesAdded: string[];
  snapshot: MergedCustomerSnapshot[];
  mergedById: string | null;
  mergedByName: string | null;
  mergedAt: Date;
  undoneAt: Date | null;
};

/** One merge, locked for the rest of the transaction when `lock`. */
export async function findMerge(tx: Tx, id: string, lock = false): Promise<MergeRow | undefined> {
  if (lock) await tx.execute(sql`SELECT 1 FROM ${customerMerges} WHERE ${customerMerges.id} = ${id} FOR UPDATE`);
  const [row] = await tx
    .select(mergeView)
    .from(customerMerges)
    .leftJoin(users, eq(users.id, customerMerges.mergedById))
    .where(eq(customerMerges.id, id))
    .limit(1);
  return row;
}

/** The merges into a customer not undone since `since`, newest first. */
export async function mergesInto(tx: Tx, survivorId: string, since: Date): Promise<MergeRow[]> {
  return tx
    .select(mergeView)
    .from(customerMerges)
    .leftJoin(users, eq(users.id, customerMerges.mergedById))
    .where(
      and(
        eq(customerMerges.survivorId, survivorId),
        gt(customerMerges.mergedAt, since),
        isNull(customerMerges.undoneAt),
      ),
    )
    .orderBy(desc(customerMerges.mergedAt), desc(customerMerges.id));
}

export async function markUndone(tx: Tx, id: string, byId: string): Promise<Date> {
  const [row] = await tx
    .update(customerMerges)
    .set({ undoneAt: sql`now()`, undoneById: byId })
    .where(eq(customerMerges.id, id))
    .returning({ undoneAt: customerMerges.undoneAt });
  return row?.undoneAt ?? new Date();
}
