/**
 * Issue 31 item 5, the run's half: one maintenance run raises at most
 * MAINTENANCE_MAX_JOBS_PER_CUSTOMER jobs for one customer. The customer's other due units are held
 * back, the admins told once (naming the customer and how many), and no later run raises them
 * silently (ADR 023, "Round 3"). Before the cap a customer with 200 back-dated units got 200 jobs.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { maintenanceJobs, productParts, products, unitSchedule, units } from '#server/db/schema/maintenance.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { scheduleDailyMaintenance } from '#server/modules/maintenance/daily.ts';
import type { JobRunner } from '#server/modules/maintenance/jobs.ts';
import { addDays, todayIn } from '#shared/domain/maintenance.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeUser,
  ROLE,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

const CAP = 5;
const HELD_BACK = 'maintenance.runHeldBack';
let ctx: TestContext;
let chennai: { id: string };
let kochi: { id: string };
let productId: string;
let partId: string;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestApp({ MAINTENANCE_MAX_JOBS_PER_CUSTOMER: String(CAP) });
  chennai = await makeRegion(ctx.db, 'Chennai');
  kochi = await makeRegion(ctx.db, 'Kochi');
  const [p] = await ctx.db
    .insert(products)
    .values({ name: 'Cap Pure', brand: 'Neervana', technology: 'RO' })
    .returning({ id: products.id });
  const [part] = await ctx.db
    .insert(productParts)
    .values({ productId: p!.id, name: 'Sediment filter', intervalMonths: 6 })
    .returning({ id: productParts.id });
  productId = p!.id;
  partId = part!.id;
});
afterAll(() => ctx.close());

/** `n` active units of a customer, each with its filter due in two days (within the 7-day lead). */
async function dueUnitsOf(customerId: string, n: number): Promise<string[]> {
  const dueOn = addDays(todayIn('Asia/Kolkata'), 2);
  const rows = await ctx.db
    .insert(units)
    .values(
      Array.from({ length: n }, () => ({
        customerId,
        productId,
        serialNumber: `CAP-${serial++}`,
        installedOn: addDays(dueOn, -182),
        nextDueOn: dueOn,
      })),
    )
    .returning({ id: units.id });
  await ctx.db
    .insert(unitSchedule)
    .values(rows.map((u) => ({ unitId: u.id, partId, lastChangedOn: addDays(dueOn, -182), nextDueOn: dueOn })));
  return rows.map((r) => r.id);
}

const requestsOf = (unitIds: string[]) =>
  ctx.db.select().from(serviceRequests).where(inArray(serviceRequests.unitId, unitIds));
const heldNotices = (userId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.toUserId, userId), eq(notifications.messageKey, HELD_BACK)));

describe('the run raises at most MAINTENANCE_MAX_JOBS_PER_CUSTOMER jobs for one customer', () => {
  it('N + 3 due units: N raised, 3 held back, one notification to each admin naming the customer', async () => {
    const runaway = await makeCustomer(ctx.db, chennai.id, { name: 'Runaway Traders' });
    const ordinary = await makeCustomer(ctx.db, chennai.id, { name: 'Ordinary Home' });
    const runawayUnits = await dueUnitsOf(runaway.id, CAP + 3);
    const ordinaryUnits = await dueUnitsOf(ordinary.id, 2);
    const superAdmin = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const managerChennai = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const managerNoRegion = await makeUser(ctx.db, ROLE.SERVICE_MANAGER);
    const managerKochi = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: kochi.id });
    const salesAdmin = await makeUser(ctx.db, ROLE.SALES_ADMIN);
    const formerAdmin = await makeUser(ctx.db, ROLE.SERVICE_ADMIN, { status: 'INACTIVE' });
    const admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);

    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance/run',
      headers: admin.headers,
      payload: {},
    });
    expect(run.statusCode, run.body).toBe(200);
    // The answer's shape is unchanged (the spec's client and the web read it): held back is skipped.
    expect(run.json()).toEqual({ created: CAP + 2, skipped: 3, reminders: 0 });
    expect(await requestsOf(runawayUnits)).toHaveLength(CAP);
    expect(await requestsOf(ordinaryUnits)).toHaveLength(2);

    // The held units are claimed without a request: no later run raises them.
    const held = await ctx.db
      .select()
      .from(maintenanceJobs)
      .where(and(inArray(maintenanceJobs.unitId, runawayUnits), isNull(maintenanceJobs.requestId)));
    expect(held).toHaveLength(3);

    // One notice per admin: Super Admin, Service Admin (the caller too), the region's Service
    // Managers and those with no region; not another region's, not a sales role, not the inactive.
    const params = { customer: 'Runaway Traders', held: '3', raised: String(CAP), max: String(CAP) };
    for (const who of [superAdmin.id, admin.made.id, managerChennai.id, managerNoRegion.id]) {
      const rows = await heldNotices(who);
      expect(rows, who).toHaveLength(1);
      expect(rows[0]?.messageParams).toEqual(params);
      expect(rows[0]?.message).toBe(
        `Held back 3 due job(s) for Runaway Traders: one maintenance run raises at most ${CAP} for one customer (${CAP} raised). ` +
          "Check the customer's units and raise the held jobs by hand if they are real.",
      );
    }
    for (const who of [managerKochi.id, salesAdmin.id, formerAdmin.id]) expect(await heldNotices(who)).toEqual([]);
    // No notice about the ordinary customer (under the cap).
    const all = await ctx.db.select().from(notifications).where(eq(notifications.messageKey, HELD_BACK));
    expect(all.every((n) => n.messageParams?.customer === 'Runaway Traders')).toBe(true);

    // The reader reads it in their language, as every notification.
    const hindi = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { ...admin.headers, 'accept-language': 'hi' },
    });
    expect(hindi.statusCode).toBe(200);
    const notice = (hindi.json() as { message: string }[]).find((n) => n.message.includes('Runaway Traders'));
    expect(notice?.message).toContain('रोके गए');

    // The audit trail: the hold with its numbers, and the run's row.
    const [hold] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'maintenance.holdBack'), eq(auditLog.entityId, runaway.id)));
    expect(hold?.details).toMatchObject({ held: 3, raised: CAP, maxJobsPerCustomer: CAP, notified: 4 });
    const runRows = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'maintenance.run'));
    expect(runRows.at(-1)?.details).toMatchObject({ created: CAP + 2, heldBack: 3, maxJobsPerCustomer: CAP });

    // A second run raises none of them and tells nobody again; they stay on the due list.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance/run',
      headers: admin.headers,
      payload: {},
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().created).toBe(0);
    expect(await requestsOf(runawayUnits)).toHaveLength(CAP);
    expect(await heldNotices(superAdmin.id)).toHaveLength(1);
    const due = await ctx.app.inject({
      method: 'GET',
      url: `/api/maintenance/due?within=30&regionId=${chennai.id}&page=1&pageSize=100`,
      headers: admin.headers,
    });
    expect(due.statusCode, due.body).toBe(200);
    const waiting = (due.json() as { unitId: string; openRequestId: string | null }[]).filter(
      (d) => runawayUnits.includes(d.unitId) && d.openRequestId === null,
    );
    expect(waiting.map((d) => d.unitId).sort()).toEqual(held.map((h) => h.unitId).sort());
  });

  it('counts per customer across the whole run, not per chunk of 50', async () => {
    const region = await makeRegion(ctx.db, 'Madurai');
    // 60 customers with one unit each and one with N + 3, all due the same day: the run's order
    // (due date, unit id) spreads the big customer's units over both chunks of 50.
    const many = await Promise.all(Array.from({ length: 60 }, () => makeCustomer(ctx.db, region.id)));
    for (const c of many) await dueUnitsOf(c.id, 1);
    const big = await makeCustomer(ctx.db, region.id, { name: 'Big Campus' });
    const bigUnits = await dueUnitsOf(big.id, CAP + 3);
    const admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance/run',
      headers: admin.headers,
      payload: { regionId: region.id },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ created: 60 + CAP, skipped: 3 });
    expect(await requestsOf(bigUnits)).toHaveLength(CAP);
  });

  it('the daily run keeps the same cap', async () => {
    const region = await makeRegion(ctx.db, 'Salem');
    const customer = await makeCustomer(ctx.db, region.id, { name: 'Daily Campus' });
    const ids = await dueUnitsOf(customer.id, 3);
    const handlers: (() => Promise<unknown>)[] = [];
    const runner: JobRunner = {
      async daily(_name, _at, _tz, handler) {
        handlers.push(handler);
        return null;
      },
      async stop() {},
    };
    const log = { info() {}, error() {} };
    const config = loadConfig({ MAINTENANCE_MAX_JOBS_PER_CUSTOMER: '2' } as NodeJS.ProcessEnv);
    await scheduleDailyMaintenance(runner, config, ctx.db, log, ctx.app.deps.services.requests);
    await handlers[0]?.();
    expect(await requestsOf(ids)).toHaveLength(2);
    const notices = await ctx.db.select().from(notifications).where(eq(notifications.messageKey, HELD_BACK));
    const daily = notices.filter((n) => n.messageParams?.customer === 'Daily Campus');
    expect(daily.length).toBeGreaterThan(0);
    expect(daily[0]?.messageParams).toEqual({ customer: 'Daily Campus', held: '1', raised: '2', max: '2' });
  });

  it('MAINTENANCE_MAX_JOBS_PER_CUSTOMER: 50 by default, a whole number from 1', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).MAINTENANCE_MAX_JOBS_PER_CUSTOMER).toBe(50);
    expect(
      loadConfig({ MAINTENANCE_MAX_JOBS_PER_CUSTOMER: '12' } as NodeJS.ProcessEnv).MAINTENANCE_MAX_JOBS_PER_CUSTOMER,
    ).toBe(12);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ MAINTENANCE_MAX_JOBS_PER_CUSTOMER: bad } as NodeJS.ProcessEnv)).toThrow(
        /MAINTENANCE_MAX_JOBS_PER_CUSTOMER/,
      );
    }
  });
});
