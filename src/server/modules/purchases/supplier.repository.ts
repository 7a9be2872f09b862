/** Suppliers (issue 37 item 6, ADR 049): SQL only. */
import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { suppliers } from '#server/db/schema/stock.ts';

export type SupplierRow = typeof suppliers.$inferSelect;

export interface SupplierValues {
  name: string;
  gstin: string | null;
  phone: string | null;
  address: string | null;
  active: boolean;
  searchText: string;
}

/** A page in name order (the lower(name) index); `pattern` matches name, GSTIN and phone (the trigram index). */
export async function listSuppliers(db: Tx, pattern: string | undefined, window: { limit: number; offset: number }) {
  const where = pattern ? ilike(suppliers.searchText, pattern) : undefined;
  const rows = await db
    .select()
    .from(suppliers)
    .where(where)
    .orderBy(sql`lower(${suppliers.name})`, asc(suppliers.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(suppliers).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findSupplier(db: Tx, id: string): Promise<SupplierRow | undefined> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row;
}

/** The row locked for an update (a PATCH merges the fields sent into it). */
export async function lockSupplier(tx: Tx, id: string): Promise<SupplierRow | undefined> {
  const [row] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).limit(1).for('update');
  return row;
}

export async function insertSupplier(tx: Tx, v: SupplierValues): Promise<string> {
  const [row] = await tx.insert(suppliers).values(v).returning({ id: suppliers.id });
  return (row as { id: string }).id;
}

export async function updateSupplier(tx: Tx, id: string, v: SupplierValues): Promise<void> {
  await tx
    .update(suppliers)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(suppliers.id, id));
}
