/**
 * The demo seed (docs/product-rules.md R-34): exactly the fixed accounts and regions, requests in
 * every status, and the state the workflow would have left (each technician's last assignment).
 */
import { and, eq, inArray, isNotNull, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_REGIONS, seed } from '#server/db/seed/seed.ts';
import { REQUEST_STATUSES } from '#shared/domain/workflow.ts';
import { createTestApp, login, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seed(ctx.db, { demo: true });
});
afterAll(() => ctx.close());

describe('the demo seed', () => {
  it('creates exactly the demo regions and accounts of docs/product-rules.md R-34', async () => {
    const regionRows = await ctx.db.select({ name: regions.name }).from(regions);
    expect(regionRows.map((r) => r.name).sort()).toEqual([...DEMO_REGIONS].sort());
    const rows = await ctx.db
      .select({ email: users.email, role: roles.name, region: regions.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(regions, eq(regions.id, users.regionId));
    const expected = [
      ['admin@demo.test', 'Super Admin', null],
      ['service.admin@demo.test', 'Service Admin', null],
      ['sales.admin@demo.test', 'Sales Admin', null],
      ['service.manager@demo.test', 'Service Manager', 'Chennai'],
      ['sales.manager@demo.test', 'Sales Manager', 'Chennai'],
      ['service.lead@demo.test', 'Service Team Lead', 'Chennai'],
      ['sales.lead@demo.test', 'Sales Team Lead', 'Chennai'],
      ['tech@demo.test', 'Technician', 'Chennai'],
      ['tech2@demo.test', 'Technician', 'Chennai'],
      ['tech.blr@demo.test', 'Technician', 'Bengaluru'],
      ['service.manager.blr@demo.test', 'Service Manager', 'Bengaluru'],
      ['sales@demo.test', 'Salesman', 'Chennai'],
    ];
    expect(rows.map((r) => [r.email, r.role, r.region]).sort()).toEqual(expected.sort());
    expect(DEMO_ACCOUNTS).toHaveLength(expected.length);
  });

  it('has requests in every status', async () => {
    const statuses = await ctx.db.selectDistinct({ status: serviceRequests.status }).from(serviceRequests);
    expect(statuses.map((s) => s.status).sort()).toEqual([...REQUEST_STATUSES].sort());
  });

  it('numbers the demo tickets in the order the requests were raised (ADR 020)', async () => {
    const rows = await ctx.db
      .select({ ticketNo: serviceRequests.ticketNo, createdAt: serviceRequests.createdAt })
      .from(serviceRequests);
    const byTicket = [...rows].sort((a, b) => a.ticketNo - b.ticketNo).map((r) => r.createdAt.getTime());
    expect(byTicket.length).toBeGreaterThan(5);
    expect(byTicket).toEqual([...byTicket].sort((a, b) => a - b));
  });

  it('records each technician’s latest assignment, which auto-assign uses to break ties', async () => {
    const latest = await ctx.db
      .select({ id: serviceRequests.assignedToId, at: max(serviceRequests.assignedAt) })
      .from(serviceRequests)
      .where(isNotNull(serviceRequests.assignedToId))
      .groupBy(serviceRequests.assignedToId);
    expect(latest.length).toBeGreaterThan(0);
    for (const t of latest) {
      const [u] = await ctx.db
        .select({ at: users.lastAssignedAt })
        .from(users)
        .where(eq(users.id, t.id as string));
      expect(u?.at?.getTime()).toBe(t.at?.getTime());
    }
  });

  it('has an installed base (issue 21): four products, units due this week and overdue, an AMC ending within 30 days', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const productList = await ctx.app.inject({ method: 'GET', url: '/api/products', headers: admin.headers });
    expect(productList.json().map((p: { brand: string }) => p.brand)).toEqual([
      'AquaVeda',
      'Jalsuddhi',
      'Kaveri',
      'Neervana',
    ]);
    const due = (
      await ctx.app.inject({ method: 'GET', url: '/api/maintenance/due?within=7', headers: admin.headers })
    ).json();
    const states = new Set(due.map((d: { state: string }) => d.state));
    expect(states).toEqual(new Set(['OVERDUE', 'DUE_SOON']));
    const expiring = await ctx.app.inject({
      method: 'GET',
      url: '/api/contracts/expiring?within=30',
      headers: admin.headers,
    });
    expect(expiring.json().some((c: { type: string }) => c.type === 'AMC')).toBe(true);
  });
});

describe('with the demo off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off.close());

  it('creates only the first Super Admin from ADMIN_EMAIL/ADMIN_PASSWORD, once, and they can sign in', async () => {
    const opts = { demo: false, adminEmail: ' Owner@Example.COM ', adminPassword: 'a-long-password-1' };
    await seed(off.db, opts);
    await seed(off.db, opts);
    const rows = await off.db
      .select({ email: users.email, role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId));
    expect(rows).toEqual([{ email: 'owner@example.com', role: 'Super Admin' }]);
    expect(await off.db.select().from(regions)).toEqual([]);
    expect(await off.db.select().from(serviceRequests)).toEqual([]);

    const login = await off.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@example.com', password: 'a-long-password-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({
      email: 'owner@example.com',
      role: { name: 'Super Admin' },
      region: null,
    });
    // The nine system roles are there for the first admin to hand out.
    expect((await off.db.select().from(roles)).filter((r) => r.immutable)).toHaveLength(9);
  });
});

describe('a demo database restarted with DEMO=off (issue 15, item 1)', () => {
  let t: TestContext;
  const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
  const off = { demo: false, adminEmail: 'owner@example.com', adminPassword: 'a-long-password-1' };
  beforeAll(async () => {
    // The app as the tour serves it (DEMO on); the restarts below are the seed with DEMO off.
    t = await createTestApp({ DEMO: 'on' });
    await seed(t.db, { demo: true });
  });
  afterAll(() => t.close());

  it('a production start with active demo accounts warns loudly, at every start', async () => {
    const warnings: string[] = [];
    const opts = { demo: true, production: true, warn: (m: string) => warnings.push(m) };
    await seed(t.db, opts);
    await seed(t.db, opts);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/12 demo accounts.*demo1234.*DEMO=off/);
    // Not in development.
    await seed(t.db, { demo: true, production: false, warn: (m: string) => warnings.push(m) });
    expect(warnings).toHaveLength(2);
  });

  it('deactivates every demo account (audited, sessions ended), and creates ADMIN_EMAIL on the non-empty database', async () => {
    const before = await login(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const logs: string[] = [];
    await seed(t.db, { ...off, log: (m) => logs.push(m) });

    const demo = await t.db
      .select({ email: users.email, status: users.status })
      .from(users)
      .where(inArray(users.email, demoEmails));
    expect(demo).toHaveLength(12);
    expect(demo.every((u) => u.status === 'INACTIVE')).toBe(true);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.deactivate'), eq(auditLog.entityType, 'user')));
    expect(rows).toHaveLength(12);
    expect(rows[0]?.details).toMatchObject({ reason: 'DEMO=off' });
    expect(logs.join('\n')).toMatch(/Deactivated 12 demo accounts/);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: before.headers });
    expect(me.statusCode).toBe(401);

    const owner = await login(t.app, 'owner@example.com', 'a-long-password-1');
    expect(owner.user.role.name).toBe('Super Admin');
    // The data stays: the new admin takes over the shop.
    expect((await t.db.select().from(serviceRequests)).length).toBeGreaterThan(0);
  });

  it('a second start changes nothing: no new audit rows, the admin is not duplicated nor re-passworded, no warning', async () => {
    const warnings: string[] = [];
    await seed(t.db, { ...off, adminPassword: 'another-password-2', production: true, warn: (m) => warnings.push(m) });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.deactivate'));
    expect(rows).toHaveLength(12);
    expect(await t.db.select().from(users).where(eq(users.email, 'owner@example.com'))).toHaveLength(1);
    await login(t.app, 'owner@example.com', 'a-long-password-1');
    expect(warnings).toEqual([]);
  });

  it('with the demo off, a demo account set active again is still refused at sign-in', async () => {
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, 'tech@demo.test'));
    const offApp = await buildApp({
      config: { ...t.config, DEMO: false },
      database: t.database,
      secret: 'test-secret-test-secret-test-secret-1234',
      logger: false,
    });
    const res = await offApp.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'tech@demo.test', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    await offApp.close();
    // The same account, the same database, the demo on: it signs in (the refusal is DEMO=off's).
    await login(t.app, 'tech@demo.test', DEMO_PASSWORD);
    await t.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.email, 'tech@demo.test'));
  });
});
