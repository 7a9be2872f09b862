/**
 * Units for an import (issue 34, ADR 040): SQL only. Units and their schedule rows many per
 * statement (one JSON parameter each, read with jsonb_to_recordset); each unit carries the
 * earliest due date of its schedule rows (import.service.ts), as `refreshUnitDue` would set it.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';

const BATCH = 2000;

export type CatalogueProduct = {
  id: string;
  name: string;
  brand: string;
  parts: { id: string; name: string; intervalMonths: number }[];
};

/** Every product with its parts (the catalogue is small: dozens, not thousands). */
export async function productCatalogue(db: Tx): Promise<CatalogueProduct[]> {
  const res = await db.execute<CatalogueProduct>(sql`
    SELECT p.id, p.name, p.brand,
           coalesce((SELECT json_agg(json_build_object('id', pp.id, 'name', pp.name, 'intervalMonths', pp.interval_months)
                                     ORDER BY pp.position, pp.id)
                     FROM product_parts pp WHERE pp.product_id = p.id), '[]'::json) AS parts
    FROM products p ORDER BY p.brand, p.name`);
  return (res.rows as CatalogueProduct[]).map((p) => ({
    ...p,
    parts: typeof p.parts === 'string' ? (JSON.parse(p.parts) as CatalogueProduct['parts']) : p.parts,
  }));
}

/** Which of these serial numbers an active unit holds (as the unique index compares them: lower-case). */
export async function heldSerials(db: Tx, serials: readonly string[]): Promise<Set<string>> {
  if (serials.length === 0) return new Set();
  const res = await db.execute<{ serial: string }>(sql`
    SELECT lower(u.serial_number) AS serial FROM units u
    WHERE u.status = 'ACTIVE' AND lower(u.serial_number) IN (SELECT jsonb_array_elements_text(${JSON.stringify(serials.map((s) => s.toLowerCase()))}::jsonb))`);
  return new Set((res.rows as { serial: string }[]).map((r) => r.serial));
}

export interface ImportedUnit {
  id: string;
  customerId: string;
  productId: string;
  serialNumber: string;
  installedOn: string;
  locationNote: string | null;
  /** The earliest due date of the schedule rows written with it. */
  nextDueOn: string | null;
}

export interface ImportedScheduleRow {
  unitId: string;
  partId: string;
  lastChangedOn: string;
  nextDueOn: string;
}

export async function insertUnits(db: Tx, rows: readonly ImportedUnit[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(
      rows.slice(i, i + BATCH).map((u) => ({
        id: u.id,
        customer_id: u.customerId,
        product_id: u.productId,
        serial_number: u.serialNumber,
        installed_on: u.installedOn,
        location_note: u.locationNote,
        next_due_on: u.nextDueOn,
      })),
    );
    await db.execute(sql`
      INSERT INTO units (id, customer_id, product_id, serial_number, installed_on, location_note, next_due_on)
      SELECT v.id, v.customer_id, v.product_id, v.serial_number, v.installed_on, v.location_note, v.next_due_on
      FROM jsonb_to_recordset(${json}::jsonb)
        AS v(id uuid, customer_id uuid, product_id uuid, serial_number text, installed_on date, location_note text,
             next_due_on date)`);
  }
}

export async function insertSchedule(db: Tx, rows: readonly ImportedScheduleRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH * 2) {
    const json = JSON.stringify(
      rows.slice(i, i + BATCH * 2).map((s) => ({
        unit_id: s.unitId,
        part_id: s.partId,
        last_changed_on: s.lastChangedOn,
        next_due_on: s.nextDueOn,
      })),
    );
    await db.execute(sql`
      INSERT INTO unit_schedule (unit_id, part_id, last_changed_on, next_due_on)
      SELECT v.unit_id, v.part_id, v.last_changed_on, v.next_due_on
      FROM jsonb_to_recordset(${json}::jsonb) AS v(unit_id uuid, part_id uuid, last_changed_on date, next_due_on date)`);
  }
}
