/**
 * Issue 37 item 3 (ADR 049): parts used on a job leave the completing technician's van in the
 * completion's transaction. The stop body's catalogue parts and the unit's replaced parts that
 * point at the catalogue are consumed; an offline completion is never refused for stock (the van
 * goes negative and the region's Service Manager is told); a part is covered by an ACTIVE contract
 * with parts included, otherwise chargeable at its price; the details list them; two completions
 * taking the last membrane at once leave the ledger and the balances agreeing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/activity.ts';
import { parts } from '#server/db/schema/catalogue.ts';
import { contracts } from '#server/db/schema/maintenance.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { stockBalances, stockLocations, stockMovements } from '#server/db/schema/stock.ts';
import { ledgerDisagreements, moveStock } from '#server/modules/stock/ledger.service.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { caller, makeWorld } from '#tests/api/service-requests/test-helpers.ts';
import {
  createTestApp,
  makeCustomer,
  makeRequest,
  ROLE,
  type Session,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let tech: Session & { made: { id: string; name: string } };
let manager: Session & { made: { id: string } };
let farManager: Session & { made: { id: string } };
let admin: Session & { made: { id: string } };
let productId: string;
let membrane: { id: string; sku: string };
let cartridge: { id: string; sku: string };
let vanId: string;
let serial = 1;

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  tech = (await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id })) as typeof tech;
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  [membrane, cartridge] = (await ctx.db
    .insert(parts)
    .values([
      { sku: 'MEM-80', name: 'RO Membrane 80 GPD', kind: 'MEMBRANE', pricePaise: 185_000, costPaise: 120_000 },
      { sku: 'SED-10', name: 'Sediment cartridge 10"', kind: 'CARTRIDGE', pricePaise: 25_000, costPaise: 9_000 },
    ])
    .returning({ id: parts.id, sku: parts.sku })) as [typeof membrane, typeof cartridge];
  // The product's membrane is the catalogue's membrane by name (a filter change consumes it).
  const p = await call(admin, 'POST', '/api/products', {
    name: 'Stock Pure',
    brand: 'Neervana',
    technology: 'RO',
    parts: [
      { name: 'ro membrane 80 gpd ', intervalMonths: 24 },
      { name: 'Sediment cartridge', intervalMonths: 6 },
    ],
  });
  expect(p.statusCode, p.body).toBe(201);
  productId = p.json().id;
  expect(p.json().parts.map((x: { stockPartId: string | null }) => x.stockPartId)).toEqual([membrane.id, null]);
  const [van] = await ctx.db
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(and(eq(stockLocations.kind, 'VAN'), eq(stockLocations.technicianId, tech.made.id)));
  vanId = (van as { id: string }).id;
});
afterAll(() => ctx.close());

/** Sets the van's on-hand of a part to `n` (an adjustment in the ledger). */
async function stockVan(partId: string, n: number) {
  const now = await onHand(partId);
  if (now !== n) {
    await ctx.db.transaction((tx) =>
      moveStock(
        tx,
        [{ locationId: vanId, partId, kind: 'ADJUST', quantity: n - now, reason: 'test count', actorId: null }],
        {
          allowNegative: true,
        },
      ),
    );
  }
}
async function onHand(partId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ onHand: stockBalances.onHand })
    .from(stockBalances)
    .where(and(eq(stockBalances.locationId, vanId), eq(stockBalances.partId, partId)));
  return row?.onHand ?? 0;
}

/** A unit of the product at a customer of its own, and a job on it in `status` for the technician. */
async function job(status: RequestStatus = 'IN_PROGRESS') {
  const customer = await makeCustomer(ctx.db, w.region.id, { name: `Anand Pillai ${serial}` });
  const u = await call(admin, 'POST', `/api/customers/${customer.id}/units`, {
    productId,
    serialNumber: `ST-${serial++}`,
    installedOn: '2025-01-10',
  });
  expect(u.statusCode, u.body).toBe(201);
  const request = await makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    assignedToId: tech.made.id,
    status,
    unitId: u.json().id,
  });
  return { request, unitId: u.json().id as string };
}
const stop = (body: object) => call(tech, 'POST', '/api/technician-workflow/stop', body);
const details = async (id: string) => (await call(manager, 'GET', `/api/service-requests/${id}`)).json();

describe('parts used on a job (issue 37 item 3)', () => {
  it('a product’s part points at the catalogue item named so, or at the one given; an unknown one is refused', async () => {
    const body = (stockPartId: string) => ({
      name: `Linked ${serial++}`,
      brand: 'Neervana',
      technology: 'UV',
      parts: [{ name: 'UV lamp 11 W', intervalMonths: 12, stockPartId }],
    });
    const ok = await call(admin, 'POST', '/api/products', body(cartridge.id));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().parts[0].stockPartId).toBe(cartridge.id);
    const bad = await call(admin, 'POST', '/api/products', body(crypto.randomUUID()));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Part not found');
  });

  it('catalogue parts leave the van; the details list them as chargeable at their price', async () => {
    await stockVan(cartridge.id, 5);
    const { request } = await job();
    const done = await stop({ requestId: request.id, parts: [{ partId: cartridge.id, quantity: 2 }] });
    expect(done.statusCode, done.body).toBe(200);
    expect(await onHand(cartridge.id)).toBe(3);
    const d = await details(request.id);
    expect(d.parts).toEqual([
      {
        partId: cartridge.id,
        sku: 'SED-10',
        name: 'Sediment cartridge 10"',
        quantity: 2,
        covered: false,
        pricePaise: 25_000,
      },
    ]);
    const moves = await ctx.db.select().from(stockMovements).where(eq(stockMovements.requestId, request.id));
    expect(moves.map((m) => [m.kind, m.quantity, m.locationId, m.actorId])).toEqual([
      ['CONSUME', -2, vanId, tech.made.id],
    ]);
  });

  it('a replaced part of the unit that is a catalogue item leaves the van too; an AMC with parts included covers it', async () => {
    await stockVan(membrane.id, 2);
    const { request, unitId } = await job();
    await ctx.db.insert(contracts).values({
      unitId,
      type: 'AMC',
      startsOn: '2026-01-01',
      endsOn: '2027-12-31',
      visitsPerYear: 2,
      partsIncluded: true,
      price: 300_000,
    });
    const unit = (await call(admin, 'GET', `/api/units/${unitId}`)).json();
    const membranePart = unit.schedule.find((s: { partName?: string; name?: string }) =>
      (s.partName ?? s.name ?? '').toLowerCase().startsWith('ro membrane'),
    );
    expect(membranePart, JSON.stringify(unit.schedule)).toBeTruthy();
    const done = await stop({ requestId: request.id, partsReplaced: [membranePart.partId] });
    expect(done.statusCode, done.body).toBe(200);
    expect(await onHand(membrane.id)).toBe(1);
    const d = await details(request.id);
    expect(d.parts).toEqual([
      {
        partId: membrane.id,
        sku: 'MEM-80',
        name: 'RO Membrane 80 GPD',
        quantity: 1,
        covered: true,
        pricePaise: 185_000,
      },
    ]);
  });

  it('an offline completion is never refused for stock: the van goes negative and its region’s manager is told', async () => {
    await stockVan(cartridge.id, 0);
    const { request } = await job();
    const done = await stop({
      requestId: request.id,
      parts: [{ partId: cartridge.id, quantity: 1 }],
      clientTime: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await onHand(cartridge.id)).toBe(-1);
    const told = await ctx.db
      .select({ to: notifications.toUserId, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.requestId, request.id), eq(notifications.event, 'vanNegative')));
    expect(told.map((n) => n.to)).toEqual([manager.made.id]);
    expect(told[0]?.message).toContain('SED-10 (-1)');
    expect(told.map((n) => n.to)).not.toContain(farManager.made.id);
  });

  it('an unknown part refuses the completion and writes nothing', async () => {
    const before = await onHand(cartridge.id);
    const { request } = await job();
    const bad = await stop({ requestId: request.id, parts: [{ partId: crypto.randomUUID(), quantity: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Part not found');
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(row?.status).toBe('IN_PROGRESS');
    expect(await onHand(cartridge.id)).toBe(before);
    expect((await details(request.id)).parts).toEqual([]);
  });

  it('two completions taking the last membrane at the same moment both stand; ledger and balances agree', async () => {
    await stockVan(membrane.id, 1);
    const a = await job();
    const b = await job();
    const [ra, rb] = await Promise.all([
      stop({ requestId: a.request.id, parts: [{ partId: membrane.id, quantity: 1 }] }),
      stop({ requestId: b.request.id, parts: [{ partId: membrane.id, quantity: 1 }] }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(await onHand(membrane.id)).toBe(-1);
    expect(await ctx.db.transaction((tx) => ledgerDisagreements(tx))).toEqual([]);
  });
});
