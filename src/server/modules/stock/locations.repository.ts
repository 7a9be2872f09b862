/**
 * Stock locations (issue 37, ADR 049): SQL only. `scopeSql` turns a location scope (scope.ts)
 * into the condition on a `stock_locations` alias that every stock list shares.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { LocationKind } from '#shared/domain/stock.ts';
import type { LocationScope } from './scope.ts';

export interface LocationRow {
  id: string;
  kind: LocationKind;
  name: string;
  regionId: string | null;
  technicianId: string | null;
  active: boolean;
}

/** The rows of a raw statement. */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}

/** The scope's condition on the locations alias `l` (an alias name, e.g. 'l', 'f', 't'). */
export function scopeSql(scope: LocationScope, l: string): SQL {
  const a = sql.raw(l);
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'region':
      return sql`${a}.region_id = ${scope.regionId}`;
    case 'technician':
      return scope.regionId
        ? sql`((${a}.kind = 'VAN' AND ${a}.technician_id = ${scope.technicianId}) OR (${a}.kind = 'STORE' AND ${a}.region_id = ${scope.regionId}))`
        : sql`(${a}.kind = 'VAN' AND ${a}.technician_id = ${scope.technicianId})`;
    case 'none':
      return sql`false`;
  }
}

const COLUMNS = sql`l.id, l.kind, l.name, l.region_id AS "regionId", l.technician_id AS "technicianId", l.active`;

export function listLocations(
  tx: Tx,
  scope: LocationScope,
  filters: { kind?: LocationKind; regionId?: string },
): Promise<LocationRow[]> {
  return rowsOf<LocationRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM stock_locations l
        WHERE ${scopeSql(scope, 'l')}
          ${filters.kind ? sql`AND l.kind = ${filters.kind}` : sql``}
          ${filters.regionId ? sql`AND l.region_id = ${filters.regionId}` : sql``}
        ORDER BY l.kind DESC, l.name, l.id`,
  );
}

export async function findLocation(tx: Tx, id: string): Promise<LocationRow | undefined> {
  const [row] = await rowsOf<LocationRow>(tx, sql`SELECT ${COLUMNS} FROM stock_locations l WHERE l.id = ${id}`);
  return row;
}

/** Several locations by id, locked FOR SHARE when `lock` (a transfer's ends while it is written). */
export function findLocations(tx: Tx, ids: readonly string[]): Promise<LocationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<LocationRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM stock_locations l WHERE l.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

export async function vanOf(tx: Tx, technicianId: string): Promise<LocationRow | undefined> {
  const [row] = await rowsOf<LocationRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM stock_locations l WHERE l.kind = 'VAN' AND l.technician_id = ${technicianId}`,
  );
  return row;
}

/** The region's first active store (by creation): where a part request goes by default. */
export async function firstStoreOf(tx: Tx, regionId: string): Promise<LocationRow | undefined> {
  const [row] = await rowsOf<LocationRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM stock_locations l
        WHERE l.region_id = ${regionId} AND l.kind = 'STORE' AND l.active
        ORDER BY l.created_at, l.id LIMIT 1`,
  );
  return row;
}

export async function regionExists(tx: Tx, regionId: string): Promise<boolean> {
  const rows = await rowsOf(tx, sql`SELECT 1 FROM regions WHERE id = ${regionId}`);
  return rows.length > 0;
}

export async function insertStore(tx: Tx, v: { name: string; regionId: string }): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO stock_locations (kind, name, region_id) VALUES ('STORE', ${v.name}, ${v.regionId}) RETURNING id`,
  );
  return (row as { id: string }).id;
}

export async function updateLocation(tx: Tx, id: string, v: { name?: string; active?: boolean }): Promise<void> {
  await tx.execute(sql`
    UPDATE stock_locations SET
      name = coalesce(${v.name ?? null}, name),
      active = coalesce(${v.active ?? null}::boolean, active),
      updated_at = now()
    WHERE id = ${id}`);
}
