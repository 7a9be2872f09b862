/** Regions: Drizzle queries only. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';

const columns = { id: regions.id, name: regions.name, createdAt: regions.createdAt };

export async function listRegions(db: Tx) {
  return db.select(columns).from(regions).orderBy(asc(regions.name));
}

export async function findRegion(db: Tx, id: string) {
  const [row] = await db.select(columns).from(regions).where(eq(regions.id, id)).limit(1);
  return row;
}

export async function insertRegion(db: Tx, name: string) {
  const [row] = await db.insert(regions).values({ name }).returning(columns);
  return row!;
}

export async function renameRegion(db: Tx, id: string, name: string) {
  const [row] = await db
    .update(regions)
    .set({ name, updatedAt: new Date() })
    .where(eq(regions.id, id))
    .returning(columns);
  return row;
}

/** Whether any user, customer or request points at the region (each probe stops at the first row). */
export async function regionInUse(db: Tx, id: string): Promise<boolean> {
  const res = await db.execute<{ used: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${users} WHERE ${users.regionId} = ${id})
        OR EXISTS (SELECT 1 FROM ${customers} WHERE ${customers.regionId} = ${id})
        OR EXISTS (SELECT 1 FROM ${serviceRequests} WHERE ${serviceRequests.regionId} = ${id}) AS used
  `);
  return res.rows[0]?.used === true;
}

export async function deleteRegion(db: Tx, id: string) {
  await db.delete(regions).where(eq(regions.id, id));
}

/** Lock the region's row so no user, customer or request can start using it while we delete it. */
export async function lockRegion(db: Tx, id: string) {
  await db.execute(sql`SELECT 1 FROM ${regions} WHERE ${regions.id} = ${id} FOR UPDATE`);
}
