/** Preventive maintenance: SQL only (the due list and counts, the run's jobs, reminders and system account). */
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { notifications } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { contractReminders, contracts, maintenanceJobs, units } from '#server/db/schema/maintenance.ts';
import { roles, users } from '#server/db/schema/people.ts';
import { streamRows } from '#server/db/stream.ts';
import { isPerson, SCHEDULER_EMAIL, SYSTEM_PASSWORD_HASH } from '#server/lib/system-accounts.ts';

// ------------------------------------------------------------------ contracts (the due list's and the run's)

/** Active contracts of these units covering a date (the due list's and the run's "covered"). */
export async function coveringContracts(db: Tx, unitIds: string[], on: string) {
  if (unitIds.length === 0) return [];
  return db
    .select({ id: contracts.id, unitId: contracts.unitId, type: contracts.type, endsOn: contracts.endsOn })
    .from(contracts)
    .where(
      and(
        inArray(contracts.unitId, unitIds),
        eq(contracts.status, 'ACTIVE'),
        sql`${contracts.startsOn} <= ${on} AND ${on} <= ${contracts.endsOn}`,
      ),
    )
    .orderBy(asc(contracts.endsOn));
}

/** Contracts whose end has passed become EXPIRED; their visit rows stop being due. */
export async function expireContracts(db: Tx, today: string, regionId: string | null): Promise<number> {
  const res = await db.execute<{ unit_id: string }>(sql`
    UPDATE contracts c SET status = 'EXPIRED', updated_at = now()
    WHERE c.status = 'ACTIVE' AND c.ends_on < ${today}
      ${regionId ? sql`AND c.unit_id IN (SELECT u.id FROM units u JOIN customers cu ON cu.id = u.customer_id WHERE cu.region_id = ${regionId})` : sql``}
    RETURNING c.id, c.unit_id`);
  const rows = res.rows as { id: string; unit_id: string }[];
  for (const r of rows) {
    await db.execute(sql`UPDATE unit_schedule SET next_due_on = NULL WHERE contract_id = ${r.id}`);
    await refreshUnitDue(db, r.unit_id);
  }
  return rows.length;
}

/** Active contracts ending within 30 days (the run's renewal reminders). */
export async function contractsEndingBy(db: Tx, today: string, until: string, regionId: string | null) {
  return db
    .select({
      id: contracts.id,
      type: contracts.type,
      endsOn: contracts.endsOn,
      regionId: customers.regionId,
      customerName: customers.name,
      serialNumber: units.serialNumber,
    })
    .from(contracts)
    .innerJoin(units, eq(units.id, contracts.unitId))
    .innerJoin(customers, eq(customers.id, units.customerId))
    .where(
      and(
        eq(contracts.status, 'ACTIVE'),
        sql`${contracts.endsOn} >= ${today} AND ${contracts.endsOn} <= ${until}`,
        regionId ? eq(customers.regionId, regionId) : undefined,
      ),
    );
}

/** Claims a reminder: true only for the one caller that recorded it first. */
export async function claimReminder(db: Tx, contractId: string, daysBefore: number): Promise<boolean> {
  const rows = await db
    .insert(contractReminders)
    .values({ contractId, daysBefore })
    .onConflictDoNothing()
    .returning({ contractId: contractReminders.contractId });
  return rows.length > 0;
}

/** Active Sales Managers and Sales Team Leads of a region (the renewal reminder's readers). */
export async function salesLeadsOf(db: Tx, regionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        eq(users.regionId, regionId),
        inArray(roles.policyRole, ['Sales Manager', 'Sales Team Lead']),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/**
 * Who is told of jobs the run held back past its cap (issue 31 item 5): the active Super Admins
 * and Service Admins, and the Service Managers of the customer's region (or of none: they see
 * every region), as the policy role says (custom roles included). People only, never a system
 * account.
 */
export async function holdBackReadersOf(db: Tx, regionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        isPerson(),
        or(
          inArray(roles.policyRole, ['Super Admin', 'Service Admin']),
          and(eq(roles.policyRole, 'Service Manager'), or(eq(users.regionId, regionId), isNull(users.regionId))),
        ),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** The unit's earliest due date follows its schedule (after an expired contract's visits stop being due). */
async function refreshUnitDue(db: Tx, unitId: string): Promise<void> {
  await db.execute(sql`
    UPDATE units SET next_due_on = (SELECT min(next_due_on) FROM unit_schedule WHERE unit_id = ${unitId})
    WHERE id = ${unitId}`);
}

/** Every active contract of these units (the run decides per unit which covers its due date). */
export async function activeContractsOf(db: Tx, unitIds: string[]) {
  if (unitIds.length === 0) return [];
  return db
    .select({
      id: contracts.id,
      unitId: contracts.unitId,
      startsOn: contracts.startsOn,
      endsOn: contracts.endsOn,
      status: contracts.status,
    })
    .from(contracts)
    .where(and(inArray(contracts.unitId, unitIds), eq(contracts.status, 'ACTIVE')));
}

// ------------------------------------------------------------------ due list and run

export interface DueFilter {
  horizon: string;
  regionId: string | null;
  /** OVERDUE: next_due_on < today; DUE_SOON: today..horizon. */
  from?: string;
  before?: string;
}

function dueWhere(f: DueFilter): SQL {
  return sql`u.status = 'ACTIVE' AND u.next_due_on <= ${f.horizon}
    ${f.before ? sql`AND u.next_due_on < ${f.before}` : sql``}
    ${f.from ? sql`AND u.next_due_on >= ${f.from}` : sql``}
    ${f.regionId ? sql`AND c.region_id = ${f.regionId}` : sql``}`;
}

export interface DueRow {
  unit_id: string;
  serial_number: string;
  next_due_on: string;
  customer_id: string;
  customer_name: string;
  primary_phone: string;
  phone_numbers: string[];
  region_id: string;
  region_name: string;
  product_id: string;
  product_name: string;
  product_brand: string;
}

/** Page of due units by earliest due date: a walk of units_active_next_due_idx. */
export async function dueUnits(db: Tx, f: DueFilter, window: { limit: number; offset: number }): Promise<DueRow[]> {
  const res = await db.execute(sql`
    SELECT u.id AS unit_id, u.serial_number, u.next_due_on::text AS next_due_on,
           c.id AS customer_id, c.name AS customer_name, c.primary_phone, c.phone_numbers,
           c.region_id, r.name AS region_name, p.id AS product_id, p.name AS product_name, p.brand AS product_brand
    FROM units u
    JOIN customers c ON c.id = u.customer_id
    JOIN regions r ON r.id = c.region_id
    JOIN products p ON p.id = u.product_id
    WHERE ${dueWhere(f)}
    ORDER BY u.next_due_on, u.id
    LIMIT ${window.limit} OFFSET ${window.offset}`);
  return res.rows as unknown as DueRow[];
}

/**
 * Every due unit of a filter by earliest due date, read as they are used: the export's rows
 * (db/stream.ts, ADR 037). A keyset batch starts after the last (next_due_on, id).
 */
export function streamDue(db: Tx, f: DueFilter): AsyncGenerator<DueRow> {
  return streamRows<DueRow>(db, {
    statement(page) {
      const last = page?.after;
      return {
        sql: sql`
    SELECT u.id AS unit_id, u.serial_number, u.next_due_on::text AS next_due_on,
           c.id AS customer_id, c.name AS customer_name, c.primary_phone, c.phone_numbers,
           c.region_id, r.name AS region_name, p.id AS product_id, p.name AS product_name, p.brand AS product_brand
    FROM units u
    JOIN customers c ON c.id = u.customer_id
    JOIN regions r ON r.id = c.region_id
    JOIN products p ON p.id = u.product_id
    WHERE ${dueWhere(f)}
      ${last ? sql`AND (u.next_due_on, u.id) > (${last.next_due_on}::date, ${last.unit_id}::uuid)` : sql``}
    ORDER BY u.next_due_on, u.id
    ${page ? sql`LIMIT ${page.limit}` : sql``}`,
      };
    },
  });
}

export async function countDue(db: Tx, f: DueFilter): Promise<number> {
  const res = await db.execute(sql`
    SELECT count(*)::int AS n FROM units u
    ${f.regionId ? sql`JOIN customers c ON c.id = u.customer_id` : sql``}
    WHERE ${dueWhere(f)}`);
  return Number((res.rows[0] as { n: number } | undefined)?.n ?? 0);
}

/** Schedule rows of these units due by the horizon (the due parts). */
export async function dueScheduleOf(db: Tx, unitIds: string[], horizon: string) {
  if (unitIds.length === 0) return [];
  const res = await db.execute(sql`
    SELECT s.id, s.unit_id, s.part_id, s.contract_id, s.next_due_on::text AS next_due_on,
           coalesce(pp.name, 'AMC visit') AS name
    FROM unit_schedule s LEFT JOIN product_parts pp ON pp.id = s.part_id
    WHERE s.unit_id IN (${sql.join(
      unitIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND s.next_due_on <= ${horizon}
    ORDER BY s.unit_id, s.next_due_on, pp.position NULLS LAST`);
  return res.rows as {
    id: string;
    unit_id: string;
    part_id: string | null;
    contract_id: string | null;
    next_due_on: string;
    name: string;
  }[];
}

/**
 * The run's candidates after `after` (keyset): active units due by the horizon with no open
 * request and no job raised for this due date yet.
 */
export async function runCandidates(db: Tx, f: DueFilter, after: { due: string; id: string } | null, limit: number) {
  const res = await db.execute(sql`
    SELECT u.id AS unit_id, u.next_due_on::text AS next_due_on, u.serial_number, c.id AS customer_id, c.name AS customer_name,
           c.region_id, p.name AS product_name, p.brand AS product_brand
    FROM units u
    JOIN customers c ON c.id = u.customer_id
    JOIN products p ON p.id = u.product_id
    WHERE ${dueWhere(f)}
      ${after ? sql`AND (u.next_due_on, u.id) > (${after.due}::date, ${after.id}::uuid)` : sql``}
      AND NOT EXISTS (SELECT 1 FROM maintenance_jobs j WHERE j.unit_id = u.id AND j.due_on = u.next_due_on)
      AND NOT EXISTS (SELECT 1 FROM service_requests sr WHERE sr.unit_id = u.id AND sr.status NOT IN ('COMPLETED', 'REJECTED'))
    ORDER BY u.next_due_on, u.id
    LIMIT ${limit}`);
  return res.rows as {
    unit_id: string;
    next_due_on: string;
    serial_number: string;
    customer_id: string;
    customer_name: string;
    region_id: string;
    product_name: string;
    product_brand: string;
  }[];
}

/**
 * Claims many (unit, due date) pairs in one statement, in the order given (the run's order, so two
 * runs meet their keys in the same order): the claimed units with their job ids. A job left
 * without a request is one the run held back past its cap (run.ts): no later run raises it.
 */
export async function claimJobs(
  db: Tx,
  jobs: { unitId: string; dueOn: string; chargeable: boolean }[],
): Promise<Map<string, string>> {
  if (jobs.length === 0) return new Map();
  const rows = await db
    .insert(maintenanceJobs)
    .values(jobs)
    .onConflictDoNothing({ target: [maintenanceJobs.unitId, maintenanceJobs.dueOn] })
    .returning({ id: maintenanceJobs.id, unitId: maintenanceJobs.unitId });
  return new Map(rows.map((r) => [r.unitId, r.id]));
}

/** Each claimed job gets the request raised for it in the same transaction. */
export async function linkJobs(db: Tx, links: { jobId: string; requestId: string }[]) {
  if (links.length === 0) return;
  await db.execute(sql`
    UPDATE maintenance_jobs j SET request_id = v.request_id::uuid
    FROM (VALUES ${sql.join(
      links.map((l) => sql`(${l.jobId}, ${l.requestId})`),
      sql`, `,
    )}) AS v(job_id, request_id)
    WHERE j.id = v.job_id::uuid`);
}

// ------------------------------------------------------------------ counts (dashboard)

export async function counts(db: Tx, today: string, weekEnd: string, monthEnd: string, regionId: string | null) {
  const region = regionId ? sql`AND c.region_id = ${regionId}` : sql``;
  const res = await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM units u JOIN customers c ON c.id = u.customer_id
        WHERE u.status = 'ACTIVE' AND u.next_due_on >= ${today} AND u.next_due_on <= ${weekEnd} ${region}) AS due_week,
      (SELECT count(*)::int FROM units u JOIN customers c ON c.id = u.customer_id
        WHERE u.status = 'ACTIVE' AND u.next_due_on < ${today} ${region}) AS overdue,
      (SELECT count(*)::int FROM contracts k JOIN units u ON u.id = k.unit_id JOIN customers c ON c.id = u.customer_id
        WHERE k.status = 'ACTIVE' AND k.type = 'AMC' AND k.ends_on >= ${today} AND k.ends_on <= ${monthEnd} ${region}) AS amc_expiring`);
  const row = res.rows[0] as { due_week: number; overdue: number; amc_expiring: number };
  return { dueThisWeek: Number(row.due_week), overdue: Number(row.overdue), amcExpiring: Number(row.amc_expiring) };
}

// ------------------------------------------------------------------ the system account

/** The scheduler: the system account (lib/system-accounts.ts) at its reserved address. */
export async function findScheduler(db: Tx) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, roleId: users.roleId, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, SCHEDULER_EMAIL))
    .limit(1);
  return row;
}

/** The system account: INACTIVE (never signs in, gets no notifications), a hash nothing verifies. */
export async function insertScheduler(db: Tx, name: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (name, email, password_hash, role_id, status)
    SELECT ${name}, ${SCHEDULER_EMAIL}, ${SYSTEM_PASSWORD_HASH}, r.id, 'INACTIVE'
    FROM roles r WHERE r.name = 'Service Admin' AND r.immutable
    ON CONFLICT DO NOTHING`);
}

// ------------------------------------------------------------------ notifications

/** The renewal reminder's rows (one per reader), in the claiming transaction. */
export async function insertNotifications(db: Tx, rows: (typeof notifications.$inferInsert)[]): Promise<void> {
  await db.insert(notifications).values(rows);
}
