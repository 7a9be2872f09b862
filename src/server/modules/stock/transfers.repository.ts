/**
 * Transfers and part requests (issue 37, ADR 049): SQL only. A status changes by one guarded
 * `UPDATE … WHERE id AND status = <as read> RETURNING`, so of two writers one wins and the other
 * matches nothing.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { LocationKind, PartUnit, TransferStatus } from '#shared/domain/stock.ts';
import { rowsOf, scopeSql } from './locations.repository.ts';
import type { LocationScope } from './scope.ts';

export interface TransferLineData {
  partId: string;
  sku: string;
  name: string;
  unit: PartUnit;
  quantity: number;
}

export interface TransferData {
  id: string;
  status: TransferStatus;
  note: string | null;
  fromId: string;
  fromKind: LocationKind;
  fromName: string;
  fromRegionId: string | null;
  fromTechnicianId: string | null;
  toId: string;
  toKind: LocationKind;
  toName: string;
  toRegionId: string | null;
  toTechnicianId: string | null;
  requestedById: string | null;
  requestedByName: string | null;
  issuedById: string | null;
  issuedByName: string | null;
  receivedById: string | null;
  receivedByName: string | null;
  requestedAt: Date | string | null;
  issuedAt: Date | string | null;
  receivedAt: Date | string | null;
  cancelledAt: Date | string | null;
  createdAt: Date | string;
  lines: TransferLineData[];
}

const SELECT = sql`SELECT s.id, s.status, s.note,
    f.id AS "fromId", f.kind AS "fromKind", f.name AS "fromName", f.region_id AS "fromRegionId", f.technician_id AS "fromTechnicianId",
    t.id AS "toId", t.kind AS "toKind", t.name AS "toName", t.region_id AS "toRegionId", t.technician_id AS "toTechnicianId",
    s.requested_by_id AS "requestedById", rq.name AS "requestedByName",
    s.issued_by_id AS "issuedById", iu.name AS "issuedByName",
    s.received_by_id AS "receivedById", ru.name AS "receivedByName",
    s.requested_at AS "requestedAt", s.issued_at AS "issuedAt", s.received_at AS "receivedAt",
    s.cancelled_at AS "cancelledAt", s.created_at AS "createdAt",
    coalesce((SELECT json_agg(json_build_object('partId', p.id, 'sku', p.sku, 'name', p.name, 'unit', p.unit,
                'quantity', x.quantity) ORDER BY p.name, p.id)
              FROM stock_transfer_lines x JOIN parts p ON p.id = x.part_id WHERE x.transfer_id = s.id), '[]'::json) AS lines
  FROM stock_transfers s
  JOIN stock_locations f ON f.id = s.from_location_id
  JOIN stock_locations t ON t.id = s.to_location_id
  LEFT JOIN users rq ON rq.id = s.requested_by_id
  LEFT JOIN users iu ON iu.id = s.issued_by_id
  LEFT JOIN users ru ON ru.id = s.received_by_id`;

const FROM = sql`FROM stock_transfers s
  JOIN stock_locations f ON f.id = s.from_location_id
  JOIN stock_locations t ON t.id = s.to_location_id`;

/** A keeper sees a transfer with either end in scope; a technician those of their own van. */
function transferScope(scope: LocationScope): SQL {
  if (scope.kind === 'technician') {
    return sql`((f.kind = 'VAN' AND f.technician_id = ${scope.technicianId}) OR (t.kind = 'VAN' AND t.technician_id = ${scope.technicianId}))`;
  }
  return sql`(${scopeSql(scope, 'f')} OR ${scopeSql(scope, 't')})`;
}

export interface TransferFilters {
  status?: TransferStatus;
  locationId?: string;
}

function where(scope: LocationScope, f: TransferFilters): SQL {
  return sql`${transferScope(scope)}
    ${f.status ? sql`AND s.status = ${f.status}` : sql``}
    ${f.locationId ? sql`AND (s.from_location_id = ${f.locationId} OR s.to_location_id = ${f.locationId})` : sql``}`;
}

const parsed = (r: TransferData): TransferData => ({
  ...r,
  lines: (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as TransferLineData[],
});

export async function listTransfers(
  tx: Tx,
  scope: LocationScope,
  f: TransferFilters,
  window: { limit: number; offset: number },
): Promise<{ rows: TransferData[]; total: number }> {
  const [rows, total] = await Promise.all([
    rowsOf<TransferData>(
      tx,
      sql`${SELECT} WHERE ${where(scope, f)}
          ORDER BY s.created_at DESC, s.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
    ),
    rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n ${FROM} WHERE ${where(scope, f)}`),
  ]);
  return { rows: rows.map(parsed), total: Number(total[0]?.n ?? 0) };
}

/** The transfers to a location in these statuses (a van's pending ones), newest first. */
export async function transfersTo(tx: Tx, locationId: string, statuses: readonly TransferStatus[]) {
  const rows = await rowsOf<TransferData>(
    tx,
    sql`${SELECT} WHERE s.to_location_id = ${locationId}
          AND s.status IN (${sql.join(
            statuses.map((s) => sql`${s}`),
            sql`, `,
          )})
        ORDER BY s.created_at DESC, s.id DESC LIMIT 100`,
  );
  return rows.map(parsed);
}

export async function findTransfer(tx: Tx, id: string): Promise<TransferData | undefined> {
  const [row] = await rowsOf<TransferData>(tx, sql`${SELECT} WHERE s.id = ${id}`);
  return row ? parsed(row) : undefined;
}

export async function statusOf(tx: Tx, id: string): Promise<TransferStatus | undefined> {
  const [row] = await rowsOf<{ status: TransferStatus }>(tx, sql`SELECT status FROM stock_transfers WHERE id = ${id}`);
  return row?.status;
}

export async function insertTransfer(
  tx: Tx,
  v: {
    fromLocationId: string;
    toLocationId: string;
    status: TransferStatus;
    note: string | null;
    requestedById: string | null;
    requestedAt: Date | null;
    issuedById: string | null;
  },
): Promise<string> {
  const issued = v.status === 'ISSUED';
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO stock_transfers (from_location_id, to_location_id, status, note, requested_by_id, requested_at,
                                     issued_by_id, issued_at)
        VALUES (${v.fromLocationId}, ${v.toLocationId}, ${v.status}, ${v.note}, ${v.requestedById},
                ${v.requestedAt ? v.requestedAt.toISOString() : null}::timestamptz, ${v.issuedById},
                ${issued ? sql`now()` : sql`NULL`})
        RETURNING id`,
  );
  return (row as { id: string }).id;
}

export async function replaceLines(
  tx: Tx,
  transferId: string,
  lines: readonly { partId: string; quantity: number }[],
): Promise<void> {
  await tx.execute(sql`DELETE FROM stock_transfer_lines WHERE transfer_id = ${transferId}`);
  await tx.execute(sql`
    INSERT INTO stock_transfer_lines (transfer_id, part_id, quantity)
    VALUES ${sql.join(
      lines.map((l) => sql`(${transferId}::uuid, ${l.partId}::uuid, ${l.quantity}::int)`),
      sql`, `,
    )}`);
}

/** The transfer moves on from `from` to `to`, stamped with who and when; false when it was no longer `from`. */
export async function moveOn(
  tx: Tx,
  id: string,
  from: TransferStatus,
  to: 'ISSUED' | 'RECEIVED' | 'CANCELLED',
  actorId: string,
  at: Date | null = null,
): Promise<boolean> {
  const stamp = sql.raw(to === 'ISSUED' ? 'issued' : to === 'RECEIVED' ? 'received' : 'cancelled');
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`UPDATE stock_transfers
        SET status = ${to}, ${stamp}_by_id = ${actorId},
            ${stamp}_at = coalesce(${at ? at.toISOString() : null}::timestamptz, now()), updated_at = now()
        WHERE id = ${id} AND status = ${from}
        RETURNING id`,
  );
  return rows.length === 1;
}
