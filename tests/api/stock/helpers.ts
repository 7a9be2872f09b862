/** Shared set-up of the stock API tests (issue 37): two regions, their stores, keepers and vans. */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { stockBalances, stockLocations } from '#server/db/schema/stock.ts';
import { caller, makeWorld } from '#tests/api/service-requests/test-helpers.ts';
import { ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';

export type Who = Session & { made: { id: string; name: string; regionId: string | null } };

export async function stockWorld(ctx: TestContext) {
  const call = caller(ctx);
  const w = await makeWorld(ctx);
  const who = (role: string, regionId: string | null) => signedIn(ctx, role, { regionId }) as Promise<Who>;
  const people = {
    admin: await who(ROLE.SERVICE_ADMIN, null),
    manager: await who(ROLE.SERVICE_MANAGER, w.region.id),
    lead: await who(ROLE.SERVICE_TEAM_LEAD, w.region.id),
    farManager: await who(ROLE.SERVICE_MANAGER, w.other.id),
    tech: await who(ROLE.TECHNICIAN, w.region.id),
    tech2: await who(ROLE.TECHNICIAN, w.region.id),
    farTech: await who(ROLE.TECHNICIAN, w.other.id),
    salesman: await who(ROLE.SALESMAN, w.region.id),
  };
  const storeOf = async (regionId: string) => {
    const [row] = await ctx.db
      .select()
      .from(stockLocations)
      .where(and(eq(stockLocations.regionId, regionId), eq(stockLocations.kind, 'STORE')));
    return row!.id;
  };
  const vanOf = async (technicianId: string) => {
    const [row] = await ctx.db.select().from(stockLocations).where(eq(stockLocations.technicianId, technicianId));
    return row!.id;
  };
  return {
    call,
    w,
    ...people,
    store: await storeOf(w.region.id),
    farStore: await storeOf(w.other.id),
    van: await vanOf(people.tech.made.id),
    van2: await vanOf(people.tech2.made.id),
    farVan: await vanOf(people.farTech.made.id),
  };
}

export type StockWorld = Awaited<ReturnType<typeof stockWorld>>;

/** A new catalogue part (by the admin), its id and SKU. */
export async function makePart(
  s: StockWorld,
  over: Record<string, unknown> = {},
): Promise<{ id: string; sku: string; name: string }> {
  const sku = `SKU-${crypto.randomUUID().slice(0, 8)}`;
  const res = await s.call(s.admin, 'POST', '/api/parts', {
    sku,
    name: `Part ${sku}`,
    kind: 'CARTRIDGE',
    pricePaise: 45000,
    costPaise: 30000,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Puts `quantity` into a location through an adjustment (the admin's). */
export async function stockUp(s: StockWorld, locationId: string, partId: string, quantity: number) {
  const res = await s.call(s.admin, 'POST', '/api/stock/adjustments', {
    locationId,
    partId,
    quantity,
    reason: 'Opening count',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** On hand at a location as the balance row says (0 without one). */
export async function onHand(ctx: TestContext, locationId: string, partId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: stockBalances.onHand })
    .from(stockBalances)
    .where(and(eq(stockBalances.locationId, locationId), eq(stockBalances.partId, partId)));
  return row?.n ?? 0;
}
