/**
 * What a completed visit used, as the stock sees it (issue 37, ADR 049): SQL only. The parts the
 * units subscriber recorded as replaced in this transaction, the technician's van, the catalogue's
 * prices, the unit's cover, and the `work_parts` rows the request's details list.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { parts } from '#server/db/schema/catalogue.ts';
import { workParts } from '#server/db/schema/maintenance.ts';
import { stockLocations } from '#server/db/schema/stock.ts';

export interface VanRow {
  id: string;
  name: string;
  regionId: string | null;
}

export async function vanOf(tx: Tx, technicianId: string): Promise<VanRow | undefined> {
  const [row] = await tx
    .select({ id: stockLocations.id, name: stockLocations.name, regionId: stockLocations.regionId })
    .from(stockLocations)
    .where(and(eq(stockLocations.kind, 'VAN'), eq(stockLocations.technicianId, technicianId)))
    .limit(1);
  return row;
}

/**
 * The unit's parts this visit replaced (the units subscriber's rows, written earlier in this same
 * transaction: `created_at = now()`, the transaction's start) that point at a catalogue item.
 */
export async function replacedInThisVisit(
  tx: Tx,
  requestId: string,
): Promise<{ workPartId: string; stockPartId: string; quantity: number }[]> {
  const result = await tx.execute(sql`
    SELECT w.id AS "workPartId", pp.stock_part_id AS "stockPartId", w.quantity
    FROM work_parts w JOIN product_parts pp ON pp.id = w.part_id
    WHERE w.request_id = ${requestId} AND w.created_at = now()
      AND w.location_id IS NULL AND w.stock_part_id IS NULL AND pp.stock_part_id IS NOT NULL`);
  return (result.rows as { workPartId: string; stockPartId: string; quantity: number }[]).map((r) => ({
    ...r,
    quantity: Number(r.quantity),
  }));
}

export async function catalogueParts(
  tx: Tx,
  ids: readonly string[],
): Promise<{ id: string; sku: string; name: string; pricePaise: number; costPaise: number }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: parts.id,
      sku: parts.sku,
      name: parts.name,
      pricePaise: parts.pricePaise,
      costPaise: parts.costPaise,
    })
    .from(parts)
    .where(inArray(parts.id, [...ids]));
}

/** Whether the unit has an ACTIVE contract (an AMC, a warranty) with parts included on `date` (YYYY-MM-DD). */
export async function partsCovered(tx: Tx, unitId: string, date: string): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT 1 FROM contracts
    WHERE unit_id = ${unitId} AND status = 'ACTIVE' AND parts_included
      AND starts_on <= ${date}::date AND ends_on >= ${date}::date
    LIMIT 1`);
  return result.rows.length > 0;
}

export async function markReplaced(
  tx: Tx,
  rows: readonly {
    workPartId: string;
    stockPartId: string;
    locationId: string | null;
    covered: boolean;
    pricePaise: number;
  }[],
): Promise<void> {
  for (const r of rows) {
    await tx
      .update(workParts)
      .set({ stockPartId: r.stockPartId, locationId: r.locationId, covered: r.covered, pricePaise: r.pricePaise })
      .where(and(eq(workParts.id, r.workPartId), isNull(workParts.stockPartId)));
  }
}

export async function insertUsed(tx: Tx, rows: (typeof workParts.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(workParts).values(rows);
}
