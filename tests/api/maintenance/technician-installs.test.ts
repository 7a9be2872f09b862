/**
 * Issue 31, item 5, its first half (ADR 031): a technician adds units only at the customer of a job
 * in their hands, at most UNITS_PER_JOB per such job (parallel adds included, removed units
 * counted), with `installedOn` no earlier than the day the job was raised (IST) and not in the
 * future; a date they correct keeps those bounds. The office's rules are unchanged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '#server/db/schema/maintenance.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { UNITS_PER_JOB } from '#shared/contracts/units.ts';
import { addDays, todayIn } from '#shared/domain/maintenance.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
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
let admin: H;
let manager: H;
let requesterId: string;
let productId: string;
let serial = 1;

const TZ = 'Asia/Kolkata';
const today = () => todayIn(TZ);
const DAY = 86_400_000;

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: H, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const add = (customerId: string, headers: H, installedOn = today()) =>
  call('POST', `/api/customers/${customerId}/units`, headers, {
    productId,
    serialNumber: `TI-${process.pid}-${serial++}`,
    installedOn,
  });

/** A technician with a job at a fresh customer, raised `daysAgo` days ago. */
async function technicianWithJob(daysAgo = 0, status: RequestStatus = 'ASSIGNED') {
  const customer = await makeCustomer(ctx.db, chennai.id);
  const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
  const job = await jobFor(tech.made.id, customer.id, daysAgo, status);
  return { customer, tech, job };
}

async function jobFor(techId: string, customerId: string, daysAgo = 0, status: RequestStatus = 'ASSIGNED') {
  const job = await makeRequest(ctx.db, {
    customerId,
    regionId: chennai.id,
    requestedById: requesterId,
    type: 'INSTALLATION',
    status,
    assignedToId: techId,
  });
  const createdAt = new Date(Date.now() - daysAgo * DAY);
  await ctx.db.update(serviceRequests).set({ createdAt }).where(eq(serviceRequests.id, job.id));
  return { ...job, createdAt };
}

beforeAll(async () => {
  ctx = await createTestApp();
  chennai = await makeRegion(ctx.db, 'Chennai installs');
  admin = (await signedIn(ctx, ROLE.SERVICE_ADMIN)).headers;
  manager = (await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id })).headers;
  requesterId = (await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: chennai.id })).id;
  const product = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: {
      name: 'Install Pure',
      brand: 'Neervana',
      technology: 'RO',
      parts: [{ name: 'Carbon', intervalMonths: 6 }],
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().id;
});
afterAll(() => ctx.close());

describe("a technician's units: at the job's customer, a few, dated from the job on", () => {
  it('refuses a date before the day the job was raised, or in the future; takes that day and today', async () => {
    const { customer, tech, job } = await technicianWithJob(3);
    const firstDay = todayIn(TZ, job.createdAt);
    const old = await add(customer.id, tech.headers, '2000-01-01');
    expect(old.statusCode, old.body).toBe(400);
    expect(old.json().message).toBe(ERR.installedBeforeJob({ date: firstDay }).text);
    const dayBefore = await add(customer.id, tech.headers, addDays(firstDay, -1));
    expect(dayBefore.statusCode).toBe(400);
    const ahead = await add(customer.id, tech.headers, addDays(today(), 1));
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toBe(ERR.installedInFuture.text);
    expect((await add(customer.id, tech.headers, firstDay)).statusCode).toBe(201);
    expect((await add(customer.id, tech.headers, today())).statusCode).toBe(201);
    // Nothing back-dated was stored.
    const rows = await ctx.db.select().from(units).where(eq(units.customerId, customer.id));
    expect(rows.map((u) => u.installedOn).sort()).toEqual([firstDay, today()].sort());
  });

  it(`adds at most ${UNITS_PER_JOB} per job, however many are sent at once`, async () => {
    const { customer, tech } = await technicianWithJob();
    const answers = await Promise.all(Array.from({ length: 12 }, () => add(customer.id, tech.headers)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(UNITS_PER_JOB);
    expect(codes.filter((c) => c === 409)).toHaveLength(12 - UNITS_PER_JOB);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().message).toBe(ERR.unitsPerJob({ max: UNITS_PER_JOB }).text);
    const rows = await ctx.db.select().from(units).where(eq(units.customerId, customer.id));
    expect(rows).toHaveLength(UNITS_PER_JOB);

    // Removing one gives no slot back (REMOVED units count).
    const first = rows[0] as { id: string };
    expect((await call('DELETE', `/api/units/${first.id}`, tech.headers)).statusCode).toBe(200);
    expect((await add(customer.id, tech.headers)).statusCode).toBe(409);

    // A second job there in their hands: that job's units too.
    await jobFor(tech.made.id, customer.id);
    for (let i = 0; i < UNITS_PER_JOB; i++) expect((await add(customer.id, tech.headers)).statusCode).toBe(201);
    expect((await add(customer.id, tech.headers)).statusCode).toBe(409);
  });

  it('only at the customer of a job in their hands: not one done and acknowledged, not another customer', async () => {
    const { customer, tech } = await technicianWithJob(0, 'COMPLETED');
    const done = await add(customer.id, tech.headers);
    expect(done.statusCode).toBe(403);
    expect(done.json().message).toBe(ERR.unitWriteRefused.text);
    const elsewhere = await makeCustomer(ctx.db, chennai.id);
    expect((await add(elsewhere.id, tech.headers)).statusCode).toBe(403);
  });

  it('a date a technician corrects keeps the bounds; the office corrects freely', async () => {
    const { customer, tech, job } = await technicianWithJob(2);
    const firstDay = todayIn(TZ, job.createdAt);
    const made = await add(customer.id, tech.headers);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const back = await call('PATCH', `/api/units/${id}`, tech.headers, { installedOn: '2000-01-01' });
    expect(back.statusCode, back.body).toBe(400);
    expect(back.json().message).toBe(ERR.installedBeforeJob({ date: firstDay }).text);
    const fine = await call('PATCH', `/api/units/${id}`, tech.headers, { installedOn: firstDay });
    expect(fine.statusCode, fine.body).toBe(200);
    const office = await call('PATCH', `/api/units/${id}`, manager, { installedOn: '2019-04-01' });
    expect(office.statusCode, office.body).toBe(200);
    expect(office.json().installedOn).toBe('2019-04-01');
  });

  it("the office's rules are unchanged: any number, any past date", async () => {
    const customer = await makeCustomer(ctx.db, chennai.id);
    for (let i = 0; i < UNITS_PER_JOB + 2; i++) {
      const res = await add(customer.id, manager, '2015-06-30');
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await add(customer.id, admin, '2001-01-01')).statusCode).toBe(201);
  });
});
