/**
 * R1: the authorization matrix. Every endpoint of endpoints.ts × 12 personas (nine roles, a
 * Salesman and a Technician without a region, and a signed-out caller) × own/other region × own/other record, the expected answer computed from
 * the shared policy table; and every list checked for exactly the rows the persona may see.
 * Every response body is also scanned for hashes and secrets (R2, over-exposure) and, on the unit
 * routes, for the embedded requests the persona may not read (issue 31, item 2), and every JSON
 * answer must say `Cache-Control: no-store` (issue 15, item 11).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { MY_TASK_STATUSES } from '#shared/contracts/technicians.ts';
import { hasCapability, regionlessReach } from '#shared/domain/permissions.ts';
import { assignableRoleIds, descendantIds, ROLE } from '#shared/domain/roles.ts';
import { createTestApp, makeRequest, type TestContext } from '#tests/harness/app.ts';
import { ENDPOINTS, type Expected } from './endpoints.ts';
import {
  buildWorld,
  call,
  is2xx,
  leaksIn,
  notificationFor,
  type Persona,
  type Side,
  sees,
  seesRegional,
  type World,
} from './fixtures.ts';

let ctx: TestContext;
let w: World;

beforeAll(async () => {
  // A public address (stickers print only with one) and no address limit on the public routes:
  // every persona's cell is one more attempt from the same test address.
  ctx = await createTestApp({ PUBLIC_URL: 'https://service.example.com', PUBLIC_ATTEMPTS_PER_IP_HOUR: '100000' });
  w = await buildWorld(ctx);
  // Requests every scope rule can tell apart: raised by each persona, and by others, in both regions.
  for (const side of ['own', 'other'] as Side[]) {
    const region = w.regions[side].id;
    const customerId = w.customer[side].id;
    for (const p of [...w.personas, ...w.regionless]) {
      await makeRequest(ctx.db, { customerId, regionId: region, requestedById: p.id });
    }
    const technician = w.personas.find((p) => p.role === ROLE.TECHNICIAN) as Persona;
    await makeRequest(ctx.db, {
      customerId,
      regionId: region,
      requestedById: w.requester[side].id,
      assignedToId: technician.id,
      status: 'IN_PROGRESS',
    });
    await makeRequest(ctx.db, {
      customerId,
      regionId: region,
      requestedById: w.salesman[side].id,
      assignedToId: w.tech[side].id,
      status: 'COMPLETED',
    });
    await makeRequest(ctx.db, { customerId, regionId: region, requestedById: w.salesman[side].id });
  }
  for (const p of w.personas.slice(0, 4)) await notificationFor(ctx, p.id);
  await notificationFor(ctx, w.requester.own.id);
}, 120_000);
afterAll(() => ctx.close());

const ids = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));

function diff(expected: Set<string>, got: Set<string>) {
  return {
    extra: [...got].filter((id) => !expected.has(id)),
    missing: [...expected].filter((id) => !got.has(id)),
  };
}

describe('R1: every list holds exactly the rows the persona may see', () => {
  it('requests, customers, users, notifications, tasks, regions, roles, subordinates, dashboard totals', async () => {
    const allRequests = await ctx.db.select().from(serviceRequests);
    const allCustomers = await ctx.db.select().from(customers);
    const allUsers = await ctx.db.select().from(users);
    const allNotifications = await ctx.db.select().from(notifications);
    const allRegions = await ctx.db.select({ id: regions.id }).from(regions);
    const allRoles = await ctx.db.select({ id: roles.id }).from(roles);
    expect(allRequests.length).toBeLessThan(100);

    let extra = 0;
    let missing = 0;
    let lists = 0;
    const problems: string[] = [];
    const check = async (p: Persona, url: string, expected: Set<string>, totalHeader = true) => {
      const res = await call(ctx, p, 'GET', url);
      expect(res.statusCode, `${p.key} GET ${url}`).toBe(200);
      const got = ids(res.json());
      const d = diff(expected, got);
      lists++;
      extra += d.extra.length;
      missing += d.missing.length;
      if (d.extra.length || d.missing.length) problems.push(`${p.key} ${url}: +${d.extra.length} -${d.missing.length}`);
      if (totalHeader) expect(Number(res.headers['x-total-count']), `${p.key} ${url} total`).toBe(expected.size);
    };

    for (const p of [...w.personas, ...w.regionless]) {
      const role = p.role as (typeof ROLE)[keyof typeof ROLE];
      const visibleRequests = allRequests.filter((r) => sees(p, r));
      if (hasCapability(role, 'requestList')) {
        await check(p, '/api/service-requests?pageSize=100', ids(visibleRequests));
      }
      if (hasCapability(role, 'dashboard')) {
        const res = await call(ctx, p, 'GET', '/api/service-requests/dashboard/stats');
        expect(res.json().totalRequests, `${p.key} dashboard total`).toBe(visibleRequests.length);
        for (const r of res.json().recentRequests as { id: string }[]) {
          if (!visibleRequests.some((v) => v.id === r.id)) {
            extra++;
            problems.push(`${p.key} dashboard recent: ${r.id}`);
          }
        }
      }
      if (hasCapability(role, 'customerRead')) {
        await check(p, '/api/customers?pageSize=100', ids(allCustomers.filter((c) => seesRegional(p, c.regionId))));
      }
      if (hasCapability(role, 'customerHistory')) {
        const res = await call(ctx, p, 'GET', `/api/customers/${w.customer.own.id}/history`);
        const got = ids(res.json().serviceHistory);
        const d = diff(ids(allRequests.filter((r) => r.customerId === w.customer.own.id)), got);
        lists++;
        extra += d.extra.length;
        missing += d.missing.length;
      }
      if (hasCapability(role, 'userManage')) {
        const mayAssign = assignableRoleIds(w.roleRows, { roleId: p.roleId, policyRole: role });
        await check(
          p,
          '/api/users?pageSize=100',
          ids(
            allUsers.filter((u) => u.status !== 'INACTIVE' && mayAssign.has(u.roleId) && seesRegional(p, u.regionId)),
          ),
        );
      }
      const below = descendantIds(w.roleRows, p.roleId);
      await check(
        p,
        '/api/users/my-subordinates',
        ids(
          allUsers.filter(
            (u) =>
              u.status === 'ACTIVE' &&
              below.has(u.roleId) &&
              (p.regionId ? u.regionId === p.regionId : regionlessReach(role) === 'all'),
          ),
        ),
      );
      await check(p, '/api/notifications?pageSize=100', ids(allNotifications.filter((n) => n.toUserId === p.id)));
      if (hasCapability(role, 'technicianTasks')) {
        const mine = allRequests.filter((r) => r.assignedToId === p.id);
        await check(
          p,
          '/api/technicians/my-tasks',
          ids(mine.filter((r) => (MY_TASK_STATUSES as readonly string[]).includes(r.status))),
        );
        await check(p, '/api/technicians/task-history?pageSize=100', ids(mine));
      }
      if (hasCapability(role, 'regionRead')) await check(p, '/api/regions', ids(allRegions));
      if (hasCapability(role, 'roleManage')) await check(p, '/api/roles', ids(allRoles));
      if (hasCapability(role, 'auditRead')) {
        const res = await call(ctx, p, 'GET', '/api/audit-log?pageSize=1');
        const [n] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
        expect(Number(res.headers['x-total-count'])).toBe(n?.n);
        lists++;
      }
    }
    console.info(`R1 lists: ${lists} lists checked, ${extra} extra rows, ${missing} missing rows`);
    expect(problems).toEqual([]);
    expect(extra).toBe(0);
    expect(missing).toBe(0);
  }, 120_000);
});

describe('R1: endpoint × persona × region × record', () => {
  it('0 unexpected 2xx, 0 missing grants, every refusal the policy table predicts, 0 leaked secrets', async () => {
    const personas = [...w.personas, ...w.regionless, w.signedOut];
    let cells = 0;
    let unexpected2xx = 0;
    let missingGrants = 0;
    let wrongRefusal = 0;
    let unverified = 0;
    let leaks = 0;
    // Issue 15, item 11: every JSON answer of the API (grants and refusals alike) says no-store.
    let json = 0;
    let cacheable = 0;
    const problems: string[] = [];
    const show = (e: Expected) => (e === 'ok' ? '2xx' : e.join('/'));

    for (const ep of ENDPOINTS) {
      for (const p of personas) {
        for (const region of (ep.dims.region ? ['own', 'other'] : ['own']) as Side[]) {
          const records = (ep.dims.record ? (p.role ? ['own', 'other'] : ['other']) : ['other']) as Side[];
          for (const record of records) {
            const prepared = await ep.prepare(ctx, w, p, region, record);
            const res = await call(ctx, p, ep.method, prepared.url, prepared.payload, prepared.headers);
            cells++;
            const where = `${ep.name} | ${p.key} | region ${region} | record ${record}`;
            const leaked = leaksIn(res.body);
            // A unit route's embedded requests the persona may not read (issue 31, item 2).
            for (const id of prepared.hidden ?? []) if (res.body.includes(id)) leaked.push(`request ${id}`);
            if (leaked.length) {
              leaks++;
              problems.push(`${where}: leaks ${leaked.join(', ')}`);
            }
            if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body}`);
            if (String(res.headers['content-type']).startsWith('application/json')) {
              json++;
              if (res.headers['cache-control'] !== 'no-store') {
                cacheable++;
                problems.push(`${where}: ${res.statusCode} JSON with cache-control ${res.headers['cache-control']}`);
              }
            }
            if (prepared.expected === 'ok') {
              if (!is2xx(res.statusCode)) {
                missingGrants++;
                problems.push(`${where}: expected 2xx, got ${res.statusCode} ${res.body.slice(0, 160)}`);
              } else if (prepared.verify && !(await prepared.verify())) {
                unverified++;
                problems.push(`${where}: 2xx but the database does not show the change`);
              }
            } else if (is2xx(res.statusCode)) {
              unexpected2xx++;
              problems.push(`${where}: expected ${show(prepared.expected)}, got ${res.statusCode}`);
            } else if (!prepared.expected.includes(res.statusCode)) {
              wrongRefusal++;
              problems.push(
                `${where}: expected ${show(prepared.expected)}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    console.info(
      `R1 matrix: ${ENDPOINTS.length} endpoints, ${cells} cells: ${unexpected2xx} unexpected 2xx, ` +
        `${missingGrants} missing grants, ${wrongRefusal} wrong refusal codes, ${unverified} unverified writes, ${leaks} leaks; ` +
        `${json} JSON answers, ${cacheable} without Cache-Control: no-store`,
    );
    expect(problems.slice(0, 40)).toEqual([]);
    expect({ unexpected2xx, missingGrants, wrongRefusal, unverified, leaks, cacheable }).toEqual({
      unexpected2xx: 0,
      missingGrants: 0,
      wrongRefusal: 0,
      unverified: 0,
      leaks: 0,
      cacheable: 0,
    });
  }, 300_000);

  it('a refused capability leaves an access.denied row', async () => {
    const salesman = w.personas.find((p) => p.role === ROLE.SALESMAN) as Persona;
    const before = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, salesman.id));
    const res = await call(ctx, salesman, 'GET', '/api/roles');
    expect(res.statusCode).toBe(403);
    const after = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, salesman.id));
    expect(after.filter((a) => a.action === 'access.denied').length).toBe(
      before.filter((a) => a.action === 'access.denied').length + 1,
    );
  });
});
