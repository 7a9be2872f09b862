/**
 * The daily low-stock notice's SQL (issue 37, ADR 049): the store balances at or below their
 * reorder level not told yet (the partial index `stock_balances_low_idx`), and marking them told.
 * The ledger's trigger clears `low_notified_at` when the stock is back above the level.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { rowsOf } from './locations.repository.ts';

export interface LowRow {
  locationId: string;
  partId: string;
  store: string;
  regionId: string | null;
  sku: string;
  part: string;
  onHand: number;
  level: number;
}

/** Up to `limit` untold low balances of open stores, locked so two runs cannot both tell one. */
export async function untoldLow(tx: Tx, limit: number): Promise<LowRow[]> {
  const rows = await rowsOf<LowRow>(
    tx,
    sql`SELECT b.location_id AS "locationId", b.part_id AS "partId", l.name AS store, l.region_id AS "regionId",
               p.sku, p.name AS part, b.on_hand AS "onHand", b.reorder_level AS level
        FROM stock_balances b
        JOIN stock_locations l ON l.id = b.location_id
        JOIN parts p ON p.id = b.part_id
        WHERE b.reorder_level IS NOT NULL AND b.on_hand <= b.reorder_level AND b.low_notified_at IS NULL
          AND l.kind = 'STORE' AND l.active AND p.active
        ORDER BY b.location_id, b.part_id
        LIMIT ${limit}
        FOR UPDATE OF b SKIP LOCKED`,
  );
  return rows.map((r) => ({ ...r, onHand: Number(r.onHand), level: Number(r.level) }));
}

export async function markTold(tx: Tx, rows: readonly { locationId: string; partId: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    UPDATE stock_balances SET low_notified_at = now()
    WHERE (location_id, part_id) IN (VALUES ${sql.join(
      rows.map((r) => sql`(${r.locationId}::uuid, ${r.partId}::uuid)`),
      sql`, `,
    )})`);
}
