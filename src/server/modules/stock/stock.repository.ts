/**
 * On-hand stock, reorder levels and the ledger's list (issue 37, ADR 049): SQL only. A location's
 * on-hand is its balance row (primary key); the low and negative lists read the partial indexes
 * `stock_balances_low_idx` and `stock_balances_negative_idx` (the conditions below are theirs).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { LocationKind, MovementKind, PartUnit } from '#shared/domain/stock.ts';
import { rowsOf, scopeSql } from './locations.repository.ts';
import type { LocationScope } from './scope.ts';

export interface StockRowData {
  locationId: string;
  locationKind: LocationKind;
  locationName: string;
  partId: string;
  sku: string;
  partName: string;
  unit: PartUnit;
  onHand: number;
  reorderLevel: number | null;
}

export interface StockFilters {
  locationId?: string;
  partId?: string;
  kind?: LocationKind;
  low?: boolean;
  negative?: boolean;
}

const STOCK_COLUMNS = sql`l.id AS "locationId", l.kind AS "locationKind", l.name AS "locationName",
  p.id AS "partId", p.sku, p.name AS "partName", p.unit, b.on_hand AS "onHand", b.reorder_level AS "reorderLevel"`;

function stockWhere(scope: LocationScope, f: StockFilters): SQL {
  return sql`${scopeSql(scope, 'l')}
    ${f.locationId ? sql`AND b.location_id = ${f.locationId}` : sql``}
    ${f.partId ? sql`AND b.part_id = ${f.partId}` : sql``}
    ${f.kind ? sql`AND l.kind = ${f.kind}` : sql``}
    ${f.low ? sql`AND b.reorder_level IS NOT NULL AND b.on_hand <= b.reorder_level` : sql``}
    ${f.negative ? sql`AND b.on_hand < 0` : sql``}`;
}

/**
 * One location's stock by part name (at most the catalogue's size to sort); across locations
 * (every location, the Low stock and Negative lists) in the balances' key order, so a page walks
 * the primary key or the partial index and stops at its limit instead of sorting every row in
 * scope (ST2 at L: 2,956 low rows sorted by names took p99 14 ms).
 */
const stockOrder = (f: StockFilters): SQL => (f.locationId ? sql`p.name, b.part_id` : sql`b.location_id, b.part_id`);

const STOCK_FROM = sql`FROM stock_balances b
  JOIN stock_locations l ON l.id = b.location_id
  JOIN parts p ON p.id = b.part_id`;

export async function listStock(
  tx: Tx,
  scope: LocationScope,
  f: StockFilters,
  window: { limit: number; offset: number },
): Promise<{ rows: StockRowData[]; total: number }> {
  const [rows, total] = await Promise.all([
    rowsOf<StockRowData>(
      tx,
      sql`SELECT ${STOCK_COLUMNS} ${STOCK_FROM} WHERE ${stockWhere(scope, f)}
          ORDER BY ${stockOrder(f)} LIMIT ${window.limit} OFFSET ${window.offset}`,
    ),
    rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n ${STOCK_FROM} WHERE ${stockWhere(scope, f)}`),
  ]);
  return { rows: rows.map(numeric), total: Number(total[0]?.n ?? 0) };
}

const numeric = (r: StockRowData): StockRowData => ({
  ...r,
  onHand: Number(r.onHand),
  reorderLevel: r.reorderLevel === null ? null : Number(r.reorderLevel),
});

/** These (location, part) balances as stock rows. */
export async function stockRows(
  tx: Tx,
  pairs: readonly { locationId: string; partId: string }[],
): Promise<StockRowData[]> {
  if (pairs.length === 0) return [];
  const rows = await rowsOf<StockRowData>(
    tx,
    sql`SELECT ${STOCK_COLUMNS} ${STOCK_FROM}
        WHERE (b.location_id, b.part_id) IN (VALUES ${sql.join(
          pairs.map((p) => sql`(${p.locationId}::uuid, ${p.partId}::uuid)`),
          sql`, `,
        )})
        ORDER BY l.name, p.name`,
  );
  return rows.map(numeric);
}

/**
 * A van's stock: its parts held (or owed: below zero) and those it ever moved, by part name.
 */
export async function vanStock(tx: Tx, locationId: string): Promise<StockRowData[]> {
  const rows = await rowsOf<StockRowData>(
    tx,
    sql`SELECT ${STOCK_COLUMNS} ${STOCK_FROM}
        WHERE b.location_id = ${locationId}
          AND (b.on_hand <> 0 OR EXISTS (
            SELECT 1 FROM stock_movements m WHERE m.location_id = b.location_id AND m.part_id = b.part_id))
        ORDER BY p.name, p.id`,
  );
  return rows.map(numeric);
}

/**
 * Reorder levels set (null: none). A level at or below which the store is already told keeps its
 * notice; a level now below the stock forgets it, so the next crossing is told again.
 */
export async function setReorderLevels(
  tx: Tx,
  levels: readonly { locationId: string; partId: string; reorderLevel: number | null }[],
): Promise<void> {
  const sorted = [...levels].sort((a, b) =>
    a.locationId === b.locationId ? a.partId.localeCompare(b.partId) : a.locationId.localeCompare(b.locationId),
  );
  await tx.execute(sql`
    INSERT INTO stock_balances AS b (location_id, part_id, reorder_level)
    VALUES ${sql.join(
      sorted.map((l) => sql`(${l.locationId}::uuid, ${l.partId}::uuid, ${l.reorderLevel}::int)`),
      sql`, `,
    )}
    ON CONFLICT (location_id, part_id) DO UPDATE SET
      reorder_level = EXCLUDED.reorder_level,
      low_notified_at = CASE
        WHEN EXCLUDED.reorder_level IS NULL OR b.on_hand > EXCLUDED.reorder_level THEN NULL
        ELSE b.low_notified_at
      END,
      updated_at = now()`);
}

export interface MovementData {
  id: string;
  kind: MovementKind;
  quantity: number;
  unitCostPaise: number | string;
  reason: string | null;
  transferId: string | null;
  purchaseId: string | null;
  requestId: string | null;
  ticketNo: number | string | null;
  actorId: string | null;
  actorName: string | null;
  createdAt: Date | string;
  locationId: string;
  locationKind: LocationKind;
  locationName: string;
  partId: string;
  sku: string;
  partName: string;
  unit: PartUnit;
}

export interface MovementFilters {
  locationId?: string;
  partId?: string;
  requestId?: string;
}

function movementWhere(scope: LocationScope, f: MovementFilters): SQL {
  return sql`${scopeSql(scope, 'l')}
    ${f.locationId ? sql`AND m.location_id = ${f.locationId}` : sql``}
    ${f.partId ? sql`AND m.part_id = ${f.partId}` : sql``}
    ${f.requestId ? sql`AND m.request_id = ${f.requestId}` : sql``}`;
}

/** The ledger, newest first, within the scope (a movement is where its location is). */
export async function listMovements(
  tx: Tx,
  scope: LocationScope,
  f: MovementFilters,
  window: { limit: number; offset: number },
): Promise<{ rows: MovementData[]; total: number }> {
  const from = sql`FROM stock_movements m JOIN stock_locations l ON l.id = m.location_id`;
  const [rows, total] = await Promise.all([
    rowsOf<MovementData>(
      tx,
      sql`SELECT m.id, m.kind, m.quantity, m.unit_cost_paise AS "unitCostPaise", m.reason,
                 m.transfer_id AS "transferId", m.purchase_id AS "purchaseId", m.request_id AS "requestId",
                 sr.ticket_no AS "ticketNo", m.actor_id AS "actorId", u.name AS "actorName", m.created_at AS "createdAt",
                 l.id AS "locationId", l.kind AS "locationKind", l.name AS "locationName",
                 p.id AS "partId", p.sku, p.name AS "partName", p.unit
          ${from}
          JOIN parts p ON p.id = m.part_id
          LEFT JOIN service_requests sr ON sr.id = m.request_id
          LEFT JOIN users u ON u.id = m.actor_id
          WHERE ${movementWhere(scope, f)}
          ORDER BY m.created_at DESC, m.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
    ),
    rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n ${from} WHERE ${movementWhere(scope, f)}`),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}
