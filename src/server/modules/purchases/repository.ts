/**
 * Purchases (issue 37 item 6, ADR 049): SQL only. A scope arrives as data: `region` null reaches
 * every store, a region id only that region's stores.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { users } from '#server/db/schema/people.ts';
import { parts, purchaseLines, purchases, stockBalances, stockLocations, suppliers } from '#server/db/schema/stock.ts';
import type { PurchaseStatus } from '#shared/domain/stock.ts';

export type PurchaseRow = Awaited<ReturnType<typeof findPurchases>>[number];
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

export interface PurchaseFilter {
  status?: PurchaseStatus;
  supplierId?: string;
  storeId?: string;
  /** null: every store; else the stores of this region. */
  region: string | null;
}

const inRegion = (region: string | null) => (region === null ? undefined : eq(stockLocations.regionId, region));

function whereOf(f: PurchaseFilter) {
  return and(
    f.status ? eq(purchases.status, f.status) : undefined,
    f.supplierId ? eq(purchases.supplierId, f.supplierId) : undefined,
    f.storeId ? eq(purchases.storeId, f.storeId) : undefined,
    inRegion(f.region),
  );
}

/** A page of ids, newest invoice first, and the total the scope and filters allow. */
export async function listPurchaseIds(db: Tx, f: PurchaseFilter, window: { limit: number; offset: number }) {
  const where = whereOf(f);
  const rows = await db
    .select({ id: purchases.id })
    .from(purchases)
    .innerJoin(stockLocations, eq(stockLocations.id, purchases.storeId))
    .where(where)
    .orderBy(desc(purchases.invoiceDate), desc(purchases.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db
    .select({ n: count() })
    .from(purchases)
    .innerJoin(stockLocations, eq(stockLocations.id, purchases.storeId))
    .where(where);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** The purchases with their supplier, store and author, newest invoice first. */
export async function findPurchases(db: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      p: purchases,
      supplierName: suppliers.name,
      supplierGstin: suppliers.gstin,
      storeKind: stockLocations.kind,
      storeName: stockLocations.name,
      createdByName: users.name,
    })
    .from(purchases)
    .innerJoin(suppliers, eq(suppliers.id, purchases.supplierId))
    .innerJoin(stockLocations, eq(stockLocations.id, purchases.storeId))
    .leftJoin(users, eq(users.id, purchases.createdById))
    .where(inArray(purchases.id, ids))
    .orderBy(desc(purchases.invoiceDate), desc(purchases.id));
}

export async function linesOf(db: Tx, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return [];
  return db
    .select({
      line: purchaseLines,
      sku: parts.sku,
      partName: parts.name,
      unit: parts.unit,
    })
    .from(purchaseLines)
    .innerJoin(parts, eq(parts.id, purchaseLines.partId))
    .where(inArray(purchaseLines.purchaseId, purchaseIds))
    .orderBy(asc(purchaseLines.purchaseId), asc(purchaseLines.position));
}

/** The purchase if the scope reaches its store (else undefined: 404). */
export async function findScoped(db: Tx, id: string, region: string | null) {
  const [row] = await db
    .select({
      id: purchases.id,
      status: purchases.status,
      storeId: purchases.storeId,
      invoiceFileKey: purchases.invoiceFileKey,
    })
    .from(purchases)
    .innerJoin(stockLocations, eq(stockLocations.id, purchases.storeId))
    .where(and(eq(purchases.id, id), inRegion(region)))
    .limit(1);
  return row;
}

export async function findLocation(db: Tx, id: string) {
  const [row] = await db
    .select({
      id: stockLocations.id,
      kind: stockLocations.kind,
      name: stockLocations.name,
      regionId: stockLocations.regionId,
      active: stockLocations.active,
    })
    .from(stockLocations)
    .where(eq(stockLocations.id, id))
    .limit(1);
  return row;
}

export async function partsByIds(db: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: parts.id, sku: parts.sku, active: parts.active }).from(parts).where(inArray(parts.id, ids));
}

export type NewPurchase = Omit<typeof purchases.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
export type NewLine = typeof purchaseLines.$inferInsert;

export async function insertPurchase(tx: Tx, v: NewPurchase, lines: Omit<NewLine, 'purchaseId'>[]): Promise<string> {
  const [row] = await tx.insert(purchases).values(v).returning({ id: purchases.id });
  const id = (row as { id: string }).id;
  await tx.insert(purchaseLines).values(lines.map((l) => ({ ...l, purchaseId: id })));
  return id;
}

/** DRAFT → RECEIVED, only if still DRAFT: the row, or undefined when another action won. */
export async function markReceived(tx: Tx, id: string, actorId: string) {
  const [row] = await tx
    .update(purchases)
    .set({ status: 'RECEIVED', receivedById: actorId, receivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'DRAFT')))
    .returning({ id: purchases.id, storeId: purchases.storeId, invoiceNumber: purchases.invoiceNumber });
  return row;
}

/** RECEIVED → REVERSED, only if still RECEIVED. */
export async function markReversed(tx: Tx, id: string, actorId: string, reason: string) {
  const [row] = await tx
    .update(purchases)
    .set({
      status: 'REVERSED',
      reversedById: actorId,
      reversedAt: sql`now()`,
      reverseReason: reason,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'RECEIVED')))
    .returning({ id: purchases.id, storeId: purchases.storeId, invoiceNumber: purchases.invoiceNumber });
  return row;
}

/** The lines in their order (the costs recorded at receipt). */
export function purchaseLinesOf(tx: Tx, id: string) {
  return tx.select().from(purchaseLines).where(eq(purchaseLines.purchaseId, id)).orderBy(asc(purchaseLines.position));
}

/** The parts' rows locked in id order (two receipts of one part queue for its cost). */
export async function lockPartCosts(tx: Tx, ids: string[]): Promise<Map<string, { sku: string; costPaise: number }>> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select({ id: parts.id, sku: parts.sku, costPaise: parts.costPaise })
    .from(parts)
    .where(inArray(parts.id, sorted))
    .orderBy(asc(parts.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, { sku: r.sku, costPaise: Number(r.costPaise) }]));
}

/** Each part's on-hand over every location, negatives counted as none. */
export async function positiveOnHand(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      partId: stockBalances.partId,
      held: sql<number>`coalesce(sum(greatest(${stockBalances.onHand}, 0)), 0)::int`,
    })
    .from(stockBalances)
    .where(inArray(stockBalances.partId, [...new Set(ids)]))
    .groupBy(stockBalances.partId);
  return new Map(rows.map((r) => [r.partId, Number(r.held)]));
}

/**
 * The store's on-hand of these parts, locked in (location, part) order as the ledger locks them,
 * so the check before a reversal holds until it commits.
 */
export async function lockStoreBalances(tx: Tx, storeId: string, ids: string[]): Promise<Map<string, number>> {
  const sorted = [...new Set(ids)].sort();
  if (sorted.length === 0) return new Map();
  const rows = await tx
    .select({ partId: stockBalances.partId, onHand: stockBalances.onHand })
    .from(stockBalances)
    .where(and(eq(stockBalances.locationId, storeId), inArray(stockBalances.partId, sorted)))
    .orderBy(asc(stockBalances.partId))
    .for('update');
  return new Map(rows.map((r) => [r.partId, Number(r.onHand)]));
}

export async function setLineCosts(tx: Tx, purchaseId: string, position: number, before: number, after: number) {
  await tx
    .update(purchaseLines)
    .set({ costBeforePaise: before, costAfterPaise: after })
    .where(and(eq(purchaseLines.purchaseId, purchaseId), eq(purchaseLines.position, position)));
}

export async function setPartCost(tx: Tx, partId: string, costPaise: number) {
  await tx.update(parts).set({ costPaise, updatedAt: new Date() }).where(eq(parts.id, partId));
}

/** The purchase's row locked, and its invoice file replaced: answers the old key (to delete after commit). */
export async function replaceInvoiceFile(tx: Tx, id: string, key: string, type: string) {
  const [old] = await tx
    .select({ key: purchases.invoiceFileKey })
    .from(purchases)
    .where(eq(purchases.id, id))
    .limit(1)
    .for('update');
  if (!old) return undefined;
  await tx
    .update(purchases)
    .set({ invoiceFileKey: key, invoiceFileType: type, updatedAt: new Date() })
    .where(eq(purchases.id, id));
  return { oldKey: old.key };
}
