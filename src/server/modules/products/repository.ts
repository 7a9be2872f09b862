/** The product catalogue: SQL only (products, their parts, and the unit schedules a part change moves). */
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { productParts, products, units } from '#server/db/schema/maintenance.ts';
import type { ProductTechnology } from '#shared/domain/maintenance.ts';

export type ProductRow = typeof products.$inferSelect;
export type PartRow = typeof productParts.$inferSelect;

export async function listProducts(db: Tx, pattern: string | undefined, window: { limit: number; offset: number }) {
  const where = pattern ? ilike(products.searchText, pattern) : undefined;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.brand), asc(products.name), asc(products.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findProduct(db: Tx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export async function partsOf(db: Tx, productIds: string[]): Promise<PartRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productParts)
    .where(inArray(productParts.productId, productIds))
    .orderBy(asc(productParts.productId), asc(productParts.position));
}

export async function unitCounts(db: Tx, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: units.productId, n: count() })
    .from(units)
    .where(and(inArray(units.productId, productIds), eq(units.status, 'ACTIVE')))
    .groupBy(units.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

export interface ProductValues {
  name: string;
  brand: string;
  technology: ProductTechnology;
  warrantyMonths: number;
  searchText: string;
}

export async function insertProduct(db: Tx, v: ProductValues): Promise<string> {
  const [row] = await db.insert(products).values(v).returning({ id: products.id });
  return (row as { id: string }).id;
}

export async function updateProduct(db: Tx, id: string, v: ProductValues): Promise<void> {
  await db
    .update(products)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export async function lockProduct(db: Tx, id: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM products WHERE id = ${id} FOR UPDATE`);
}

export async function deleteProduct(db: Tx, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

export async function anyUnitOf(db: Tx, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: units.id }).from(units).where(eq(units.productId, productId)).limit(1);
  return !!row;
}

export async function insertPart(
  db: Tx,
  v: { productId: string; name: string; intervalMonths: number; position: number; stockPartId?: string | null },
): Promise<string> {
  const [row] = await db.insert(productParts).values(v).returning({ id: productParts.id });
  return (row as { id: string }).id;
}

export async function updatePart(
  db: Tx,
  id: string,
  v: { name: string; intervalMonths: number; position: number; stockPartId?: string | null },
) {
  await db.update(productParts).set(v).where(eq(productParts.id, id));
}

export async function deleteParts(db: Tx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(productParts).where(inArray(productParts.id, ids));
}

/** A new part of a product in use: every active unit of it gets a schedule row, due from its installation. */
export async function scheduleNewPart(db: Tx, partId: string, productId: string, intervalMonths: number) {
  await db.execute(sql`
    INSERT INTO unit_schedule (unit_id, part_id, last_changed_on, next_due_on)
    SELECT u.id, ${partId}, u.installed_on, (u.installed_on + make_interval(months => ${intervalMonths}))::date
    FROM units u WHERE u.product_id = ${productId} AND u.status = 'ACTIVE'`);
}

/** A part's interval changed: its rows' next dates follow (PostgreSQL's month arithmetic clamps month ends too). */
export async function rescheduleProductPart(db: Tx, partId: string, intervalMonths: number) {
  await db.execute(sql`
    UPDATE unit_schedule SET next_due_on = (last_changed_on + make_interval(months => ${intervalMonths}))::date
    WHERE part_id = ${partId} AND last_changed_on IS NOT NULL`);
}

/** Recompute units' earliest due date (after their schedule changed). */
export async function refreshUnitsOfProduct(db: Tx, productId: string) {
  await db.execute(sql`
    UPDATE units u SET next_due_on = (SELECT min(s.next_due_on) FROM unit_schedule s WHERE s.unit_id = u.id)
    WHERE u.product_id = ${productId}`);
}

/**
 * Issue 37 (ADR 049): the product's parts not yet pointing at the catalogue are linked to the
 * catalogue item of the same name (case and spaces ignored), and the catalogue learns that its
 * items fit this product.
 */
export async function linkPartsToCatalogue(db: Tx, productId: string): Promise<void> {
  await db.execute(sql`
    UPDATE product_parts pp SET stock_part_id = p.id FROM parts p
    WHERE pp.product_id = ${productId} AND pp.stock_part_id IS NULL AND lower(btrim(pp.name)) = lower(btrim(p.name))`);
  await db.execute(sql`
    INSERT INTO part_products (part_id, product_id)
    SELECT DISTINCT stock_part_id, product_id FROM product_parts
    WHERE product_id = ${productId} AND stock_part_id IS NOT NULL
    ON CONFLICT DO NOTHING`);
}
