/**
 * The "AquaDesk Scheduler" system account (ADR 023, lib/system-accounts.ts): in no user list or
 * picker, out of User Management's reach (404, left unchanged), never signed in, sent no message,
 * and its reserved address taken by no person. Each checked as it stands (INACTIVE) and after a
 * would-be reactivation by hand (ACTIVE, even with a real password hash), so none of it rests on
 * the status alone.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/activity.ts';
import { users } from '#server/db/schema/people.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { RESERVED_EMAIL, SCHEDULER_EMAIL, SYSTEM_PASSWORD_HASH } from '#server/lib/system-accounts.ts';
import { addDays, addMonths, todayIn } from '#shared/domain/maintenance.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeUser,
  ROLE,
  roleId,
  signedIn,
  TEST_PASSWORD,
  type TestContext,
} from '#tests/harness/app.ts';

type H = { authorization: string };
let ctx: TestContext;
let admin: H;
let scheduler: typeof users.$inferSelect;
let tech: Awaited<ReturnType<typeof signedIn>>;
let raisedId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function schedulerRow() {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, SCHEDULER_EMAIL));
  return row as typeof users.$inferSelect;
}

beforeAll(async () => {
  ctx = await createTestApp({ ALLOW_REGISTRATION: 'on' });
  const region = await makeRegion(ctx.db, 'Salem');
  admin = (await signedIn(ctx, ROLE.SUPER_ADMIN)).headers;
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
  // The run creates the scheduler and raises a due job by it; the technician is put on that job,
  // so they share a request with the scheduler (who may message whom: notifications/colleagues.ts).
  const product = await call('POST', '/api/products', admin, {
    name: 'System Account Pure',
    brand: 'Neervana',
    technology: 'UV',
    parts: [{ name: 'UV lamp', intervalMonths: 12 }],
  });
  expect(product.statusCode, product.body).toBe(201);
  const customer = await makeCustomer(ctx.db, region.id);
  const unit = await call('POST', `/api/customers/${customer.id}/units`, admin, {
    productId: product.json().id,
    serialNumber: 'SYS-1',
    installedOn: addDays(addMonths(todayIn('Asia/Kolkata'), -12), 2),
  });
  expect(unit.statusCode, unit.body).toBe(201);
  const run = await call('POST', '/api/maintenance/run', admin, {});
  expect(run.json()).toMatchObject({ created: 1 });
  scheduler = await schedulerRow();
  expect(scheduler).toMatchObject({ name: 'AquaDesk Scheduler', status: 'INACTIVE' });
  const due = (await call('GET', '/api/maintenance/due', admin)).json();
  raisedId = due[0].openRequestId;
  const approve = await call('POST', `/api/service-requests/${raisedId}/service-approve`, admin, {});
  expect(approve.statusCode, approve.body).toBe(200);
  const assign = await call('POST', `/api/service-requests/${raisedId}/manual-assign`, admin, {
    technicianId: tech.made.id,
  });
  expect(assign.statusCode, assign.body).toBe(200);
});
afterAll(() => ctx.close());

/** Every list and picker a person can open, and what User Management answers about the account. */
async function expectHiddenAndOutOfReach() {
  const id = scheduler.id;
  const listed = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((u) => u.id);
  const serviceAdmin = await roleId(ctx.db, ROLE.SERVICE_ADMIN);
  for (const url of [
    '/api/users',
    '/api/users?page=1&pageSize=100',
    '/api/users?search=scheduler',
    '/api/users?search=aquadesk.system',
    `/api/users?roleId=${serviceAdmin}`,
    '/api/users/my-subordinates',
  ]) {
    const res = await call('GET', url, admin);
    expect(res.statusCode, url).toBe(200);
    expect(listed(res), url).not.toContain(id);
    // The count is of the same rows: the hidden account is not counted either.
    expect(Number(res.headers['x-total-count']), url).toBe(listed(res).length);
  }
  expect(Number((await call('GET', '/api/users?search=scheduler', admin)).headers['x-total-count'])).toBe(0);
  const hierarchy = await call('GET', '/api/users/my-hierarchy', admin);
  expect(hierarchy.statusCode).toBe(200);
  expect(hierarchy.body).not.toContain(id);
  expect(hierarchy.body).not.toContain(SCHEDULER_EMAIL);

  // The assign dialog's technicians.
  const techs = await call('GET', `/api/service-requests/${raisedId}/technicians`, admin);
  expect(techs.statusCode, techs.body).toBe(200);
  expect(techs.body).not.toContain(id);

  const before = await schedulerRow();
  const notFound = { code: 'NOT_FOUND', message: 'User not found' };
  const get = await call('GET', `/api/users/${id}`, admin);
  expect(get.statusCode).toBe(404);
  expect(get.json()).toMatchObject(notFound);
  const superAdmin = await roleId(ctx.db, ROLE.SUPER_ADMIN);
  const edit = await call('PUT', `/api/users/${id}`, admin, {
    name: 'Taken Over',
    email: 'taken.over@test.local',
    phone: null,
    roleId: superAdmin,
    regionId: null,
    // Not part of the body, ignored: a would-be reactivation and password change ride along.
    status: 'ACTIVE',
    password: 'secret123',
  });
  expect(edit.statusCode).toBe(404);
  expect(edit.json()).toMatchObject(notFound);
  const del = await call('DELETE', `/api/users/${id}`, admin);
  expect(del.statusCode).toBe(404);
  expect(del.json()).toMatchObject(notFound);
  const out = await call('POST', `/api/users/${id}/sign-out-everywhere`, admin);
  expect(out.statusCode).toBe(404);
  expect(out.json()).toMatchObject(notFound);
  expect(await schedulerRow()).toEqual(before);

  // The technician shares the raised request with it, and still may not message it.
  const message = await call('POST', '/api/notifications', tech.headers, { toUserId: id, message: 'Hello?' });
  expect(message.statusCode).toBe(404);
}

async function expectNoSignIn(password: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: SCHEDULER_EMAIL, password },
  });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid email or password' });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('the scheduler account as the run leaves it (INACTIVE)', () => {
  it('is in no user list or picker, out of User Management’s reach, and cannot sign in', async () => {
    await expectHiddenAndOutOfReach();
    await expectNoSignIn(SYSTEM_PASSWORD_HASH);
  });
});

describe('after a would-be reactivation by hand', () => {
  it('stays hidden, unreachable, silent and unable to sign in, even with a real password', async () => {
    // What no endpoint can do, done in the database: ACTIVE again, then a real password hash.
    await ctx.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, scheduler.id));
    await expectHiddenAndOutOfReach();
    await expectNoSignIn(SYSTEM_PASSWORD_HASH);
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(TEST_PASSWORD) })
      .where(eq(users.id, scheduler.id));
    await expectNoSignIn(TEST_PASSWORD);

    // It is sent no workflow notification either: a new request tells the region's approvers,
    // region-less Service Admins among them (a person made for the check is told), not the scheduler.
    const region = await makeRegion(ctx.db, 'Erode');
    const serviceAdmin = await makeUser(ctx.db, ROLE.SERVICE_ADMIN);
    const lead = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: region.id });
    const customer = await makeCustomer(ctx.db, region.id);
    const created = await call('POST', '/api/service-requests', lead.headers, {
      type: 'COMPLAINT',
      description: 'Water tastes of plastic since Monday',
      customerId: customer.id,
      regionId: region.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const toldOf = (userId: string) =>
      ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.toUserId, userId), eq(notifications.requestId, created.json().id)));
    expect(await toldOf(serviceAdmin.id)).toHaveLength(1);
    expect(await toldOf(scheduler.id)).toHaveLength(0);
  });
});

describe('the reserved address', () => {
  const person = async (email: string) => ({
    name: 'Someone Real',
    email,
    password: 'secret123',
    phone: null,
    roleId: await roleId(ctx.db, ROLE.SERVICE_ADMIN),
    regionId: null,
  });
  const reserved = { code: 'VALIDATION', message: RESERVED_EMAIL };

  it('no admin creates a person on it, nor moves one to it (400, nothing changed)', async () => {
    for (const email of [SCHEDULER_EMAIL, 'Other@AquaDesk.System', 'anyone@aquadesk.system']) {
      const res = await call('POST', '/api/users', admin, await person(email));
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject(reserved);
    }
    const made = await makeUser(ctx.db, ROLE.SALESMAN);
    const { password: _, ...body } = await person('anyone@aquadesk.system');
    const moved = await call('PUT', `/api/users/${made.id}`, admin, { ...body, name: made.name });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject(reserved);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, made.id));
    expect(after?.email).toBe(made.email);
  });

  it('nobody registers on it, and the refusal is in the reader’s language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Sneaky Person', email: 'helper@aquadesk.system', password: 'secret123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(reserved);
    const hindi = await call(
      'POST',
      '/api/users',
      { ...admin, 'accept-language': 'hi' } as H,
      await person(SCHEDULER_EMAIL),
    );
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().message).toBe('यह ईमेल पता सिस्टम के लिए आरक्षित है');
    const rows = await ctx.db.select().from(users).where(eq(users.email, 'helper@aquadesk.system'));
    expect(rows).toHaveLength(0);
  });
});
