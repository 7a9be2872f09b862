/** Contracts of units: SQL only (a unit's contracts, overlaps, the expiring list). */
import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { contracts, products, units } from '#server/db/schema/maintenance.ts';
import { regions } from '#server/db/schema/people.ts';
import { streamRows } from '#server/db/stream.ts';
import type { ContractStatus, ContractType } from '#shared/domain/maintenance.ts';

export type ContractRow = typeof contracts.$inferSelect;

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

/**
 * An active contract of this type on this unit overlapping the period (but `except`): the one
 * ending last, with its dates (the refusal names it, issue 33 item 3).
 */
export async function overlapping(
  db: Tx,
  unitId: string,
  type: ContractType,
  startsOn: string,
  endsOn: string,
  except?: string,
): Promise<{ id: string; type: ContractType; startsOn: string; endsOn: string } | undefined> {
  const [row] = await db
    .select({ id: contracts.id, type: contracts.type, startsOn: contracts.startsOn, endsOn: contracts.endsOn })
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
    .orderBy(desc(contracts.endsOn))
    .limit(1);
  return row;
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

const expiringView = {
  contract: contracts,
  customerId: customers.id,
  customerName: customers.name,
  customerPhone: customers.primaryPhone,
  regionName: regions.name,
  productName: products.name,
  productBrand: products.brand,
  serialNumber: units.serialNumber,
};

function selectExpiring(db: Tx) {
  return db
    .select(expiringView)
    .from(contracts)
    .innerJoin(units, eq(units.id, contracts.unitId))
    .innerJoin(customers, eq(customers.id, units.customerId))
    .innerJoin(regions, eq(regions.id, customers.regionId))
    .innerJoin(products, eq(products.id, units.productId));
}

export type ExpiringRow = Awaited<ReturnType<ReturnType<typeof selectExpiring>['execute']>>[number];

/**
 * Every contract ending in the period, soonest first as the list, read as they are used: the
 * export's rows (db/stream.ts, ADR 037). A keyset batch starts after the last (ends_on, id).
 */
export function streamExpiring(db: Tx, f: ExpiringFilter): AsyncGenerator<ExpiringRow> {
  return streamRows<ExpiringRow>(db, {
    statement(page) {
      const last = page?.after?.contract;
      const after = last
        ? sql`(${contracts.endsOn}, ${contracts.id}) > (${last.endsOn}::date, ${last.id}::uuid)`
        : undefined;
      const q = selectExpiring(db)
        .where(and(expiringWhere(f), after))
        .orderBy(asc(contracts.endsOn), asc(contracts.id))
        .$dynamic();
      return { select: page ? q.limit(page.limit) : q };
    },
  });
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
