/**
 * R14: the audit trail. A scripted run of sign-ins, failed sign-ins, refusals of every kind
 * (capability 403, scope 404, workflow 403 and 409, bad bearer tokens 401 on protected routes)
 * and a change to each of users, roles, regions, customers and requests; the rows written must
 * match the events one for one, each with who, what, when and from where, and the trail must
 * refuse UPDATE and DELETE. Calls that must NOT write a row are in the script too (no token at
 * all, a bearer on a public route). Admins read it through GET /api/audit-log.
 */
import crypto from 'node:crypto';
import { eq, gt, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { users } from '#server/db/schema/people.ts';
import { TOKEN_REFUSALS_PER_MINUTE } from '#server/lib/refusal-audit.ts';
import { createTestApp, login, makeRequest, makeUser, ROLE, type TestContext } from '#tests/harness/app.ts';
import { buildWorld, call, type Persona, type World } from './fixtures.ts';

let ctx: TestContext;
let w: World;
const persona = (role: string) => w.personas.find((p) => p.role === role) as Persona;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildWorld(ctx);
}, 120_000);
afterAll(() => ctx.close());

const IP = '203.0.113.45';

describe('R14: the audit trail', () => {
  it('every sign-in, failed sign-in, refusal and change leaves exactly one row with who, what, when, where', async () => {
    const [{ last } = { last: 0 }] = await ctx.db
      .select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog);
    const expected = new Map<string, number>();
    const expect1 = (action: string, outcome = 'ok') =>
      expected.set(`${action}/${outcome}`, (expected.get(`${action}/${outcome}`) ?? 0) + 1);
    const as = (p: Persona, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      ctx.app.inject({
        method,
        url,
        headers: { ...p.headers },
        remoteAddress: IP,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const ok = async (p: Persona, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
      const res = await as(p, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };

    // Sign-ins and failed sign-ins.
    const someone = await makeUser(ctx.db, ROLE.SALESMAN, { regionId: w.regions.own.id });
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: someone.email, password: 'secret123' },
        remoteAddress: IP,
      });
      expect(res.statusCode).toBe(200);
      expect1('auth.login');
    }
    for (const email of [someone.email, someone.email, 'nobody.at.all@test.local']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: IP,
      });
      expect(res.statusCode).toBe(401);
      expect1('auth.login', 'failed');
    }

    // Refusals: capability (guard), scope (404), workflow wrong role (403) and wrong moment (409).
    const salesman = persona(ROLE.SALESMAN);
    expect((await as(salesman, 'GET', '/api/roles')).statusCode).toBe(403);
    expect1('access.denied', 'denied');
    const far = await makeRequest(ctx.db, {
      customerId: w.customer.other.id,
      regionId: w.regions.other.id,
      requestedById: w.requester.other.id,
    });
    expect((await as(persona(ROLE.SERVICE_TEAM_LEAD), 'GET', `/api/service-requests/${far.id}`)).statusCode).toBe(404);
    expect1('access.not_found', 'denied');
    const near = await makeRequest(ctx.db, {
      customerId: w.customer.own.id,
      regionId: w.regions.own.id,
      requestedById: w.requester.own.id,
      status: 'APPROVED',
    });
    expect(
      (await as(persona(ROLE.SERVICE_TEAM_LEAD), 'POST', `/api/service-requests/${near.id}/auto-assign`)).statusCode,
    ).toBe(403);
    expect1('access.denied', 'denied');
    expect(
      (await as(persona(ROLE.SERVICE_MANAGER), 'POST', `/api/service-requests/${near.id}/service-approve`, {}))
        .statusCode,
    ).toBe(409);
    expect1('request.refused', 'denied');

    // Bad bearer tokens on protected routes (401): forged, expired, garbage, a deactivated user's.
    const bad = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: IP,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-1234');
    const expired = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(someone.id)
      .setIssuer('aquadesk')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(someone.id)
      .setIssuer('aquadesk')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const gone = await makeUser(ctx.db, ROLE.SALESMAN, { regionId: w.regions.own.id });
    const goneLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: gone.email, password: 'secret123' },
      remoteAddress: IP,
    });
    const goneToken = goneLogin.json().accessToken as string;
    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, gone.id));
    // That login was an event too.
    expect1('auth.login');
    const refused: [string, 'GET' | 'POST', string, unknown?][] = [
      ['not-a-token', 'GET', '/api/service-requests'],
      [expired, 'GET', '/api/auth/me'],
      [forged, 'POST', '/api/auth/change-password', { currentPassword: 'secret123', newPassword: 'another-one-9' }],
      [goneToken, 'GET', '/api/customers'],
      ['not-a-token', 'GET', '/api/notifications/stream'],
    ];
    for (const [token, method, url, payload] of refused) {
      expect((await bad(token, method, url, payload)).statusCode, url).toBe(401);
      expect1('auth.token_refused', 'denied');
    }
    // No row: no token at all (every signed-out page load), and a bearer on a public route.
    const none = await ctx.app.inject({ method: 'GET', url: '/api/service-requests', remoteAddress: IP });
    expect(none.statusCode).toBe(401);
    expect((await bad('not-a-token', 'POST', '/api/auth/refresh', {})).statusCode).toBe(401);

    // A change to each kind of record.
    const admin = persona(ROLE.SUPER_ADMIN);
    const region = await ok(admin, 'POST', '/api/regions', { name: 'Audit Region' });
    await ok(admin, 'PUT', `/api/regions/${region.id}`, { name: 'Audit Region Renamed' });
    await ok(admin, 'DELETE', `/api/regions/${region.id}`);
    for (const a of ['region.create', 'region.update', 'region.delete']) expect1(a);
    const role = await ok(admin, 'POST', '/api/roles', { name: 'Audit Role' });
    await ok(admin, 'PUT', `/api/roles/${role.id}`, { name: 'Audit Role Renamed' });
    await ok(admin, 'DELETE', `/api/roles/${role.id}`);
    for (const a of ['role.create', 'role.update', 'role.delete']) expect1(a);
    const customerBody = {
      name: 'Audit Customer',
      address: '4 Audit Lane, Mylapore',
      primaryPhone: '9123456780',
      regionId: w.regions.own.id,
    };
    const customer = await ok(admin, 'POST', '/api/customers', customerBody);
    await ok(admin, 'PUT', `/api/customers/${customer.id}`, { ...customerBody, name: 'Audit Customer Renamed' });
    await ok(admin, 'PUT', `/api/customers/update-location/${customer.id}`, { latitude: 13, longitude: 80 });
    await ok(admin, 'DELETE', `/api/customers/${customer.id}`);
    for (const a of ['customer.create', 'customer.update', 'customer.update_location', 'customer.delete']) expect1(a);
    const techRole = w.roleRows.find((r) => r.name === ROLE.TECHNICIAN)?.id as string;
    const user = await ok(admin, 'POST', '/api/users', {
      name: 'Audit Technician',
      email: 'audit.tech@test.local',
      password: 'secret123',
      roleId: techRole,
      regionId: w.regions.own.id,
    });
    await ok(admin, 'PUT', `/api/users/${user.id}`, {
      name: 'Audit Technician Renamed',
      email: 'audit.tech@test.local',
      roleId: techRole,
      regionId: w.regions.own.id,
    });
    await ok(admin, 'POST', `/api/users/${user.id}/sign-out-everywhere`);
    await ok(admin, 'DELETE', `/api/users/${user.id}`);
    for (const a of ['user.create', 'user.update', 'user.sign_out_everywhere', 'user.deactivate']) expect1(a);
    const manager = persona(ROLE.SERVICE_MANAGER);
    const tech = persona(ROLE.TECHNICIAN);
    const request = await ok(manager, 'POST', '/api/service-requests', {
      type: 'COMPLAINT',
      description: 'Audit trail: water tastes of chlorine',
      customerId: w.customer.own.id,
      regionId: w.regions.own.id,
    });
    await ok(manager, 'PATCH', `/api/service-requests/${request.id}`, { description: 'Audit trail: edited text' });
    // Nobody approves their own request: the team lead approves the manager's.
    await ok(persona(ROLE.SERVICE_TEAM_LEAD), 'POST', `/api/service-requests/${request.id}/service-approve`, {});
    await ok(manager, 'POST', `/api/service-requests/${request.id}/manual-assign`, { technicianId: tech.id });
    await ok(tech, 'POST', '/api/technician-workflow/start', { requestId: request.id });
    await ok(tech, 'POST', '/api/technician-workflow/stop', { requestId: request.id, notes: 'Done' });
    await ok(manager, 'PATCH', `/api/service-requests/${request.id}/acknowledge`, {});
    for (const a of [
      'request.create',
      'request.update',
      'request.service_approve',
      'request.assign',
      'request.start_work',
      'request.complete_work',
      'request.acknowledge',
    ])
      expect1(a);

    const rows = await ctx.db.select().from(auditLog).where(gt(auditLog.id, last));
    const got = new Map<string, number>();
    for (const r of rows) got.set(`${r.action}/${r.outcome}`, (got.get(`${r.action}/${r.outcome}`) ?? 0) + 1);
    const events = [...expected.values()].reduce((a, b) => a + b, 0);
    console.info(`R14: ${events} events, ${rows.length} audit rows`);
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
    for (const r of rows) {
      expect(r.at, `${r.action} when`).toBeInstanceOf(Date);
      expect(r.ip, `${r.action} where`).toBe(IP);
      if (r.action === 'auth.token_refused') {
        // Who is unknown for a forged or expired token; known (verified) when the session ended.
        const reason = (r.details as { reason?: string }).reason;
        expect(reason === 'invalid' ? r.actorId : r.actorId === gone.id, `${r.action} who`).toBe(
          reason === 'invalid' ? null : true,
        );
        continue;
      }
      expect(r.actorId ?? r.actorEmail, `${r.action} who`).toBeTruthy();
    }
    expect(
      rows
        .filter((r) => r.action === 'auth.token_refused')
        .map((r) => (r.details as { reason: string }).reason)
        .sort(),
    ).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'session_ended']);
  }, 120_000);

  it(`bad tokens from one address: at most ${TOKEN_REFUSALS_PER_MINUTE} rows a minute, the rest refused all the same`, async () => {
    const flood = '198.51.100.77';
    const count = async (ip: string) => {
      const [r] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(sql`${auditLog.ip} = ${ip} and ${auditLog.action} = 'auth.token_refused'`);
      return Number(r?.n ?? 0);
    };
    const statuses = new Set<number>();
    for (let i = 0; i < TOKEN_REFUSALS_PER_MINUTE + 10; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer forged.${i}.token` },
        remoteAddress: flood,
      });
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([401]);
    // The limit can straddle a minute boundary: then the next minute's rows start again.
    const n = await count(flood);
    expect(
      n === TOKEN_REFUSALS_PER_MINUTE || (n > TOKEN_REFUSALS_PER_MINUTE && n <= 2 * TOKEN_REFUSALS_PER_MINUTE),
    ).toBe(true);
    // Another address is not affected.
    await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer forged' },
      remoteAddress: '198.51.100.78',
    });
    expect(await count('198.51.100.78')).toBe(1);
  });

  it('the trail is append-only: UPDATE and DELETE are refused by the database', async () => {
    await expect(ctx.db.execute(sql`UPDATE audit_log SET action = 'tampered'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });

  it('admins read it in the app; nobody else', async () => {
    const admin = persona(ROLE.SERVICE_ADMIN);
    const res = await call(ctx, admin, 'GET', '/api/audit-log?outcome=denied&pageSize=50');
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.json()[0]).toMatchObject({ outcome: 'denied' });
    expect((await call(ctx, persona(ROLE.SERVICE_MANAGER), 'GET', '/api/audit-log')).statusCode).toBe(403);
    // The session of the persona still works (the login in the first test used another user).
    expect((await login(ctx.app, persona(ROLE.SALES_ADMIN).email)).token).toBeTruthy();
  });
});
