/** The installed base: SQL only (products, units, schedules, contracts, due jobs). */
import { and, asc, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import {
  contractReminders,
  contracts,
  maintenanceJobs,
  productParts,
  products,
  unitSchedule,
  units,
  workParts,
} from '#server/db/schema/maintenance.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { SCHEDULER_EMAIL, SYSTEM_PASSWORD_HASH } from '#server/lib/system-accounts.ts';
import type { ContractStatus, ContractType, ProductTechnology } from '#shared/domain/maintenance.ts';
import { FINAL_STATUSES, IN_TECHNICIANS_HANDS } from '#shared/domain/workflow.ts';

export type ProductRow = typeof products.$inferSelect;
export type PartRow = typeof productParts.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type ScheduleDbRow = typeof unitSchedule.$inferSelect;

// ------------------------------------------------------------------ products

export async function listProducts(db: Tx, pattern: string | undefined, window: { limit: number; offset: number }) {
  const where = pattern ? ilike(products.searchText, pattern) : undefined;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.brand), asc(products.name), asc(products.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findProduct(db: Tx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

export async function partsOf(db: Tx, productIds: string[]): Promise<PartRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productParts)
    .where(inArray(productParts.productId, productIds))
    .orderBy(asc(productParts.productId), asc(productParts.position));
}

export async function unitCounts(db: Tx, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: units.productId, n: count() })
    .from(units)
    .where(and(inArray(units.productId, productIds), eq(units.status, 'ACTIVE')))
    .groupBy(units.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

export interface ProductValues {
  name: string;
  brand: string;
  technology: ProductTechnology;
  warrantyMonths: number;
  searchText: string;
}

export async function insertProduct(db: Tx, v: ProductValues): Promise<string> {
  const [row] = await db.insert(products).values(v).returning({ id: products.id });
  return (row as { id: string }).id;
}

export async function updateProduct(db: Tx, id: string, v: ProductValues): Promise<void> {
  await db
    .update(products)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export async function lockProduct(db: Tx, id: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM products WHERE id = ${id} FOR UPDATE`);
}

export async function deleteProduct(db: Tx, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}

export async function anyUnitOf(db: Tx, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: units.id }).from(units).where(eq(units.productId, productId)).limit(1);
  return !!row;
}

export async function insertPart(
  db: Tx,
  v: { productId: string; name: string; intervalMonths: number; position: number },
): Promise<string> {
  const [row] = await db.insert(productParts).values(v).returning({ id: productParts.id });
  return (row as { id: string }).id;
}

export async function updatePart(db: Tx, id: string, v: { name: string; intervalMonths: number; position: number }) {
  await db.update(productParts).set(v).where(eq(productParts.id, id));
}

export async function deleteParts(db: Tx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(productParts).where(inArray(productParts.id, ids));
}

/** A new part of a product in use: every active unit of it gets a schedule row, due from its installation. */
export async function scheduleNewPart(db: Tx, partId: string, productId: string, intervalMonths: number) {
  await db.execute(sql`
    INSERT INTO unit_schedule (unit_id, part_id, last_changed_on, next_due_on)
    SELECT u.id, ${partId}, u.installed_on, (u.installed_on + make_interval(months => ${intervalMonths}))::date
    FROM units u WHERE u.product_id = ${productId} AND u.status = 'ACTIVE'`);
}

/** A part's interval changed: its rows' next dates follow (PostgreSQL's month arithmetic clamps month ends too). */
export async function rescheduleProductPart(db: Tx, partId: string, intervalMonths: number) {
  await db.execute(sql`
    UPDATE unit_schedule SET next_due_on = (last_changed_on + make_interval(months => ${intervalMonths}))::date
    WHERE part_id = ${partId} AND last_changed_on IS NOT NULL`);
}

/** Recompute units' earliest due date (after their schedule changed). */
export async function refreshUnitsOfProduct(db: Tx, productId: string) {
  await db.execute(sql`
    UPDATE units u SET next_due_on = (SELECT min(s.next_due_on) FROM unit_schedule s WHERE s.unit_id = u.id)
    WHERE u.product_id = ${productId}`);
}

// ------------------------------------------------------------------ units

const unitView = {
  id: units.id,
  customerId: units.customerId,
  customerName: customers.name,
  customerPhone: customers.primaryPhone,
  regionId: customers.regionId,
  regionName: regions.name,
  productId: units.productId,
  productName: products.name,
  productBrand: products.brand,
  technology: products.technology,
  warrantyMonths: products.warrantyMonths,
  serialNumber: units.serialNumber,
  installedOn: units.installedOn,
  locationNote: units.locationNote,
  status: units.status,
  nextDueOn: units.nextDueOn,
  createdAt: units.createdAt,
};
export type UnitRow = {
  id: string;
  customerId: string;
  customerName: string;
  customerPhone: string;
  regionId: string;
  regionName: string;
  productId: string;
  productName: string;
  productBrand: string;
  technology: ProductTechnology;
  warrantyMonths: number;
  serialNumber: string;
  installedOn: string;
  locationNote: string | null;
  status: 'ACTIVE' | 'REMOVED';
  nextDueOn: string | null;
  createdAt: Date;
};

function unitQuery(db: Tx) {
  return db
    .select(unitView)
    .from(units)
    .innerJoin(customers, eq(customers.id, units.customerId))
    .innerJoin(regions, eq(regions.id, customers.regionId))
    .innerJoin(products, eq(products.id, units.productId));
}

export async function findUnit(db: Tx, id: string): Promise<UnitRow | undefined> {
  const [row] = await unitQuery(db).where(eq(units.id, id)).limit(1);
  return row;
}

export async function unitsOfCustomer(db: Tx, customerId: string, window: { limit: number; offset: number }) {
  const rows = await unitQuery(db)
    .where(eq(units.customerId, customerId))
    .orderBy(sql`${units.status} = 'REMOVED'`, asc(units.createdAt), asc(units.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(units).where(eq(units.customerId, customerId));
  return { rows, total: total?.n ?? 0 };
}

export async function lockUnit(db: Tx, id: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM units WHERE id = ${id} FOR UPDATE`);
}

export async function insertUnit(
  db: Tx,
  v: {
    customerId: string;
    productId: string;
    serialNumber: string;
    installedOn: string;
    locationNote: string | null;
    installedById: string | null;
  },
): Promise<string> {
  const [row] = await db.insert(units).values(v).returning({ id: units.id });
  return (row as { id: string }).id;
}

export async function updateUnit(
  db: Tx,
  id: string,
  v: Partial<{
    serialNumber: string;
    installedOn: string;
    locationNote: string | null;
    status: 'REMOVED';
    removedAt: Date;
  }>,
) {
  await db
    .update(units)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(units.id, id));
}

export async function scheduleOf(db: Tx, unitIds: string[]) {
  if (unitIds.length === 0) return [];
  return db
    .select({
      id: unitSchedule.id,
      unitId: unitSchedule.unitId,
      partId: unitSchedule.partId,
      contractId: unitSchedule.contractId,
      partName: productParts.name,
      intervalMonths: productParts.intervalMonths,
      position: productParts.position,
      lastChangedOn: unitSchedule.lastChangedOn,
      nextDueOn: unitSchedule.nextDueOn,
      visitsDone: unitSchedule.visitsDone,
    })
    .from(unitSchedule)
    .leftJoin(productParts, eq(productParts.id, unitSchedule.partId))
    .where(inArray(unitSchedule.unitId, unitIds))
    .orderBy(asc(unitSchedule.unitId), sql`${productParts.position} NULLS LAST`, asc(unitSchedule.id));
}
export type ScheduleJoined = Awaited<ReturnType<typeof scheduleOf>>[number];

export async function insertScheduleRows(
  db: Tx,
  rows: {
    unitId: string;
    partId?: string | null;
    contractId?: string | null;
    lastChangedOn: string | null;
    nextDueOn: string | null;
  }[],
) {
  if (rows.length) await db.insert(unitSchedule).values(rows);
}

export async function setScheduleRow(
  db: Tx,
  id: string,
  v: { lastChangedOn?: string | null; nextDueOn: string | null; visitsDone?: number },
) {
  await db.update(unitSchedule).set(v).where(eq(unitSchedule.id, id));
}

export async function deleteScheduleOfContract(db: Tx, contractId: string) {
  await db.delete(unitSchedule).where(eq(unitSchedule.contractId, contractId));
}

/** The unit's earliest due date follows its schedule. */
export async function refreshUnitDue(db: Tx, unitId: string): Promise<void> {
  await db.execute(sql`
    UPDATE units SET next_due_on = (SELECT min(next_due_on) FROM unit_schedule WHERE unit_id = ${unitId})
    WHERE id = ${unitId}`);
}

/**
 * Has this technician been assigned a request of this customer? With `inHand`, one still in
 * their hands: a technician writes a customer's units only while on a job there, never for good.
 */
export async function isAssignedToCustomer(
  db: Tx,
  technicianId: string,
  customerId: string,
  inHand = false,
): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.customerId, customerId),
        eq(serviceRequests.assignedToId, technicianId),
        inHand ? inArray(serviceRequests.status, [...IN_TECHNICIANS_HANDS]) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function customerOf(db: Tx, id: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, regionId: customers.regionId })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return row;
}

/** The unit's requests, newest first, with the parts each replaced. */
export async function historyOfUnit(db: Tx, unitId: string) {
  const rows = await db
    .select({
      id: serviceRequests.id,
      ticketNo: serviceRequests.ticketNo,
      type: serviceRequests.type,
      status: serviceRequests.status,
      description: serviceRequests.description,
      createdAt: serviceRequests.createdAt,
      completedAt: serviceRequests.completedAt,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.unitId, unitId))
    .orderBy(sql`${serviceRequests.createdAt} DESC NULLS FIRST`, sql`${serviceRequests.id} DESC NULLS FIRST`)
    .limit(100);
  const parts = rows.length
    ? await db
        .select({
          requestId: workParts.requestId,
          partId: workParts.partId,
          name: workParts.name,
          quantity: workParts.quantity,
        })
        .from(workParts)
        .where(
          inArray(
            workParts.requestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(workParts.createdAt), asc(workParts.id))
    : [];
  return { rows, parts };
}

export async function openRequestsOf(db: Tx, unitIds: string[]): Promise<Map<string, string>> {
  if (unitIds.length === 0) return new Map();
  const rows = await db
    .select({ unitId: serviceRequests.unitId, id: serviceRequests.id })
    .from(serviceRequests)
    .where(
      and(
        inArray(serviceRequests.unitId, unitIds),
        sql`${serviceRequests.status} NOT IN (${sql.join(
          FINAL_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    );
  return new Map(rows.map((r) => [r.unitId as string, r.id]));
}

export async function insertWorkParts(
  db: Tx,
  rows: { requestId: string; unitId: string | null; partId: string | null; name: string; quantity: number }[],
) {
  if (rows.length) await db.insert(workParts).values(rows);
}

// ------------------------------------------------------------------ contracts

export async function contractsOfUnit(db: Tx, unitId: string): Promise<ContractRow[]> {
  return db
    .select()
    .from(contracts)
    .where(eq(contracts.unitId, unitId))
    .orderBy(sql`${contracts.startsOn} DESC`, asc(contracts.id));
}

export async function findContract(db: Tx, id: string): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
  return row;
}

/** An active contract of this type on this unit overlapping the period (but `except`). */
export async function overlapping(
  db: Tx,
  unitId: string,
  type: ContractType,
  startsOn: string,
  endsOn: string,
  except?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.unitId, unitId),
        eq(contracts.type, type),
        eq(contracts.status, 'ACTIVE'),
        sql`${contracts.startsOn} <= ${endsOn} AND ${startsOn} <= ${contracts.endsOn}`,
        except ? ne(contracts.id, except) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertContract(db: Tx, v: typeof contracts.$inferInsert): Promise<string> {
  const [row] = await db.insert(contracts).values(v).returning({ id: contracts.id });
  return (row as { id: string }).id;
}

export async function updateContract(
  db: Tx,
  id: string,
  v: Partial<{
    startsOn: string;
    endsOn: string;
    visitsPerYear: number;
    partsIncluded: boolean;
    price: number;
    status: ContractStatus;
  }>,
) {
  await db
    .update(contracts)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(contracts.id, id));
}

export interface ExpiringFilter {
  regionId: string | null;
  from: string;
  to: string;
}

function expiringWhere(f: ExpiringFilter): SQL | undefined {
  return and(
    eq(contracts.status, 'ACTIVE'),
    sql`${contracts.endsOn} >= ${f.from} AND ${contracts.endsOn} <= ${f.to}`,
    f.regionId ? eq(customers.regionId, f.regionId) : undefined,
  );
}

export async function expiringContracts(db: Tx, f: ExpiringFilter, window: { limit: number; offset: number }) {
  const rows = await db
    .select({
      contract: contracts,
      customerId: customers.id,
      customerName: customers.name,
      customerPhone: customers.primaryPhone,
      regionName: regions.name,
      productName: products.name,
      productBrand: products.brand,
      serialNumber: units.serialNumber,
    })
    .from(contracts)
    .innerJoin(units, eq(units.id, contracts.unitId))
    .innerJoin(customers, eq(customers.id, units.customerId))
    .innerJoin(regions, eq(regions.id, customers.regionId))
    .innerJoin(products, eq(products.id, units.productId))
    .where(expiringWhere(f))
    .orderBy(asc(contracts.endsOn), asc(contracts.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db
    .select({ n: count() })
    .from(contracts)
    .innerJoin(units, eq(units.id, contracts.unitId))
    .innerJoin(customers, eq(customers.id, units.customerId))
    .where(expiringWhere(f));
  return { rows, total: total?.n ?? 0 };
}

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
           c.region_id, p.name AS product_name
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
  }[];
}

/**
 * Claims many (unit, due date) pairs in one statement, in the order given (the run's order, so two
 * runs meet their keys in the same order): the claimed units with their job ids.
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

export async function hasOpenRequest(db: Tx, unitId: string): Promise<boolean> {
  const map = await openRequestsOf(db, [unitId]);
  return map.size > 0;
}

export async function chargeableOfJobs(db: Tx, unitIds: string[]) {
  if (unitIds.length === 0) return new Map<string, boolean>();
  const rows = await db
    .select({ unitId: maintenanceJobs.unitId, dueOn: maintenanceJobs.dueOn, chargeable: maintenanceJobs.chargeable })
    .from(maintenanceJobs)
    .where(inArray(maintenanceJobs.unitId, unitIds));
  return new Map(rows.map((r) => [`${r.unitId}|${r.dueOn}`, r.chargeable]));
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
