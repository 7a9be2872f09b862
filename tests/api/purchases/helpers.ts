/** Helpers of the suppliers and purchases API tests (issue 37 item 6). */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { parts, purchaseLines, stockBalances, stockLocations, stockMovements } from '#server/db/schema/stock.ts';
import type { TestContext } from '#tests/harness/app.ts';

/** GSTINs with valid check characters: Karnataka (29), Maharashtra (27), Delhi (07). */
export const GSTIN = { karnataka: '29AAGCB7383J1Z4', maharashtra: '27AAPFU0939F1ZV', delhi: '07AAACR5055K1Z9' };

/** The fixture invoice of src/shared/domain/stock.test.ts, on three parts. */
export const FIXTURE = [
  { quantity: 10, unitCostPaise: 45_000, gstRate: 18 },
  { quantity: 3, unitCostPaise: 12_550, gstRate: 12 },
  { quantity: 1, unitCostPaise: 99, gstRate: 5 },
];

export async function makePart(ctx: TestContext, opts: { costPaise?: number; active?: boolean } = {}) {
  const sku = `TP-${crypto.randomUUID().slice(0, 8)}`.toUpperCase();
  const [row] = await ctx.db
    .insert(parts)
    .values({
      sku,
      name: `Test membrane ${sku}`,
      kind: 'MEMBRANE',
      costPaise: opts.costPaise ?? 0,
      pricePaise: 90_000,
      active: opts.active ?? true,
      searchText: sku.toLowerCase(),
    })
    .returning();
  return row!;
}

/** The store the database made with the region. */
export async function storeOf(ctx: TestContext, regionId: string) {
  const [row] = await ctx.db
    .select()
    .from(stockLocations)
    .where(and(eq(stockLocations.regionId, regionId), eq(stockLocations.kind, 'STORE')))
    .limit(1);
  return row!;
}

export async function onHand(ctx: TestContext, locationId: string, partId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: stockBalances.onHand })
    .from(stockBalances)
    .where(and(eq(stockBalances.locationId, locationId), eq(stockBalances.partId, partId)));
  return row?.n ?? 0;
}

export async function costOf(ctx: TestContext, partId: string): Promise<number> {
  const [row] = await ctx.db.select({ c: parts.costPaise }).from(parts).where(eq(parts.id, partId));
  return Number(row!.c);
}

export async function movementsOf(ctx: TestContext, purchaseId: string) {
  return ctx.db.select().from(stockMovements).where(eq(stockMovements.purchaseId, purchaseId));
}

export async function linesOf(ctx: TestContext, purchaseId: string) {
  return ctx.db
    .select()
    .from(purchaseLines)
    .where(eq(purchaseLines.purchaseId, purchaseId))
    .orderBy(purchaseLines.position);
}

/** Stock taken out of a location by hand (a count corrected), as the ledger records it. */
export async function takeOut(ctx: TestContext, locationId: string, partId: string, quantity: number) {
  await ctx.db
    .insert(stockMovements)
    .values({ locationId, partId, kind: 'ADJUST', quantity: -quantity, reason: 'test' });
}

/** The ledger and the balances agree (the sum of every pair's movements is its on-hand). */
export async function ledgerAgrees(ctx: TestContext): Promise<boolean> {
  const result = await ctx.db.execute(sql`
    SELECT count(*)::int AS n FROM stock_balances b
    FULL JOIN (SELECT location_id, part_id, sum(quantity)::int AS total FROM stock_movements GROUP BY 1, 2) m
      ON m.location_id = b.location_id AND m.part_id = b.part_id
    WHERE coalesce(b.on_hand, 0) <> coalesce(m.total, 0)`);
  return Number((result.rows[0] as { n: number }).n) === 0;
}
