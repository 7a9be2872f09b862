/** The units a sticker sheet prints (issue 36 item 3): SQL only. */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { StickerUnit } from './layout.ts';

export interface StickerRow extends StickerUnit {
  id: string;
  customerId: string;
  regionId: string;
}

const select = sql`SELECT u.id, u.public_code, p.brand, p.name AS product, u.serial_number, u.customer_id, c.region_id
  FROM units u JOIN products p ON p.id = u.product_id JOIN customers c ON c.id = u.customer_id`;

function rowsOf(res: { rows: unknown[] }): StickerRow[] {
  return (res.rows as Record<string, string>[]).map((r) => ({
    id: r.id as string,
    publicCode: r.public_code as string,
    brand: r.brand as string,
    product: r.product as string,
    serial: r.serial_number as string,
    customerId: r.customer_id as string,
    regionId: r.region_id as string,
  }));
}

export async function stickerUnit(db: Tx, id: string): Promise<StickerRow | undefined> {
  return rowsOf(await db.execute(sql`${select} WHERE u.id = ${id} AND u.status = 'ACTIVE'`))[0];
}

/** One page of a customer's ACTIVE units (in the order they were installed) and how many there are. */
export async function stickersOfCustomer(db: Tx, customerId: string, limit: number, offset: number) {
  const [page, total] = await Promise.all([
    db.execute(sql`${select} WHERE u.customer_id = ${customerId} AND u.status = 'ACTIVE'
      ORDER BY u.created_at, u.id LIMIT ${limit} OFFSET ${offset}`),
    db.execute(sql`SELECT count(*)::int AS n FROM units WHERE customer_id = ${customerId} AND status = 'ACTIVE'`),
  ]);
  return { rows: rowsOf(page), total: Number((total.rows[0] as { n: number }).n) };
}

/**
 * One page of a region's ACTIVE units, a customer's together, customers by name (as the office
 * sorts stickers for its rounds), and how many there are.
 */
export async function stickersOfRegion(db: Tx, regionId: string, limit: number, offset: number) {
  const [page, total] = await Promise.all([
    db.execute(sql`${select} WHERE c.region_id = ${regionId} AND u.status = 'ACTIVE'
      ORDER BY c.name, u.customer_id, u.created_at, u.id LIMIT ${limit} OFFSET ${offset}`),
    db.execute(sql`SELECT count(*)::int AS n FROM units u JOIN customers c ON c.id = u.customer_id
      WHERE c.region_id = ${regionId} AND u.status = 'ACTIVE'`),
  ]);
  return { rows: rowsOf(page), total: Number((total.rows[0] as { n: number }).n) };
}

export async function regionExists(db: Tx, id: string): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM regions WHERE id = ${id}`);
  return res.rows.length > 0;
}
