/**
 * The parts catalogue (issue 37, ADR 049): SQL only. The list searches `search_text`
 * (lower(sku || ' ' || name), kept by the service) through its trigram index.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { PartKind, PartUnit } from '#shared/domain/stock.ts';
import { rowsOf } from './locations.repository.ts';

export interface PartRow {
  id: string;
  sku: string;
  name: string;
  kind: PartKind;
  unit: PartUnit;
  hsnCode: string | null;
  gstRate: number;
  pricePaise: number | string;
  costPaise: number | string;
  active: boolean;
  createdAt: Date | string;
}

export interface PartValues {
  sku: string;
  name: string;
  kind: PartKind;
  unit: PartUnit;
  hsnCode: string | null;
  gstRate: number;
  pricePaise: number;
  costPaise: number;
  active: boolean;
}

const COLUMNS = sql`p.id, p.sku, p.name, p.kind, p.unit, p.hsn_code AS "hsnCode", p.gst_rate AS "gstRate",
  p.price_paise AS "pricePaise", p.cost_paise AS "costPaise", p.active, p.created_at AS "createdAt"`;

export interface PartFilters {
  pattern?: string;
  kind?: PartKind;
  active?: boolean;
  productId?: string;
}

function where(f: PartFilters) {
  return sql`true
    ${f.pattern ? sql`AND p.search_text LIKE ${f.pattern}` : sql``}
    ${f.kind ? sql`AND p.kind = ${f.kind}` : sql``}
    ${f.active !== undefined ? sql`AND p.active = ${f.active}` : sql``}
    ${f.productId ? sql`AND EXISTS (SELECT 1 FROM part_products pp WHERE pp.part_id = p.id AND pp.product_id = ${f.productId})` : sql``}`;
}

export async function listParts(tx: Tx, f: PartFilters, window: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([
    rowsOf<PartRow>(
      tx,
      sql`SELECT ${COLUMNS} FROM parts p WHERE ${where(f)}
          ORDER BY lower(p.name), p.id LIMIT ${window.limit} OFFSET ${window.offset}`,
    ),
    rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM parts p WHERE ${where(f)}`),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

export async function findPart(tx: Tx, id: string): Promise<PartRow | undefined> {
  const [row] = await rowsOf<PartRow>(tx, sql`SELECT ${COLUMNS} FROM parts p WHERE p.id = ${id}`);
  return row;
}

export function findParts(tx: Tx, ids: readonly string[]): Promise<PartRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<PartRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM parts p WHERE p.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

/** The products each part fits, by part id. */
export async function productsOf(
  tx: Tx,
  partIds: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const out = new Map<string, { id: string; name: string }[]>();
  if (partIds.length === 0) return out;
  const rows = await rowsOf<{ partId: string; id: string; name: string }>(
    tx,
    sql`SELECT pp.part_id AS "partId", pr.id, pr.brand || ' ' || pr.name AS name
        FROM part_products pp JOIN products pr ON pr.id = pp.product_id
        WHERE pp.part_id IN (${sql.join(
          partIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        ORDER BY pr.brand, pr.name, pr.id`,
  );
  for (const r of rows) {
    const list = out.get(r.partId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.partId, list);
  }
  return out;
}

/** How many of these products exist. */
export async function countProducts(tx: Tx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM products WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return Number(row?.n ?? 0);
}

const searchText = (v: { sku: string; name: string }) => `${v.sku} ${v.name}`.toLowerCase();

export async function insertPart(tx: Tx, v: PartValues): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO parts (sku, name, kind, unit, hsn_code, gst_rate, price_paise, cost_paise, active, search_text)
        VALUES (${v.sku}, ${v.name}, ${v.kind}, ${v.unit}, ${v.hsnCode}, ${v.gstRate}, ${v.pricePaise}, ${v.costPaise},
                ${v.active}, ${searchText(v)})
        RETURNING id`,
  );
  return (row as { id: string }).id;
}

export async function lockPart(tx: Tx, id: string): Promise<PartRow | undefined> {
  const [row] = await rowsOf<PartRow>(tx, sql`SELECT ${COLUMNS} FROM parts p WHERE p.id = ${id} FOR UPDATE`);
  return row;
}

export async function updatePart(tx: Tx, id: string, v: PartValues): Promise<void> {
  await tx.execute(sql`
    UPDATE parts SET sku = ${v.sku}, name = ${v.name}, kind = ${v.kind}, unit = ${v.unit}, hsn_code = ${v.hsnCode},
      gst_rate = ${v.gstRate}, price_paise = ${v.pricePaise}, cost_paise = ${v.costPaise}, active = ${v.active},
      search_text = ${searchText(v)}, updated_at = now()
    WHERE id = ${id}`);
}

/** The part fits exactly these products. */
export async function replaceProducts(tx: Tx, partId: string, productIds: readonly string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM part_products WHERE part_id = ${partId}`);
  if (productIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO part_products (part_id, product_id)
    VALUES ${sql.join(
      [...new Set(productIds)].map((id) => sql`(${partId}::uuid, ${id}::uuid)`),
      sql`, `,
    )}`);
}
