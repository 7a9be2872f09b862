/** Installed units: SQL only (units, their schedules, the parts a visit used, their requests). */
import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { contracts, productParts, products, unitSchedule, units, workParts } from '#server/db/schema/maintenance.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { streamRows } from '#server/db/stream.ts';
import { isPerson } from '#server/lib/system-accounts.ts';
import type { ProductTechnology } from '#shared/domain/maintenance.ts';
import { IN_TECHNICIANS_HANDS } from '#shared/domain/workflow.ts';

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
  publicCode: units.publicCode,
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
  publicCode: string;
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

/**
 * Every unit of a customer in the list's order (active first, then by installation), read as they
 * are used: the export's rows (db/stream.ts, ADR 037). A keyset batch starts after the last row's
 * (removed, created_at, id), read by primary key.
 */
export function streamUnitsOfCustomer(db: Tx, customerId: string): AsyncGenerator<UnitRow> {
  const removed = sql`${units.status} = 'REMOVED'`;
  return streamRows<UnitRow>(db, {
    statement(page) {
      const last = page?.after?.id;
      const after = last
        ? sql`(${removed}, ${units.createdAt}, ${units.id}) > (select u2.status = 'REMOVED', u2.created_at, u2.id from units u2 where u2.id = ${last})`
        : undefined;
      const q = unitQuery(db)
        .where(and(eq(units.customerId, customerId), after))
        .orderBy(removed, asc(units.createdAt), asc(units.id))
        .$dynamic();
      return { select: page ? q.limit(page.limit) : q };
    },
  });
}

export async function lockUnit(db: Tx, id: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM units WHERE id = ${id} FOR UPDATE`);
}

/** A unit being installed: its customer, product, serial number and date, and who installed it. */
export interface NewUnit {
  customerId: string;
  productId: string;
  serialNumber: string;
  installedOn: string;
  locationNote: string | null;
  installedById: string | null;
}

export async function insertUnit(db: Tx, v: NewUnit): Promise<string> {
  const [row] = await db.insert(units).values(v).returning({ id: units.id });
  return (row as { id: string }).id;
}

/** A new public code in place of the old one (the old one stops working with the commit). */
export async function reissuePublicCode(db: Tx, id: string): Promise<void> {
  await db.execute(sql`UPDATE units SET public_code = DEFAULT, updated_at = now() WHERE id = ${id}`);
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

/** The audit action of a serial number refused because a unit the writer cannot see holds it. */
export const SERIAL_REFUSED = 'unit.serialRefused';

/** The technician's jobs at this customer still in their hands, with when each was raised. */
export async function jobsInHand(db: Tx, technicianId: string, customerId: string) {
  return db
    .select({ id: serviceRequests.id, createdAt: serviceRequests.createdAt })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.customerId, customerId),
        eq(serviceRequests.assignedToId, technicianId),
        inArray(serviceRequests.status, [...IN_TECHNICIANS_HANDS]),
      ),
    );
}

/**
 * One technician's installs at one customer at a time (issue 31, item 5): the customer's row is
 * locked until the transaction ends, so a count and the insert it allows are not raced. NO KEY:
 * rows that only reference the customer (a unit, a request) are still written meanwhile.
 */
export async function lockCustomerForInstall(db: Tx, customerId: string): Promise<void> {
  await db.execute(sql`SELECT 1 FROM customers WHERE id = ${customerId} FOR NO KEY UPDATE`);
}

/**
 * What a technician has used of their installs at a customer since `since`: the units they added
 * there (removed ones too) and the serial numbers refused to them there (ADR 031).
 */
export async function installsUsed(
  db: Tx,
  technicianId: string,
  customerId: string,
  since: Date,
): Promise<{ added: number; refused: number }> {
  const [added] = await db
    .select({ n: count() })
    .from(units)
    .where(and(eq(units.customerId, customerId), eq(units.installedById, technicianId), gte(units.createdAt, since)));
  const [refused] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, technicianId),
        eq(auditLog.action, SERIAL_REFUSED),
        gte(auditLog.at, since),
        sql`${auditLog.details}->>'customerId' = ${customerId}`,
      ),
    );
  return { added: added?.n ?? 0, refused: refused?.n ?? 0 };
}

/** The active unit holding this serial number (as the unique index compares them), if any. */
export async function activeUnitWithSerial(db: Tx, serialNumber: string) {
  const [row] = await db
    .select({ id: units.id, customerId: units.customerId })
    .from(units)
    .where(and(eq(units.status, 'ACTIVE'), sql`lower(${units.serialNumber}) = lower(${serialNumber})`))
    .limit(1);
  return row;
}

/**
 * The serial numbers refused to this writer since `since` (audit rows): all of them, and those
 * of this number (as the unique index compares them).
 */
export async function serialRefusalsOf(db: Tx, actorId: string, serialNumber: string, since: Date) {
  const [row] = await db
    .select({
      total: count(),
      same: sql<number>`count(*) filter (where lower(${auditLog.details}->>'serialNumber') = lower(${serialNumber}))::int`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, SERIAL_REFUSED), gte(auditLog.at, since)));
  return { total: row?.total ?? 0, same: row?.same ?? 0 };
}

/** Who sorts out a serial number held elsewhere: the active Super Admins and Service Admins (people only). */
export async function serialAdmins(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.status, 'ACTIVE'), isPerson(), inArray(roles.policyRole, ['Super Admin', 'Service Admin'])))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** Notifications not about one request (ordered by recipient by the caller). */
export async function insertNotifications(db: Tx, rows: (typeof notifications.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(notifications).values(rows);
}

export async function customerOf(db: Tx, id: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, regionId: customers.regionId })
    .from(customers)
    // A customer merged into another (ADR 038) takes no new unit.
    .where(and(eq(customers.id, id), isNull(customers.mergedAt)))
    .limit(1);
  return row;
}

export async function insertWorkParts(
  db: Tx,
  rows: { requestId: string; unitId: string | null; partId: string | null; name: string; quantity: number }[],
) {
  if (rows.length) await db.insert(workParts).values(rows);
}

/** The contract of an AMC visit row (a completed SERVICE visit counts as its next visit). */
export async function findContract(db: Tx, id: string) {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
  return row;
}
