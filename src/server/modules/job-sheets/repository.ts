/** A job sheet's facts beyond the request's details (issue 35 item 3): SQL only. */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { MediaKind } from '#shared/domain/media.ts';

export interface SheetUnit {
  brand: string;
  product: string;
  serial: string;
  installedOn: string;
}

export async function unitOf(db: Tx, unitId: string): Promise<SheetUnit | undefined> {
  const res = await db.execute(sql`
    SELECT p.brand, p.name AS product, u.serial_number AS serial, u.installed_on::text AS installed_on
    FROM units u JOIN products p ON p.id = u.product_id WHERE u.id = ${unitId}`);
  const r = res.rows[0] as { brand: string; product: string; serial: string; installed_on: string } | undefined;
  return r && { brand: r.brand, product: r.product, serial: r.serial, installedOn: r.installed_on };
}

/** The parts the visit replaced (from the unit's schedule) and the spare parts it used. */
export async function partsOf(db: Tx, requestId: string) {
  const res = await db.execute(sql`
    SELECT name, quantity, part_id IS NOT NULL AS scheduled FROM work_parts
    WHERE request_id = ${requestId} ORDER BY created_at, id`);
  return res.rows as { name: string; quantity: number; scheduled: boolean }[];
}

export async function readingsOf(db: Tx, requestId: string) {
  const res = await db.execute(sql`
    SELECT tds_in, tds_out, ph, hardness, taken_at FROM water_readings
    WHERE request_id = ${requestId} ORDER BY taken_at, id`);
  return (
    res.rows as {
      tds_in: number;
      tds_out: number;
      ph: number | null;
      hardness: number | null;
      taken_at: Date | string;
    }[]
  ).map((r) => ({
    tdsIn: Number(r.tds_in),
    tdsOut: Number(r.tds_out),
    ph: r.ph === null ? null : Number(r.ph),
    hardness: r.hardness === null ? null : Number(r.hardness),
    takenAt: new Date(r.taken_at),
  }));
}

/** The before and after photos' thumbnails (their storage keys), at most `max` of each, oldest first. */
export async function beforeAfterOf(db: Tx, requestId: string, max: number) {
  const res = await db.execute(sql`
    SELECT kind, thumb_key FROM (
      SELECT kind, thumb_key, uploaded_at, id,
        row_number() OVER (PARTITION BY kind ORDER BY uploaded_at, id) AS n
      FROM work_media WHERE request_id = ${requestId} AND kind IN ('BEFORE', 'AFTER')) m
    WHERE n <= ${max} ORDER BY kind DESC, uploaded_at, id`);
  return res.rows as { kind: MediaKind; thumb_key: string }[];
}
