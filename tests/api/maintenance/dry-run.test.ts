/**
 * Issue 33 item 2: "Raise due jobs now" says first what it will do. POST /api/maintenance/run with
 * `dryRun: true` answers how many jobs the run would raise, for which units and in which window,
 * and writes nothing; the run then raises exactly those. The counts carry the run's window
 * (MAINTENANCE_LEAD_DAYS) so the screen can tell it apart from the list's "Due within" filter.
 */
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { maintenanceJobs, productParts, products, unitSchedule, units } from '#server/db/schema/maintenance.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import type { RunPreview } from '#shared/contracts/maintenance.ts';
import { addDays, todayIn } from '#shared/domain/maintenance.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

const CAP = 2;
let ctx: TestContext;
let chennai: { id: string };
let kochi: { id: string };
let productId: string;
let partId: string;
let serial = 0;
type H = { authorization: string };
let manager: H;
let managerKochi: H;
let technician: H;

const today = () => todayIn('Asia/Kolkata');
const run = (headers: H, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/maintenance/run', headers, payload: body });

beforeAll(async () => {
  ctx = await createTestApp({ MAINTENANCE_MAX_JOBS_PER_CUSTOMER: String(CAP), MAINTENANCE_LEAD_DAYS: '7' });
  chennai = await makeRegion(ctx.db, 'Chennai');
  kochi = await makeRegion(ctx.db, 'Kochi');
  const [p] = await ctx.db
    .insert(products)
    .values({ name: 'Preview Pure', brand: 'Neervana', technology: 'RO' })
    .returning({ id: products.id });
  const [part] = await ctx.db
    .insert(productParts)
    .values({ productId: p!.id, name: 'Sediment filter', intervalMonths: 6 })
    .returning({ id: productParts.id });
  productId = p!.id;
  partId = part!.id;
  manager = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id })).headers;
  managerKochi = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: kochi.id })).headers;
  technician = (await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id })).headers;
});
afterAll(() => ctx.close());

/** A customer's active unit with its filter due `inDays` from today. */
async function unitDue(customerId: string, inDays: number): Promise<string> {
  const dueOn = addDays(today(), inDays);
  const [u] = await ctx.db
    .insert(units)
    .values({
      customerId,
      productId,
      serialNumber: `PRE-${serial++}`,
      installedOn: addDays(dueOn, -182),
      nextDueOn: dueOn,
    })
    .returning({ id: units.id });
  await ctx.db
    .insert(unitSchedule)
    .values({ unitId: u!.id, partId, lastChangedOn: addDays(dueOn, -182), nextDueOn: dueOn });
  return u!.id;
}

/** How many rows each table the run writes holds. */
async function written() {
  const n = async (t: typeof serviceRequests | typeof notifications | typeof maintenanceJobs | typeof auditLog) =>
    (await ctx.db.select({ n: count() }).from(t))[0]?.n ?? 0;
  return {
    requests: await n(serviceRequests),
    notifications: await n(notifications),
    jobs: await n(maintenanceJobs),
    audit: await n(auditLog),
  };
}

describe('the run, dry first', () => {
  it('answers what it would raise, writes nothing, and the run then raises exactly that', async () => {
    const many = await makeCustomer(ctx.db, chennai.id, { name: 'Lakshmi Traders' });
    const one = await makeCustomer(ctx.db, chennai.id, { name: 'Arun Kumar' });
    const busy = await makeCustomer(ctx.db, chennai.id, { name: 'Busy Home' });
    const manyUnits = [await unitDue(many.id, -3), await unitDue(many.id, 1), await unitDue(many.id, 2)];
    const oneUnit = await unitDue(one.id, 5);
    const later = await unitDue(one.id, 20); // on the 30-day list, outside the run's 7 days
    const busyUnit = await unitDue(busy.id, 2); // has an open request: the run leaves it
    const requester = await makeUser(ctx.db, ROLE.SERVICE_ADMIN);
    const open = await makeRequest(ctx.db, { customerId: busy.id, regionId: chennai.id, requestedById: requester.id });
    await ctx.db
      .update(serviceRequests)
      .set({ unitId: busyUnit })
      .where(inArray(serviceRequests.id, [open.id]));

    const counts = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/counts', headers: manager });
    expect(counts.json()).toMatchObject({ runLeadDays: 7 });

    expect((await run(technician, { dryRun: true })).statusCode).toBe(403);
    const before = await written();
    const dry = await run(manager, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const preview = dry.json() as RunPreview;
    // The cap holds back the third of Lakshmi Traders' units; the open one and the later one are left.
    expect(preview).toMatchObject({ dryRun: true, total: 3, heldBack: 1, leadDays: 7, horizon: addDays(today(), 7) });
    expect(preview.items.map((i) => i.unitId)).toEqual([manyUnits[0], manyUnits[1], oneUnit]);
    expect(preview.items[0]).toMatchObject({
      customer: { id: many.id, name: 'Lakshmi Traders' },
      product: { brand: 'Neervana', name: 'Preview Pure' },
      nextDueOn: addDays(today(), -3),
      dueParts: [{ name: 'Sediment filter', nextDueOn: addDays(today(), -3) }],
      chargeable: true,
    });
    expect(preview.items.map((i) => i.unitId)).not.toContain(later);
    expect(await written()).toEqual(before);
    // A regional manager elsewhere sees its own region's run: nothing here.
    expect((await run(managerKochi, { dryRun: true })).json()).toMatchObject({ total: 0, items: [] });

    const real = await run(manager, {});
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ created: 3 });
    const raised = await ctx.db
      .select({ unitId: serviceRequests.unitId })
      .from(serviceRequests)
      .where(inArray(serviceRequests.unitId, [...manyUnits, oneUnit, later]));
    expect(raised.map((r) => r.unitId).sort()).toEqual(preview.items.map((i) => i.unitId).sort());
    // Nothing is left to raise: the next dry run says so.
    expect((await run(manager, { dryRun: true })).json()).toMatchObject({ total: 0, items: [] });
  });
});
