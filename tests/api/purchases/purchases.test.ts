/**
 * Issue 37 item 6 (ADR 049 item 7): purchases. Recorded as DRAFT with the fixture invoice's GST
 * totals exactly (this app's business is in Karnataka: a Karnataka supplier's invoice is CGST +
 * SGST, a Maharashtra supplier's IGST); the invoice number unique per supplier whatever its case;
 * received into the store once, with the moving-average cost; reversed with the store's stock and
 * the cost restored exactly, or refused when the stock has left the store; a Service Manager sees
 * and moves only their region's purchases, a technician none.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { purchases } from '#server/db/schema/stock.ts';
import { TOTAL_HEADER } from '#shared/domain/constants.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { caller } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, makeRegion, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';
import {
  costOf,
  FIXTURE,
  GSTIN,
  ledgerAgrees,
  linesOf,
  makePart,
  movementsOf,
  onHand,
  storeOf,
  takeOut,
} from './helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let admin: Session;
let manager: Session;
let farManager: Session;
let nationalManager: Session;
let technician: Session;
let store: { id: string; name: string };
let farStore: { id: string };
let local: { id: string };
let interstate: { id: string };
let invoiceNo = 1;

beforeAll(async () => {
  ctx = await createTestApp({ BUSINESS_GSTIN: GSTIN.karnataka });
  call = caller(ctx);
  const region = await makeRegion(ctx.db);
  const far = await makeRegion(ctx.db);
  store = await storeOf(ctx, region.id);
  farStore = await storeOf(ctx, far.id);
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: far.id });
  nationalManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: null });
  technician = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
  local = (await call(admin, 'POST', '/api/suppliers', { name: 'Bengaluru Filters', gstin: GSTIN.karnataka })).json();
  interstate = (
    await call(admin, 'POST', '/api/suppliers', { name: 'Pune RO Parts', gstin: GSTIN.maharashtra })
  ).json();
});
afterAll(() => ctx.close());

type Line = { partId: string; quantity: number; unitCostPaise: number; gstRate: number };
const purchase = (
  lines: Line[],
  opts: { supplierId?: string; storeId?: string; invoiceNumber?: string; as?: Session } = {},
) =>
  call(opts.as ?? manager, 'POST', '/api/purchases', {
    supplierId: opts.supplierId ?? local.id,
    invoiceNumber: opts.invoiceNumber ?? `INV/2026/${invoiceNo++}`,
    invoiceDate: '2026-11-20',
    storeId: opts.storeId ?? store.id,
    lines,
  });
async function drafted(lines: Line[], as: Session = manager): Promise<string> {
  const res = await purchase(lines, { as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const receive = (id: string, as: Session = manager) => call(as, 'POST', `/api/purchases/${id}/receive`);
const reverse = (id: string, as: Session = manager, reason = 'Wrong invoice entered') =>
  call(as, 'POST', `/api/purchases/${id}/reverse`, { reason });

describe('recording a purchase: the fixture invoice’s totals', () => {
  it('from a supplier of the business’s state: CGST and SGST at half the rate, rounded per line; a DRAFT', async () => {
    const ps = [await makePart(ctx), await makePart(ctx), await makePart(ctx)];
    const res = await purchase(FIXTURE.map((l, i) => ({ ...l, partId: ps[i]!.id })));
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      status: 'DRAFT',
      interState: false,
      supplier: { id: local.id, name: 'Bengaluru Filters', gstin: GSTIN.karnataka },
      store: { id: store.id, kind: 'STORE', name: store.name },
      invoiceDate: '2026-11-20',
      taxablePaise: 487_749,
      cgstPaise: 42_761,
      sgstPaise: 42_761,
      igstPaise: 0,
      totalPaise: 573_271,
      invoiceUrl: null,
      receivedAt: null,
      createdBy: { id: manager.user.id },
    });
    expect(p.lines.map((l: { taxablePaise: number; taxPaise: number }) => [l.taxablePaise, l.taxPaise])).toEqual([
      [450_000, 81_000],
      [37_650, 4_518],
      [99, 4],
    ]);
    expect(p.lines[0].part).toMatchObject({ id: ps[0]!.id, sku: ps[0]!.sku });
    // Nothing moved yet.
    expect(await movementsOf(ctx, p.id)).toEqual([]);
    expect((await call(manager, 'GET', `/api/purchases/${p.id}`)).json()).toEqual(p);
    const [a] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'purchase.create'), eq(auditLog.entityId, p.id)));
    expect(a?.details).toMatchObject({ totalPaise: 573_271, interState: false });
  });

  it('from a supplier of another state: IGST at the rate', async () => {
    const ps = [await makePart(ctx), await makePart(ctx), await makePart(ctx)];
    const res = await purchase(
      FIXTURE.map((l, i) => ({ ...l, partId: ps[i]!.id })),
      { supplierId: interstate.id },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      interState: true,
      taxablePaise: 487_749,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 85_523,
      totalPaise: 573_272,
    });
    expect(res.json().lines.map((l: { taxPaise: number }) => l.taxPaise)).toEqual([81_000, 4_518, 5]);
  });

  it('the invoice number is unique per supplier whatever its case (409), and free for another supplier', async () => {
    const part = await makePart(ctx);
    const line = [{ partId: part.id, quantity: 1, unitCostPaise: 1000, gstRate: 18 }];
    expect((await purchase(line, { invoiceNumber: 'BLR-77a' })).statusCode).toBe(201);
    const dup = await purchase(line, { invoiceNumber: 'blr-77A' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ERR.invoiceTaken.text);
    expect((await purchase(line, { invoiceNumber: 'BLR-77A', supplierId: interstate.id })).statusCode).toBe(201);
    const stored = await ctx.db.select().from(purchases).where(eq(purchases.supplierId, local.id));
    expect(stored.filter((p) => p.invoiceNumber.toLowerCase() === 'blr-77a')).toHaveLength(1);
  });

  it('refuses a van (not a store), another region’s store (404), an inactive part, an unknown supplier', async () => {
    const part = await makePart(ctx);
    const line = [{ partId: part.id, quantity: 1, unitCostPaise: 1000, gstRate: 18 }];
    const [van] = await ctx.db
      .execute<{ id: string; name: string }>(
        // The technician's van, made with them.
        (await import('drizzle-orm'))
          .sql`SELECT id, name FROM stock_locations WHERE technician_id = ${technician.user.id}`,
      )
      .then((r) => r.rows);
    const toVan = await purchase(line, { storeId: van!.id });
    expect(toVan.statusCode).toBe(400);
    expect(toVan.json().message).toBe(ERR.notAStore({ location: van!.name }).text);
    const far = await purchase(line, { storeId: farStore.id });
    expect(far.statusCode).toBe(404);
    expect(far.json().message).toBe(ERR.locationNotFound.text);
    const inactive = await makePart(ctx, { active: false });
    const res = await purchase([{ partId: inactive.id, quantity: 1, unitCostPaise: 1000, gstRate: 18 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ERR.partInactive({ sku: inactive.sku }).text);
    const nobody = await purchase(line, { supplierId: '00000000-0000-4000-8000-000000000000' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(ERR.supplierNotFound.text);
  });
});

describe('receiving', () => {
  it('adds the lines to the store and moves the part’s cost to the moving average, line by line', async () => {
    const part = await makePart(ctx, { costPaise: 12_345 });
    // Nothing held: the first receipt's cost is its unit cost.
    const first = await drafted([{ partId: part.id, quantity: 10, unitCostPaise: 40_000, gstRate: 18 }]);
    const r1 = await receive(first);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({ status: 'RECEIVED' });
    expect(r1.json().receivedAt).not.toBeNull();
    expect(await onHand(ctx, store.id, part.id)).toBe(10);
    expect(await costOf(ctx, part.id)).toBe(40_000);
    // Two lines of one part, applied in order over the 10 held at ₹400.
    const second = await drafted([
      { partId: part.id, quantity: 5, unitCostPaise: 50_000, gstRate: 18 },
      { partId: part.id, quantity: 5, unitCostPaise: 60_000, gstRate: 18 },
    ]);
    expect((await receive(second)).statusCode).toBe(200);
    expect(await onHand(ctx, store.id, part.id)).toBe(20);
    // (10 × 40000 + 5 × 50000) / 15 = 43333.33 → 43333; (15 × 43333 + 5 × 60000) / 20 = 47499.75 → 47500
    expect(await costOf(ctx, part.id)).toBe(47_500);
    const lines = await linesOf(ctx, second);
    expect(lines.map((l) => [l.costBeforePaise, l.costAfterPaise])).toEqual([
      [40_000, 43_333],
      [43_333, 47_500],
    ]);
    const moves = await movementsOf(ctx, second);
    expect(moves.map((m) => [m.kind, m.quantity, m.locationId, Number(m.unitCostPaise)]).sort()).toEqual([
      ['RECEIVE', 5, store.id, 50_000],
      ['RECEIVE', 5, store.id, 60_000],
    ]);
    expect(moves.every((m) => m.actorId === manager.user.id)).toBe(true);
    expect(await ledgerAgrees(ctx)).toBe(true);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'purchase.receive'), eq(auditLog.entityId, second)));
    expect(audits).toHaveLength(1);
  });

  it('counts stock held anywhere (positive) in the average, not a van below zero', async () => {
    const part = await makePart(ctx, { costPaise: 30_000 });
    const [van] = (
      await ctx.db.execute<{ id: string }>(
        (
          await import('drizzle-orm')
        ).sql`SELECT id FROM stock_locations WHERE technician_id = ${technician.user.id}`,
      )
    ).rows;
    await takeOut(ctx, van!.id, part.id, -4); // 4 in the van at ₹300
    await takeOut(ctx, farStore.id, part.id, 2); // another store 2 below zero: counted as none
    const id = await drafted([{ partId: part.id, quantity: 4, unitCostPaise: 50_000, gstRate: 18 }]);
    expect((await receive(id)).statusCode).toBe(200);
    expect(await costOf(ctx, part.id)).toBe(40_000); // (4 × 30000 + 4 × 50000) / 8
  });

  it('twice: 409, and nothing is added twice', async () => {
    const part = await makePart(ctx);
    const id = await drafted([{ partId: part.id, quantity: 7, unitCostPaise: 20_000, gstRate: 12 }]);
    expect((await receive(id)).statusCode).toBe(200);
    const again = await receive(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ERR.purchaseNotDraft.text);
    expect(await onHand(ctx, store.id, part.id)).toBe(7);
    expect(await movementsOf(ctx, id)).toHaveLength(1);
    expect(await costOf(ctx, part.id)).toBe(20_000);
  });

  it('at the same moment twice: one receives, the other is 409; the stock is added once', async () => {
    const part = await makePart(ctx);
    const id = await drafted([{ partId: part.id, quantity: 3, unitCostPaise: 10_000, gstRate: 18 }]);
    const codes = (await Promise.all([receive(id), receive(id, admin)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(await onHand(ctx, store.id, part.id)).toBe(3);
    expect(await movementsOf(ctx, id)).toHaveLength(1);
  });
});

describe('reversing', () => {
  it('restores the store’s stock and the cost exactly; a reversed purchase is not reversed again', async () => {
    const part = await makePart(ctx);
    const a = await drafted([{ partId: part.id, quantity: 10, unitCostPaise: 40_000, gstRate: 18 }]);
    await receive(a);
    const b = await drafted([
      { partId: part.id, quantity: 4, unitCostPaise: 47_000, gstRate: 18 },
      { partId: part.id, quantity: 3, unitCostPaise: 41_111, gstRate: 18 },
    ]);
    await receive(b);
    const costAfterB = await costOf(ctx, part.id);
    expect(costAfterB).not.toBe(40_000);
    const res = await reverse(b);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REVERSED', reverseReason: 'Wrong invoice entered' });
    expect(await onHand(ctx, store.id, part.id)).toBe(10);
    expect(await costOf(ctx, part.id)).toBe(40_000);
    const moves = await movementsOf(ctx, b);
    expect(moves.map((m) => m.quantity).sort((x, y) => x - y)).toEqual([-4, -3, 3, 4]);
    expect(
      moves.filter((m) => m.quantity < 0).every((m) => m.kind === 'RECEIVE' && m.reason === 'Wrong invoice entered'),
    ).toBe(true);
    expect(await ledgerAgrees(ctx)).toBe(true);
    const twice = await reverse(b);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ERR.purchaseNotReceived.text);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'purchase.reverse'), eq(auditLog.entityId, b)));
    expect(audits).toHaveLength(1);
  });

  it('an older receipt reversed after a newer one: the cost by the inverse average (what is left is the newer)', async () => {
    const part = await makePart(ctx);
    const older = await drafted([{ partId: part.id, quantity: 10, unitCostPaise: 40_000, gstRate: 18 }]);
    await receive(older);
    const newer = await drafted([{ partId: part.id, quantity: 10, unitCostPaise: 50_000, gstRate: 18 }]);
    await receive(newer);
    expect(await costOf(ctx, part.id)).toBe(45_000);
    expect((await reverse(older)).statusCode).toBe(200);
    // (20 × 45000 − 10 × 40000) / 10
    expect(await costOf(ctx, part.id)).toBe(50_000);
    expect(await onHand(ctx, store.id, part.id)).toBe(10);
  });

  it('a draft is not reversed (409)', async () => {
    const part = await makePart(ctx);
    const id = await drafted([{ partId: part.id, quantity: 1, unitCostPaise: 100, gstRate: 0 }]);
    const res = await reverse(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ERR.purchaseNotReceived.text);
    expect(await movementsOf(ctx, id)).toEqual([]);
  });

  it('after the stock left the store: 409 naming the quantity and SKU, and nothing is written', async () => {
    const part = await makePart(ctx);
    const id = await drafted([{ partId: part.id, quantity: 6, unitCostPaise: 30_000, gstRate: 18 }]);
    await receive(id);
    await takeOut(ctx, store.id, part.id, 2);
    const before = { moves: await movementsOf(ctx, id), cost: await costOf(ctx, part.id) };
    const res = await reverse(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ERR.reverseShort({ quantity: 6, sku: part.sku }).text);
    expect(await onHand(ctx, store.id, part.id)).toBe(4);
    expect(await movementsOf(ctx, id)).toEqual(before.moves);
    expect(await costOf(ctx, part.id)).toBe(before.cost);
    const [row] = await ctx.db.select().from(purchases).where(eq(purchases.id, id));
    expect(row).toMatchObject({ status: 'RECEIVED', reversedAt: null, reverseReason: null });
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'purchase.reverse'), eq(auditLog.entityId, id))),
    ).toEqual([]);
  });

  it('a reason is required (400)', async () => {
    const part = await makePart(ctx);
    const id = await drafted([{ partId: part.id, quantity: 1, unitCostPaise: 100, gstRate: 0 }]);
    await receive(id);
    const res = await call(manager, 'POST', `/api/purchases/${id}/reverse`, { reason: ' ' });
    expect(res.statusCode).toBe(400);
  });
});

describe('scope', () => {
  it('a Service Manager of another region neither sees nor moves this region’s purchases (404); the list holds only theirs', async () => {
    const part = await makePart(ctx);
    const id = await drafted([{ partId: part.id, quantity: 2, unitCostPaise: 5_000, gstRate: 18 }]);
    for (const res of [
      await call(farManager, 'GET', `/api/purchases/${id}`),
      await receive(id, farManager),
      await reverse(id, farManager),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ERR.purchaseNotFound.text);
    }
    expect(await onHand(ctx, store.id, part.id)).toBe(0);
    const far = await call(farManager, 'GET', '/api/purchases');
    expect(far.statusCode).toBe(200);
    expect(far.json()).toEqual([]);
    expect(far.headers[TOTAL_HEADER.toLowerCase()]).toBe('0');
    const own = await call(manager, 'GET', `/api/purchases?storeId=${store.id}&status=DRAFT&pageSize=100`);
    expect(own.json().map((p: { id: string }) => p.id)).toContain(id);
    // A region-less manager and an admin reach every store.
    expect((await call(nationalManager, 'GET', `/api/purchases/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/purchases/${id}`)).statusCode).toBe(200);
  });

  it('the list is paged newest invoice first, with X-Total-Count, and filtered by status and supplier', async () => {
    const all = await call(admin, 'GET', '/api/purchases?pageSize=2&page=1');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    const total = Number(all.headers[TOTAL_HEADER.toLowerCase()]);
    const [{ n }] = (await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM purchases`)).rows as [
      { n: number },
    ];
    expect(total).toBe(n);
    const fromPune = await call(admin, 'GET', `/api/purchases?supplierId=${interstate.id}`);
    expect(fromPune.json().length).toBeGreaterThan(0);
    expect(fromPune.json().every((p: { supplier: { id: string } }) => p.supplier.id === interstate.id)).toBe(true);
    const reversed = await call(manager, 'GET', '/api/purchases?status=REVERSED');
    expect(reversed.json().length).toBeGreaterThan(0);
    expect(reversed.json().every((p: { status: string }) => p.status === 'REVERSED')).toBe(true);
  });

  it('a technician may not read or record purchases (403)', async () => {
    const part = await makePart(ctx);
    const id = await drafted([{ partId: part.id, quantity: 1, unitCostPaise: 100, gstRate: 0 }]);
    expect((await call(technician, 'GET', '/api/purchases')).statusCode).toBe(403);
    expect((await call(technician, 'GET', `/api/purchases/${id}`)).statusCode).toBe(403);
    expect((await receive(id, technician)).statusCode).toBe(403);
    expect(
      (await purchase([{ partId: part.id, quantity: 1, unitCostPaise: 100, gstRate: 0 }], { as: technician }))
        .statusCode,
    ).toBe(403);
  });
});
