/** Issue 21 through the real app: products, units and schedules, contracts, the due list, the run, completion. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { maintenanceJobs, unitSchedule, units } from '#server/db/schema/maintenance.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { MAINTENANCE_MESSAGES as M } from '#shared/contracts/maintenance.ts';
import { addDays, addMonths, todayIn } from '#shared/domain/maintenance.ts';
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

let ctx: TestContext;
let chennai: { id: string };
let kochi: { id: string };
type H = { authorization: string };
let admin: H;
let manager: H;
let managerKochi: H;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: H, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const today = () => todayIn('Asia/Kolkata');
let serial = 1000;
const nextSerial = () => `AQ-${serial++}`;

const purifier = (extra: Record<string, unknown> = {}) => ({
  name: `Aqua Pure ${serial++}`,
  brand: 'Neervana',
  technology: 'RO+UV',
  warrantyMonths: 12,
  parts: [
    { name: 'Sediment filter', intervalMonths: 6 },
    { name: 'RO membrane', intervalMonths: 24 },
    { name: 'UV lamp', intervalMonths: 12 },
  ],
  ...extra,
});

async function product() {
  const res = await call('POST', '/api/products', admin, purifier());
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function unitAt(customerId: string, productId: string, installedOn: string, headers = admin) {
  const res = await call('POST', `/api/customers/${customerId}/units`, headers, {
    productId,
    serialNumber: nextSerial(),
    installedOn,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  chennai = await makeRegion(ctx.db, 'Chennai');
  kochi = await makeRegion(ctx.db, 'Kochi');
  admin = (await signedIn(ctx, ROLE.SERVICE_ADMIN)).headers;
  manager = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id })).headers;
  managerKochi = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: kochi.id })).headers;
});
afterAll(() => ctx.close());

describe('products', () => {
  it('admins create, everyone reads, a product in use cannot be deleted', async () => {
    const p = await product();
    expect(p.parts.map((x: { name: string }) => x.name)).toEqual(['Sediment filter', 'RO membrane', 'UV lamp']);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    expect((await call('GET', `/api/products/${p.id}`, tech.headers)).statusCode).toBe(200);
    expect((await call('POST', '/api/products', manager, purifier())).statusCode).toBe(403);
    const list = await call('GET', '/api/products?page=1&pageSize=10&search=neervana', tech.headers);
    expect(list.headers['x-total-count']).toBeDefined();
    const c = await makeCustomer(ctx.db, chennai.id);
    await unitAt(c.id, p.id, today());
    const del = await call('DELETE', `/api/products/${p.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(M.productInUse);
    const unused = await product();
    expect((await call('DELETE', `/api/products/${unused.id}`, admin)).statusCode).toBe(200);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, unused.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['product.create', 'product.delete']);
  });

  it('refuses a product without parts with a clear 400', async () => {
    const res = await call('POST', '/api/products', admin, purifier({ parts: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.partsRequired);
  });

  it('a new part joins the schedules of the units in use', async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, chennai.id);
    const u = await unitAt(c.id, p.id, '2026-01-31');
    const parts = [...p.parts, { name: 'Post-carbon filter', intervalMonths: 12 }];
    const res = await call('PUT', `/api/products/${p.id}`, admin, { ...purifier(), name: p.name, parts });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await call('GET', `/api/units/${u.id}`, admin)).json();
    expect(after.schedule.find((s: { name: string }) => s.name === 'Post-carbon filter')?.nextDueOn).toBe('2027-01-31');
  });
});

describe('units and their schedule', () => {
  it('a unit gets one schedule row per part, warranty and states computed', async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, chennai.id);
    const installed = addMonths(today(), -6);
    const u = await unitAt(c.id, p.id, installed);
    expect(u.status).toBe('ACTIVE');
    expect(u.schedule).toHaveLength(3);
    const sediment = u.schedule.find((s: { name: string }) => s.name === 'Sediment filter');
    expect(sediment.nextDueOn).toBe(addMonths(installed, 6));
    expect(['DUE_SOON', 'OVERDUE']).toContain(sediment.state);
    expect(u.warrantyEndsOn).toBe(addDays(addMonths(installed, 12), -1));
    expect(u.nextDueOn).toBe(sediment.nextDueOn);
    const list = await call('GET', `/api/customers/${c.id}/units?page=1&pageSize=10`, manager);
    expect(list.headers['x-total-count']).toBe('1');
  });

  it('duplicate serial 409, future date 400, out of region 404', async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, chennai.id);
    const u = await unitAt(c.id, p.id, today());
    const dup = await call('POST', `/api/customers/${c.id}/units`, admin, {
      productId: p.id,
      serialNumber: u.serialNumber.toLowerCase(),
      installedOn: today(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.serialDuplicate);
    const future = await call('POST', `/api/customers/${c.id}/units`, admin, {
      productId: p.id,
      serialNumber: nextSerial(),
      installedOn: addDays(today(), 2),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(M.installedInFuture);
    // Correcting a part's date: not in the future either, in the reader's language too.
    const partId = p.parts[0].id;
    const tomorrow = { schedule: [{ partId, lastChangedOn: addDays(today(), 1) }] };
    const ahead = await call('PATCH', `/api/units/${u.id}`, admin, tomorrow);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toBe(M.changeInFuture);
    const inHindi = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/units/${u.id}`,
      headers: { ...admin, 'accept-language': 'hi' },
      payload: tomorrow,
    });
    expect(inHindi.statusCode).toBe(400);
    expect(inHindi.json().message).toBe('बदलने की तारीख भविष्य की नहीं हो सकती');
    expect((await call('GET', `/api/units/${u.id}`, managerKochi)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/units/${u.id}`, managerKochi, { locationNote: 'x' })).statusCode).toBe(404);
  });

  it('a technician may add a unit only for a customer of one of their requests', async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, chennai.id);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    const refused = await call('POST', `/api/customers/${c.id}/units`, tech.headers, {
      productId: p.id,
      serialNumber: nextSerial(),
      installedOn: today(),
    });
    expect(refused.statusCode).toBe(403);
    const requester = await makeUser(ctx.db, ROLE.SERVICE_ADMIN);
    await makeRequest(ctx.db, {
      customerId: c.id,
      regionId: chennai.id,
      requestedById: requester.id,
      status: 'ASSIGNED',
      assignedToId: tech.made.id,
    });
    await unitAt(c.id, p.id, today(), tech.headers);
  });

  it("a technician writes a customer's units only while a job there is in their hands", async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, kochi.id);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    const requester = await makeUser(ctx.db, ROLE.SERVICE_ADMIN);
    const job = await makeRequest(ctx.db, {
      customerId: c.id,
      regionId: kochi.id,
      requestedById: requester.id,
      status: 'WORK_COMPLETED',
      assignedToId: tech.made.id,
    });
    const u = await unitAt(c.id, p.id, today(), tech.headers);
    const fix = { locationNote: 'Kitchen, left of the sink' };
    expect((await call('PATCH', `/api/units/${u.id}`, tech.headers, fix)).statusCode).toBe(200);
    // The office acknowledges the job: it has left the technician's hands. They may still read
    // the unit (their task history links it), but no longer change it.
    await ctx.db.update(serviceRequests).set({ status: 'COMPLETED' }).where(eq(serviceRequests.id, job.id));
    const late = await call('PATCH', `/api/units/${u.id}`, tech.headers, { locationNote: 'Changed later' });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(M.unitWriteRefused);
    expect((await call('DELETE', `/api/units/${u.id}`, tech.headers)).statusCode).toBe(403);
    const still = await call('GET', `/api/units/${u.id}`, tech.headers);
    expect(still.statusCode).toBe(200);
    expect(still.json().locationNote).toBe(fix.locationNote);
    expect(still.json().status).toBe('ACTIVE');
  });

  it('PATCH records a part changed on paper; DELETE marks REMOVED and frees the serial', async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, chennai.id);
    const u = await unitAt(c.id, p.id, '2025-08-31');
    const part = p.parts[0];
    const res = await call('PATCH', `/api/units/${u.id}`, manager, {
      schedule: [{ partId: part.id, lastChangedOn: '2026-08-31' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().schedule[0].nextDueOn).toBe('2027-02-28');
    expect((await call('DELETE', `/api/units/${u.id}`, manager)).statusCode).toBe(200);
    const gone = (await call('GET', `/api/units/${u.id}`, manager)).json();
    expect(gone.status).toBe('REMOVED');
    await unitAt(c.id, p.id, today());
    const again = await call('POST', `/api/customers/${c.id}/units`, admin, {
      productId: p.id,
      serialNumber: u.serialNumber,
      installedOn: today(),
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('contracts', () => {
  it('overlapping active contracts of one type are refused (409); expiring lists the ones ending soon', async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, chennai.id);
    const u = await unitAt(c.id, p.id, today());
    const amc = {
      type: 'AMC',
      startsOn: addDays(today(), -340),
      endsOn: addDays(today(), 20),
      visitsPerYear: 4,
      partsIncluded: true,
      price: 499900,
    };
    const first = await call('POST', `/api/units/${u.id}/contracts`, manager, amc);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ price: 499900, status: 'ACTIVE' });
    const clash = await call('POST', `/api/units/${u.id}/contracts`, manager, {
      ...amc,
      startsOn: addDays(today(), 10),
      endsOn: addDays(today(), 300),
    });
    expect(clash.statusCode).toBe(409);
    // Issue 33 item 3: the refusal names the contract in the way, its dates and the first free day.
    // Each date with its year, in the reader's language ("1 Dec 2026"; Tamil "1 டிச., 2026").
    const dayIn = (tag: string) => (iso: string) =>
      new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        Date.parse(`${iso}T00:00:00Z`),
      );
    const day = dayIn('en-IN');
    const ta = dayIn('ta-IN');
    expect(clash.json().message).toBe(
      `An active contract of this type (AMC, ${day(amc.startsOn)} to ${day(amc.endsOn)}) already covers part of ` +
        `this period on this unit. A new one can start on ${day(addDays(amc.endsOn, 1))}.`,
    );
    // In Tamil, with the dates in Tamil too (the month's name, as the reader's screen shows it).
    const inTamil = await call('POST', `/api/units/${u.id}/contracts`, { ...manager, 'accept-language': 'ta' } as H, {
      ...amc,
      startsOn: addDays(today(), 10),
      endsOn: addDays(today(), 300),
    });
    expect(inTamil.statusCode).toBe(409);
    expect(inTamil.json().message).toContain(`(AMC, ${ta(amc.startsOn)} முதல் ${ta(amc.endsOn)} வரை)`);
    expect(inTamil.json().message).toContain(`${ta(addDays(amc.endsOn, 1))} முதல் தொடங்கலாம்`);
    const warranty = await call('POST', `/api/units/${u.id}/contracts`, manager, {
      ...amc,
      type: 'WARRANTY',
      visitsPerYear: 0,
      price: 0,
    });
    expect(warranty.statusCode).toBe(201);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    expect((await call('POST', `/api/units/${u.id}/contracts`, tech.headers, amc)).statusCode).toBe(403);
    const expiring = await call('GET', '/api/contracts/expiring?within=30&page=1&pageSize=50', manager);
    expect(expiring.statusCode).toBe(200);
    expect(
      expiring.json().some((x: { id: string; daysLeft: number }) => x.id === first.json().id && x.daysLeft === 20),
    ).toBe(true);
    const kochiList = (await call('GET', '/api/contracts/expiring?within=30', managerKochi)).json();
    expect(kochiList.some((x: { id: string }) => x.id === first.json().id)).toBe(false);
    const cancel = await call('PATCH', `/api/contracts/${first.json().id}`, manager, { status: 'CANCELLED' });
    expect(cancel.json().status).toBe('CANCELLED');
    expect(
      (
        await call('POST', `/api/units/${u.id}/contracts`, manager, {
          ...amc,
          startsOn: addDays(today(), 10),
          endsOn: addDays(today(), 300),
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('due list, run and completion', () => {
  it('lists due units by earliest date, scoped; the run raises one request each and never twice', async () => {
    const p = await product();
    const region = await makeRegion(ctx.db, 'Madurai');
    const scoped = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id })).headers;
    const approver = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const salesLead = await makeUser(ctx.db, ROLE.SALES_TEAM_LEAD, { regionId: region.id });
    const c1 = await makeCustomer(ctx.db, region.id, { name: 'Meena Sundaram' });
    const c2 = await makeCustomer(ctx.db, region.id, { name: 'Arjun Pillai' });
    const overdue = await unitAt(c1.id, p.id, addDays(addMonths(today(), -6), -3));
    const soon = await unitAt(c2.id, p.id, addDays(addMonths(today(), -6), 3));
    const covered = await call('POST', `/api/units/${soon.id}/contracts`, admin, {
      type: 'AMC',
      startsOn: addDays(today(), -358),
      endsOn: addDays(today(), 7),
      visitsPerYear: 0,
      price: 250000,
    });
    expect(covered.statusCode).toBe(201);

    const due = await call('GET', `/api/maintenance/due?within=30&page=1&pageSize=20`, scoped);
    expect(due.statusCode, due.body).toBe(200);
    expect(due.headers['x-total-count']).toBe('2');
    const rows = due.json();
    expect(rows.map((r: { unitId: string }) => r.unitId)).toEqual([overdue.id, soon.id]);
    expect(rows[0]).toMatchObject({
      state: 'OVERDUE',
      chargeable: true,
      openRequestId: null,
      customer: { name: 'Meena Sundaram' },
    });
    expect(rows[0].dueParts.map((x: { name: string }) => x.name)).toEqual(['Sediment filter']);
    expect(rows[1]).toMatchObject({ state: 'DUE_SOON', chargeable: false, contract: { type: 'AMC' } });
    const overdueOnly = (await call('GET', `/api/maintenance/due?state=OVERDUE&regionId=${region.id}`, admin)).json();
    expect(overdueOnly.map((r: { unitId: string }) => r.unitId)).toEqual([overdue.id]);
    expect((await call('GET', `/api/maintenance/due?regionId=${region.id}`, manager)).json()).toEqual([]);

    expect((await call('POST', '/api/maintenance/run', scoped, { regionId: chennai.id })).statusCode).toBe(403);
    const run = await call('POST', '/api/maintenance/run', scoped, {});
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ created: 2, skipped: 0, reminders: 1 });
    const again = await call('POST', '/api/maintenance/run', scoped, {});
    expect(again.json()).toMatchObject({ created: 0, skipped: 2, reminders: 0 });

    const raised = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, overdue.id));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ type: 'SERVICE', status: 'PENDING_APPROVAL', regionId: region.id });
    expect(raised[0]?.description).toContain('Sediment filter');
    expect(raised[0]?.description).toContain('Chargeable');
    const [job] = await ctx.db.select().from(maintenanceJobs).where(eq(maintenanceJobs.unitId, soon.id));
    expect(job?.chargeable).toBe(false);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toUserId, approver.id), eq(notifications.requestId, raised[0]?.id as string)));
    expect(told).toHaveLength(1);
    const renewal = await ctx.db.select().from(notifications).where(eq(notifications.toUserId, salesLead.id));
    expect(renewal).toHaveLength(1);
    expect(renewal[0]?.message).toContain('Arjun Pillai');
    const listed = (await call('GET', `/api/maintenance/due?within=30`, scoped)).json();
    expect(listed[0].openRequestId).toBe(raised[0]?.id);

    // The requester is the system account: it cannot sign in.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'scheduler@aquadesk.system', password: '!system-account-no-password' },
    });
    expect(login.statusCode).toBe(401);

    // A technician completes it with the sediment filter replaced: its next date moves on.
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
    const id = raised[0]?.id as string;
    await ctx.db
      .update(serviceRequests)
      .set({ status: 'IN_PROGRESS', assignedToId: tech.made.id })
      .where(eq(serviceRequests.id, id));
    const sediment = p.parts.find((x: { name: string }) => x.name === 'Sediment filter');
    const stop = await call('POST', '/api/technician-workflow/stop', tech.headers, {
      requestId: id,
      notes: 'Changed the sediment filter',
      partsReplaced: [sediment.id],
      spareParts: [{ name: 'Inlet pipe 1 m', quantity: 2 }],
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const unit = (await call('GET', `/api/units/${overdue.id}`, scoped)).json();
    const row = unit.schedule.find((s: { name: string }) => s.name === 'Sediment filter');
    expect(row).toMatchObject({ lastChangedOn: today(), nextDueOn: addMonths(today(), 6), state: 'OK' });
    expect(unit.history[0]).toMatchObject({
      id,
      partsReplaced: ['Sediment filter'],
      spareParts: [{ name: 'Inlet pipe 1 m', quantity: 2 }],
    });
  });

  it('requests accept a unit of their customer only; stop refuses parts of another unit', async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, chennai.id);
    const other = await makeCustomer(ctx.db, chennai.id);
    const u = await unitAt(c.id, p.id, today());
    const body = {
      type: 'SERVICE',
      description: 'Water tastes salty again',
      customerId: other.id,
      regionId: chennai.id,
      unitId: u.id,
    };
    const bad = await call('POST', '/api/service-requests', admin, body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.unitNotOfCustomer);
    const ok = await call('POST', '/api/service-requests', admin, { ...body, customerId: c.id });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, ok.json().id));
    expect(row?.unitId).toBe(u.id);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    await ctx.db
      .update(serviceRequests)
      .set({ status: 'IN_PROGRESS', assignedToId: tech.made.id })
      .where(eq(serviceRequests.id, ok.json().id));
    const stranger = await product();
    const refused = await call('POST', '/api/technician-workflow/stop', tech.headers, {
      requestId: ok.json().id,
      partsReplaced: [stranger.parts[0].id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.partNotOfUnit);
    const [still] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, ok.json().id));
    expect(still?.status).toBe('IN_PROGRESS');
  });

  it('completing an INSTALLATION with installedUnit installs the unit that day, by that technician', async () => {
    const p = await product();
    const c = await makeCustomer(ctx.db, chennai.id);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    const requester = await makeUser(ctx.db, ROLE.SERVICE_ADMIN);
    const req = await makeRequest(ctx.db, {
      customerId: c.id,
      regionId: chennai.id,
      requestedById: requester.id,
      type: 'INSTALLATION',
      status: 'IN_PROGRESS',
      assignedToId: tech.made.id,
    });
    const sn = nextSerial();
    const res = await call('POST', '/api/technician-workflow/stop', tech.headers, {
      requestId: req.id,
      installedUnit: { productId: p.id, serialNumber: sn },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [unit] = await ctx.db.select().from(units).where(eq(units.serialNumber, sn));
    expect(unit).toMatchObject({
      customerId: c.id,
      installedOn: today(),
      installedById: tech.made.id,
      status: 'ACTIVE',
    });
    const sched = await ctx.db
      .select()
      .from(unitSchedule)
      .where(eq(unitSchedule.unitId, unit?.id as string));
    expect(sched).toHaveLength(3);
    const [linked] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, req.id));
    expect(linked?.unitId).toBe(unit?.id);
  });
});
