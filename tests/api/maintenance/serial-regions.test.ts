/**
 * Issue 31, item 9 (ADR 031): a serial number stays unique among active units everywhere (it is
 * physically unique), but the answer tells a writer nothing of units they cannot reach. Held by a
 * unit they reach: 409 "already exists". Held by one they cannot: 409 "cannot be registered
 * here", the same words whoever holds it, the attempt written to the audit trail for the admins
 * (naming the unit that holds it); a technician's such attempts count towards their units for the
 * job. When a customer moves region, their units (and serial numbers) move with them.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { units } from '#server/db/schema/maintenance.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { SERIAL_ALERTS_PER_DAY } from '#server/modules/units/install.ts';
import { UNITS_PER_JOB } from '#shared/contracts/units.ts';
import { todayIn } from '#shared/domain/maintenance.ts';
import type { RequestType } from '#shared/domain/workflow.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
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

type H = { authorization: string };

let ctx: TestContext;
let chennai: { id: string };
let bengaluru: { id: string };
let admin: H;
let adminId: string;
let managerBengaluruId: string;
let managerChennai: H;
let managerBengaluru: H;
let requesterId: string;
let productId: string;
/** A unit at a Bengaluru customer, and its serial number. */
let held: { id: string; serialNumber: string; customerId: string };
let serial = 1;

const today = () => todayIn('Asia/Kolkata');
const nextSerial = () => `SR9-${process.pid}-${serial++}`;
const call = (method: 'POST' | 'PATCH', url: string, headers: H, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const add = (customerId: string, headers: H, serialNumber: string) =>
  call('POST', `/api/customers/${customerId}/units`, headers, { productId, serialNumber, installedOn: today() });

async function technicianWithJob(type: RequestType = 'INSTALLATION', status: 'ASSIGNED' | 'IN_PROGRESS' = 'ASSIGNED') {
  const customer = await makeCustomer(ctx.db, chennai.id);
  const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
  const job = await makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: chennai.id,
    requestedById: requesterId,
    type,
    status,
    assignedToId: tech.made.id,
  });
  return { customer, tech, job };
}

/** The admins' notifications of serial numbers refused to this sender. */
const toldOf = (senderId: string, toUserId = adminId) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.senderId, senderId), eq(notifications.toUserId, toUserId)));

const refusalsOf = (actorId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, 'unit.serialRefused')));

beforeAll(async () => {
  ctx = await createTestApp();
  chennai = await makeRegion(ctx.db, 'Chennai serials');
  bengaluru = await makeRegion(ctx.db, 'Bengaluru serials');
  const serviceAdmin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  admin = serviceAdmin.headers;
  adminId = serviceAdmin.made.id;
  managerChennai = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id })).headers;
  const blrManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: bengaluru.id });
  managerBengaluru = blrManager.headers;
  managerBengaluruId = blrManager.made.id;
  requesterId = (await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: chennai.id })).id;
  const product = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: {
      name: 'Serial Pure',
      brand: 'Neervana',
      technology: 'RO',
      parts: [{ name: 'Carbon', intervalMonths: 6 }],
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().id;
  const blr = await makeCustomer(ctx.db, bengaluru.id);
  const unit = await add(blr.id, managerBengaluru, 'BLR-77001');
  expect(unit.statusCode, unit.body).toBe(201);
  held = { id: unit.json().id, serialNumber: 'BLR-77001', customerId: blr.id };
});
afterAll(() => ctx.close());

describe("serial numbers: unique everywhere, answered without telling other regions' units", () => {
  it('another region\'s serial number: "cannot be registered here", never "already exists"; kept for the admins', async () => {
    const { customer, tech } = await technicianWithJob();
    const res = await add(customer.id, tech.headers, 'blr-77001');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ERR.serialHeld.text);
    expect(res.body).not.toContain(ERR.serialDuplicate.text);
    expect(res.body).not.toContain(held.id);
    expect(res.body).not.toContain(held.customerId);
    // The admins' trace: who tried which number where, and the unit that holds it.
    const [row] = await refusalsOf(tech.made.id);
    expect(row).toMatchObject({
      entityType: 'unit',
      entityId: held.id,
      outcome: 'denied',
      details: { customerId: customer.id, serialNumber: 'blr-77001' },
    });
    // And a notification to the admins (not to the region that holds it), in their language.
    const [told] = await toldOf(tech.made.id);
    expect(told).toMatchObject({ requestId: null, event: 'serialRefused', messageKey: 'maintenance.serialRefused' });
    expect(told?.message).toContain('blr-77001');
    expect(told?.message).toContain(customer.name);
    expect(await toldOf(tech.made.id, managerBengaluruId)).toEqual([]);
    // Nothing was installed.
    expect(await ctx.db.select().from(units).where(eq(units.customerId, customer.id))).toEqual([]);

    // A regional manager gets the same words, a correction of a serial number too.
    const chennaiCustomer = await makeCustomer(ctx.db, chennai.id);
    expect((await add(chennaiCustomer.id, managerChennai, 'BLR-77001')).json().message).toBe(ERR.serialHeld.text);
    const mine = await add(chennaiCustomer.id, managerChennai, nextSerial());
    expect(mine.statusCode, mine.body).toBe(201);
    const fix = await call('PATCH', `/api/units/${mine.json().id}`, managerChennai, { serialNumber: ' BLR-77001 ' });
    expect(fix.statusCode).toBe(409);
    expect(fix.json().message).toBe(ERR.serialHeld.text);
    const [unchanged] = await ctx.db.select().from(units).where(eq(units.id, mine.json().id));
    expect(unchanged?.serialNumber).toBe(mine.json().serialNumber);
  });

  it('a serial number held by a unit the writer reaches: "already exists", as before', async () => {
    const blr = await makeCustomer(ctx.db, bengaluru.id);
    const dup = await add(blr.id, managerBengaluru, 'BLR-77001');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ERR.serialDuplicate.text);
    const chennaiCustomer = await makeCustomer(ctx.db, chennai.id);
    expect((await add(chennaiCustomer.id, admin, 'BLR-77001')).json().message).toBe(ERR.serialDuplicate.text);
  });

  it("a technician's refused serial numbers count towards their units for the job", async () => {
    const { customer, tech } = await technicianWithJob();
    for (let i = 0; i < UNITS_PER_JOB; i++) {
      expect((await add(customer.id, tech.headers, 'BLR-77001')).json().message).toBe(ERR.serialHeld.text);
    }
    const next = await add(customer.id, tech.headers, nextSerial());
    expect(next.statusCode).toBe(409);
    expect(next.json().message).toBe(ERR.unitsPerJob({ max: UNITS_PER_JOB }).text);
    expect(await refusalsOf(tech.made.id)).toHaveLength(UNITS_PER_JOB);
    // One number tried again and again: the admins are told once.
    expect(await toldOf(tech.made.id)).toHaveLength(1);
  });

  it(`the admins are told of one writer's first ${SERIAL_ALERTS_PER_DAY} such numbers a day; the audit trail keeps all`, async () => {
    const blr = await makeCustomer(ctx.db, bengaluru.id);
    const taken: string[] = [];
    for (let i = 0; i < SERIAL_ALERTS_PER_DAY + 2; i++) {
      const sn = nextSerial();
      expect((await add(blr.id, managerBengaluru, sn)).statusCode).toBe(201);
      taken.push(sn);
    }
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const chennaiCustomer = await makeCustomer(ctx.db, chennai.id);
    for (const sn of taken) expect((await add(chennaiCustomer.id, manager.headers, sn)).statusCode).toBe(409);
    expect(await refusalsOf(manager.made.id)).toHaveLength(taken.length);
    expect(await toldOf(manager.made.id)).toHaveLength(SERIAL_ALERTS_PER_DAY);
  });

  it("completing an INSTALLATION with another region's serial number: the same words, nothing done", async () => {
    const { tech, job } = await technicianWithJob('INSTALLATION', 'IN_PROGRESS');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/technician-workflow/stop',
      headers: tech.headers,
      payload: { requestId: job.id, installedUnit: { productId, serialNumber: 'BLR-77001' } },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ERR.serialHeld.text);
    const [still] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, job.id));
    expect(still?.status).toBe('IN_PROGRESS');
  });

  it('a customer who moves region takes their units along: the serial number stays unique', async () => {
    const mover = await makeCustomer(ctx.db, chennai.id);
    const sn = nextSerial();
    expect((await add(mover.id, managerChennai, sn)).statusCode).toBe(201);
    await ctx.db.update(customers).set({ regionId: bengaluru.id }).where(eq(customers.id, mover.id));
    const blr = await makeCustomer(ctx.db, bengaluru.id);
    // Bengaluru now reaches the unit: it is told the number exists; Chennai no longer is.
    expect((await add(blr.id, managerBengaluru, sn)).json().message).toBe(ERR.serialDuplicate.text);
    const chennaiCustomer = await makeCustomer(ctx.db, chennai.id);
    expect((await add(chennaiCustomer.id, managerChennai, sn)).json().message).toBe(ERR.serialHeld.text);
  });
});
