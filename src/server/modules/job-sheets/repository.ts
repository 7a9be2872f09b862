/** A job sheet's facts beyond the request's details (issue 35 item 3): SQL only. */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { MediaKind } from '#shared/domain/media.ts';
import type { ProofKind } from '#shared/domain/messages.ts';
import type { RequestStatus, RequestType } from '#shared/domain/workflow.ts';

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

/** The storage key of the request's signature (ADR 047), or undefined when its proof is none or a code. */
export async function signatureKeyOf(db: Tx, requestId: string): Promise<string | undefined> {
  const res = await db.execute(sql`
    SELECT signature_key FROM completion_proofs WHERE request_id = ${requestId} AND signature_key IS NOT NULL`);
  return (res.rows[0] as { signature_key: string } | undefined)?.signature_key;
}

/** The public sheet's facts as the statement returns them (timestamps as JSON text). */
export interface PublicSheetRow {
  ticket_no: number;
  type: RequestType;
  status: RequestStatus;
  completed_at: Date | string | null;
  customer_name: string;
  language: string;
  brand: string | null;
  product: string | null;
  serial: string | null;
  visits: { technician: string | null; startTime: string; endTime: string | null; notes: string | null }[];
  parts: { name: string; quantity: number; replaced: boolean }[];
  readings: { tdsIn: number; tdsOut: number; ph: number | null; hardness: number | null; takenAt: string }[];
  photos: { kind: MediaKind; thumbKey: string }[];
  proof: { kind: ProofKind; signedBy: string | null; confirmedAt: string } | null;
}

/**
 * A done request's public sheet (ADR 048) in ONE statement, whatever the id: a request that does
 * not exist and one whose work is not done (not WORK_COMPLETED or COMPLETED) find no row at the
 * same cost, so a 404 tells nothing by its time. Only what the public page shows: the customer's
 * name and language, the unit, each visit with its technician's name, the parts, the readings, at
 * most `photos` before and after thumbnails each, and the proof's kind, signer and time.
 */
export async function publicSheet(db: Tx, requestId: string, photos: number): Promise<PublicSheetRow | undefined> {
  const res = await db.execute(sql`
    SELECT r.ticket_no, r.type, r.status, r.completed_at, c.name AS customer_name, c.language,
      p.brand, p.name AS product, u.serial_number AS serial,
      (SELECT coalesce(json_agg(json_build_object('technician', t.name, 'startTime', l.start_time,
          'endTime', l.end_time, 'notes', l.notes) ORDER BY l.start_time, l.id), '[]'::json)
        FROM work_logs l LEFT JOIN users t ON t.id = l.technician_id WHERE l.request_id = r.id) AS visits,
      (SELECT coalesce(json_agg(json_build_object('name', w.name, 'quantity', w.quantity,
          'replaced', w.part_id IS NOT NULL) ORDER BY w.part_id IS NULL, w.created_at, w.id), '[]'::json)
        FROM work_parts w WHERE w.request_id = r.id) AS parts,
      (SELECT coalesce(json_agg(json_build_object('tdsIn', q.tds_in, 'tdsOut', q.tds_out, 'ph', q.ph,
          'hardness', q.hardness, 'takenAt', q.taken_at) ORDER BY q.taken_at, q.id), '[]'::json)
        FROM water_readings q WHERE q.request_id = r.id) AS readings,
      (SELECT coalesce(json_agg(json_build_object('kind', m.kind, 'thumbKey', m.thumb_key)
          ORDER BY m.kind DESC, m.uploaded_at, m.id), '[]'::json)
        FROM (SELECT kind, thumb_key, uploaded_at, id,
            row_number() OVER (PARTITION BY kind ORDER BY uploaded_at, id) AS n
          FROM work_media WHERE request_id = r.id AND kind IN ('BEFORE', 'AFTER')) m
        WHERE m.n <= ${photos}) AS photos,
      (SELECT json_build_object('kind', f.kind, 'signedBy', f.signed_by, 'confirmedAt', f.confirmed_at)
        FROM completion_proofs f WHERE f.request_id = r.id) AS proof
    FROM service_requests r
    JOIN customers c ON c.id = r.customer_id
    LEFT JOIN units u ON u.id = r.unit_id
    LEFT JOIN products p ON p.id = u.product_id
    WHERE r.id = ${requestId} AND r.status IN ('WORK_COMPLETED', 'COMPLETED')`);
  const row = res.rows[0] as Record<string, unknown> | undefined;
  if (!row) return undefined;
  // PGlite and some drivers hand json back as text.
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    ...(row as unknown as PublicSheetRow),
    visits: json(row.visits),
    parts: json(row.parts),
    readings: json(row.readings),
    photos: json(row.photos),
    proof: json(row.proof),
  };
}
