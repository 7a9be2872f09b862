/**
 * The stock ledger's SQL (issue 37, ADR 049). Movements are only inserted; the database's trigger
 * (migration 0020) moves `stock_balances` in the same statement's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { stockMovements } from '#server/db/schema/stock.ts';
import type { MovementKind } from '#shared/domain/stock.ts';

export interface MovementRow {
  locationId: string;
  partId: string;
  kind: MovementKind;
  /** Signed: what it does to the location's on-hand. */
  quantity: number;
  unitCostPaise?: number;
  reason?: string | null;
  transferId?: string | null;
  purchaseId?: string | null;
  requestId?: string | null;
  actorId: string | null;
}

export interface LockedBalance {
  locationId: string;
  partId: string;
  onHand: number;
  sku: string;
  partName: string;
  locationName: string;
}

/**
 * The balances of these (location, part) pairs, made if missing and locked FOR UPDATE in one
 * order (location, part), so two writers touching the same pairs queue instead of deadlocking and
 * a check of on-hand holds until the transaction ends.
 */
export async function lockBalances(
  tx: Tx,
  pairs: readonly { locationId: string; partId: string }[],
): Promise<LockedBalance[]> {
  if (pairs.length === 0) return [];
  const sorted = [...new Map(pairs.map((p) => [`${p.locationId}:${p.partId}`, p])).values()].sort((a, b) =>
    a.locationId === b.locationId ? a.partId.localeCompare(b.partId) : a.locationId.localeCompare(b.locationId),
  );
  const values = sql.join(
    sorted.map((p) => sql`(${p.locationId}::uuid, ${p.partId}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO stock_balances (location_id, part_id)
    SELECT l, p FROM (VALUES ${values}) AS v(l, p) ORDER BY l, p
    ON CONFLICT (location_id, part_id) DO NOTHING`);
  const result = await tx.execute(sql`
    SELECT b.location_id AS "locationId", b.part_id AS "partId", b.on_hand AS "onHand",
           p.sku, p.name AS "partName", l.name AS "locationName"
    FROM stock_balances b
    JOIN parts p ON p.id = b.part_id
    JOIN stock_locations l ON l.id = b.location_id
    WHERE (b.location_id, b.part_id) IN (VALUES ${values})
    ORDER BY b.location_id, b.part_id
    FOR UPDATE OF b`);
  return (result.rows as unknown as LockedBalance[]).map((r) => ({ ...r, onHand: Number(r.onHand) }));
}

export async function insertMovements(tx: Tx, rows: readonly MovementRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(stockMovements).values(
    rows.map((r) => ({
      locationId: r.locationId,
      partId: r.partId,
      kind: r.kind,
      quantity: r.quantity,
      unitCostPaise: r.unitCostPaise ?? 0,
      reason: r.reason ?? null,
      transferId: r.transferId ?? null,
      purchaseId: r.purchaseId ?? null,
      requestId: r.requestId ?? null,
      actorId: r.actorId,
    })),
  );
}

/** Ledger against balances: the (location, part) pairs whose on-hand is not the sum of their movements. */
export async function disagreements(
  tx: Tx,
): Promise<{ locationId: string; partId: string; onHand: number; ledger: number }[]> {
  const result = await tx.execute(sql`
    SELECT coalesce(b.location_id, m.location_id) AS "locationId", coalesce(b.part_id, m.part_id) AS "partId",
           coalesce(b.on_hand, 0) AS "onHand", coalesce(m.total, 0) AS ledger
    FROM stock_balances b
    FULL JOIN (SELECT location_id, part_id, sum(quantity)::int AS total FROM stock_movements GROUP BY 1, 2) m
      ON m.location_id = b.location_id AND m.part_id = b.part_id
    WHERE coalesce(b.on_hand, 0) <> coalesce(m.total, 0)`);
  return (result.rows as { locationId: string; partId: string; onHand: number; ledger: number }[]).map((r) => ({
    ...r,
    onHand: Number(r.onHand),
    ledger: Number(r.ledger),
  }));
}
