/** A unit's public page (issue 36 items 4–5, ADR 043): SQL only. */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { roles, users } from '#server/db/schema/people.ts';
import { QR_ACCOUNT_NAME, QR_EMAIL, SYSTEM_PASSWORD_HASH } from '#server/lib/system-accounts.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';

export interface PublicView {
  brand: string;
  product: string;
  installedOn: string;
  nextDueOn: string | null;
  lastServiceOn: string | null;
  open: { ticketNo: number; status: RequestStatus; raisedOn: string }[];
}

/** Open tickets the page lists at most (newest first). */
const OPEN_SHOWN = 10;

/**
 * The page of the ACTIVE unit with this code, in ONE statement whatever the code: a known and an
 * unknown code cost the same round trip and the same unique-index probe (item 5: an unknown or
 * re-issued code answers 404 in the same time as a known one). Dates are calendar days in `tz`.
 * Only the unit's product and dates and its open tickets' numbers and statuses: nothing of the
 * customer.
 */
export async function publicView(db: Tx, code: string, tz: string): Promise<PublicView | undefined> {
  const res = await db.execute(sql`
    SELECT p.brand, p.name AS product, u.installed_on::text AS installed_on, u.next_due_on::text AS next_due_on,
      (SELECT (max(r.completed_at) AT TIME ZONE ${tz})::date::text FROM service_requests r
        WHERE r.unit_id = u.id AND r.status = 'COMPLETED') AS last_service_on,
      (SELECT coalesce(json_agg(json_build_object('ticketNo', o.ticket_no, 'status', o.status,
          'raisedOn', (o.created_at AT TIME ZONE ${tz})::date::text) ORDER BY o.created_at DESC), '[]'::json)
        FROM (SELECT r.ticket_no, r.status, r.created_at FROM service_requests r
          WHERE r.unit_id = u.id AND r.status NOT IN ('DRAFT', 'COMPLETED', 'REJECTED')
          ORDER BY r.created_at DESC NULLS FIRST LIMIT ${OPEN_SHOWN}) o) AS open
    FROM units u JOIN products p ON p.id = u.product_id
    WHERE u.public_code = ${code} AND u.status = 'ACTIVE'`);
  const row = res.rows[0] as
    | {
        brand: string;
        product: string;
        installed_on: string;
        next_due_on: string | null;
        last_service_on: string | null;
        open: PublicView['open'] | string;
      }
    | undefined;
  if (!row) return undefined;
  return {
    brand: row.brand,
    product: row.product,
    installedOn: row.installed_on,
    nextDueOn: row.next_due_on,
    lastServiceOn: row.last_service_on,
    open: typeof row.open === 'string' ? JSON.parse(row.open) : row.open,
  };
}

export interface UnitForRequest {
  id: string;
  serial: string;
  brand: string;
  product: string;
  customerId: string;
  customerName: string;
  regionId: string;
  phones: string[];
}

/**
 * The ACTIVE unit with this code, its row locked until the transaction ends (so two requests for
 * one unit count the hour's requests one after the other), with what the request needs.
 */
export async function lockUnitByCode(db: Tx, code: string): Promise<UnitForRequest | undefined> {
  const res = await db.execute(sql`
    SELECT u.id, u.serial_number, p.brand, p.name AS product, c.id AS customer_id, c.name AS customer_name,
      c.region_id, array_prepend(c.primary_phone, c.phone_numbers) AS phones
    FROM units u JOIN products p ON p.id = u.product_id JOIN customers c ON c.id = u.customer_id
    WHERE u.public_code = ${code} AND u.status = 'ACTIVE'
    FOR UPDATE OF u`);
  const r = res.rows[0] as
    | {
        id: string;
        serial_number: string;
        brand: string;
        product: string;
        customer_id: string;
        customer_name: string;
        region_id: string;
        phones: string[] | string;
      }
    | undefined;
  if (!r) return undefined;
  return {
    id: r.id,
    serial: r.serial_number,
    brand: r.brand,
    product: r.product,
    customerId: r.customer_id,
    customerName: r.customer_name,
    regionId: r.region_id,
    phones: Array.isArray(r.phones) ? r.phones : [],
  };
}

/**
 * The QR requests of the unit raised since `since`, oldest first (their times): the per-unit limit
 * (the (unit_id, created_at) index; a unit has a handful of requests).
 */
export async function qrRequestTimesSince(db: Tx, unitId: string, since: Date): Promise<Date[]> {
  const res = await db.execute(sql`
    SELECT created_at FROM service_requests
    WHERE unit_id = ${unitId} AND created_at >= ${since.toISOString()} AND job->>'kind' = 'qr'
    ORDER BY created_at`);
  return (res.rows as { created_at: Date | string }[]).map((r) => new Date(r.created_at));
}

/**
 * "Send me updates on WhatsApp" from the page (issue 35 item 5, ADR 046): the customer's WhatsApp
 * consent, source QR, now; SMS as it was. Only when `phone` is the customer's PRIMARY phone (the
 * one messages go to): the condition is the statement's own, so a phone that is not it costs the
 * same one statement and changes nothing. True when the consent was set.
 */
export async function consentToWhatsAppFromQr(db: Tx, customerId: string, phone: string): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE customers SET whatsapp_opt_in = true, consent_at = now(), consent_source = 'QR', updated_at = now()
    WHERE id = ${customerId} AND primary_phone = ${phone}
    RETURNING id`);
  return res.rows.length > 0;
}

/** The QR system account (lib/system-accounts.ts), created on first use. */
export async function qrAccount(db: Tx): Promise<{ id: string; email: string; roleName: string }> {
  const find = async () => {
    const [row] = await db
      .select({ id: users.id, email: users.email, roleName: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.email, QR_EMAIL))
      .limit(1);
    return row;
  };
  const found = await find();
  if (found) return found;
  // INACTIVE (never signs in, gets no notifications), a hash nothing verifies; the role only
  // names what it did in the approval history (it never approves).
  await db.execute(sql`
    INSERT INTO users (name, email, password_hash, role_id, status)
    SELECT ${QR_ACCOUNT_NAME}, ${QR_EMAIL}, ${SYSTEM_PASSWORD_HASH}, r.id, 'INACTIVE'
    FROM roles r WHERE r.name = 'Service Admin' AND r.immutable
    ON CONFLICT DO NOTHING`);
  const created = await find();
  if (!created) throw new Error('The QR system account could not be created');
  return created;
}
