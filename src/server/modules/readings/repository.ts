/** Water-quality readings (issue 36 item 1): SQL only. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { statementFor } from '#server/db/prepared.ts';
import { customers } from '#server/db/schema/customers.ts';
import { users } from '#server/db/schema/people.ts';
import { waterReadings } from '#server/db/schema/readings.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';

export interface NewReading {
  requestId: string;
  unitId: string | null;
  technicianId: string;
  tdsIn: number;
  tdsOut: number;
  ph: number | null;
  hardness: number | null;
  takenAt: Date;
}

export interface ReadingRow {
  id: string;
  requestId: string;
  ticketNo: number;
  unitId: string | null;
  tdsIn: number;
  tdsOut: number;
  ph: number | null;
  hardness: number | null;
  takenAt: Date;
  technicianId: string | null;
  technicianName: string | null;
}

const columns = {
  id: waterReadings.id,
  requestId: waterReadings.requestId,
  ticketNo: serviceRequests.ticketNo,
  unitId: waterReadings.unitId,
  tdsIn: waterReadings.tdsIn,
  tdsOut: waterReadings.tdsOut,
  ph: waterReadings.ph,
  hardness: waterReadings.hardness,
  takenAt: waterReadings.takenAt,
  technicianId: waterReadings.technicianId,
  technicianName: users.name,
};

export async function insertReading(tx: Tx, r: NewReading): Promise<string> {
  const [row] = await tx.insert(waterReadings).values(r).returning({ id: waterReadings.id });
  return (row as { id: string }).id;
}

export async function findReading(db: Tx, id: string): Promise<ReadingRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(waterReadings)
    .innerJoin(serviceRequests, eq(serviceRequests.id, waterReadings.requestId))
    .leftJoin(users, eq(users.id, waterReadings.technicianId))
    .where(eq(waterReadings.id, id))
    .limit(1);
  return row;
}

/** A unit's newest `limit` readings, newest first (its index: unit_id, taken_at), one prepared statement. */
export async function newestOfUnit(db: Tx, unitId: string, limit: number): Promise<ReadingRow[]> {
  const query = statementFor(db, 'readings-of-unit', (h) =>
    (h as Tx)
      .select(columns)
      .from(waterReadings)
      .innerJoin(serviceRequests, eq(serviceRequests.id, waterReadings.requestId))
      .leftJoin(users, eq(users.id, waterReadings.technicianId))
      .where(eq(waterReadings.unitId, sql.placeholder('unitId')))
      .orderBy(desc(waterReadings.takenAt), desc(waterReadings.id))
      .limit(sql.placeholder('limit')),
  );
  return (await query.execute({ unitId, limit })) as ReadingRow[];
}

/** The last three readings' TDS of a unit, newest first: the membrane's trend. */
export async function trendOfUnit(tx: Tx, unitId: string): Promise<{ tdsIn: number; tdsOut: number }[]> {
  return tx
    .select({ tdsIn: waterReadings.tdsIn, tdsOut: waterReadings.tdsOut })
    .from(waterReadings)
    .where(eq(waterReadings.unitId, unitId))
    .orderBy(desc(waterReadings.takenAt), desc(waterReadings.id))
    .limit(3);
}

export async function attachToUnit(tx: Tx, requestId: string, unitId: string): Promise<void> {
  await tx
    .update(waterReadings)
    .set({ unitId })
    .where(and(eq(waterReadings.requestId, requestId), isNull(waterReadings.unitId)));
}

/** The customer's name of a request (a notification names them). */
export async function customerNameOf(tx: Tx, requestId: string): Promise<string> {
  const [row] = await tx
    .select({ name: customers.name })
    .from(serviceRequests)
    .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
    .where(eq(serviceRequests.id, requestId))
    .limit(1);
  return row?.name ?? '';
}
