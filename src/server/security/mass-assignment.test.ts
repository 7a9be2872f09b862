/**
 * R2: mass assignment and over-exposure. Every writable body of the endpoint table gets role,
 * roleId, regionId, status, salesApproved, assignedToId, requestedById, createdById, password and
 * id injected (where the endpoint does not take them legitimately); nothing of it may persist.
 * Every answer is scanned for hashes and secrets.
 */
import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { serviceRequests, workMedia } from '#server/db/schema/requests.ts';
import { createTestApp, makeUser, ROLE, TEST_PASSWORD, type TestContext } from '#server/test/app.ts';
import { createRoleBody } from '#shared/contracts/roles.ts';
import { updateRequestBody } from '#shared/contracts/service-requests.ts';
import { ENDPOINTS } from './endpoints.ts';
import { buildWorld, call, is2xx, leaksIn, type Persona, type Side, type World } from './fixtures.ts';

/** Optional fields an endpoint takes legitimately (beyond those its prepared body already holds). */
const LEGIT_OPTIONAL: Record<string, readonly string[]> = {
  'PATCH /api/service-requests/:id': Object.keys(updateRequestBody.shape),
  'POST /api/roles': Object.keys(createRoleBody.shape),
};

const INJECTED_ID = '0badc0de-0000-4000-8000-00000000beef';
const INJECTED_PASSWORD = 'injected-password-1';

let ctx: TestContext;
let w: World;
let bystander: { id: string };
let superAdminRoleId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildWorld(ctx);
  bystander = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: w.regions.other.id });
  superAdminRoleId = w.roleRows.find((r) => r.name === ROLE.SUPER_ADMIN)?.id as string;
}, 120_000);
afterAll(() => ctx.close());

function extras(): Record<string, unknown> {
  return {
    role: ROLE.SUPER_ADMIN,
    roleId: superAdminRoleId,
    regionId: w.regions.other.id,
    status: 'COMPLETED',
    salesApproved: true,
    needsSalesApproval: false,
    assignedToId: bystander.id,
    requestedById: bystander.id,
    createdById: bystander.id,
    approvedById: bystander.id,
    password: INJECTED_PASSWORD,
    passwordHash: 'x',
    id: INJECTED_ID,
    version: 999,
    immutable: false,
    policyRole: ROLE.SUPER_ADMIN,
    toUserId: bystander.id,
    senderId: bystander.id,
  };
}

/** Fields nobody may set through a body, checked across the whole database after every write. */
async function violations(before: Map<string, { hash: string; roleId: string; regionId: string | null }>) {
  const found: string[] = [];
  const idHits = await Promise.all([
    ctx.db.select({ id: users.id }).from(users).where(eq(users.id, INJECTED_ID)),
    ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.id, INJECTED_ID)),
    ctx.db.select({ id: serviceRequests.id }).from(serviceRequests).where(eq(serviceRequests.id, INJECTED_ID)),
    ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.id, INJECTED_ID)),
    ctx.db.select({ id: regions.id }).from(regions).where(eq(regions.id, INJECTED_ID)),
    ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.id, INJECTED_ID)),
    ctx.db.select({ id: workMedia.id }).from(workMedia).where(eq(workMedia.id, INJECTED_ID)),
  ]);
  if (idHits.some((rows) => rows.length > 0)) found.push('a row took the injected id');
  const byBystander = await ctx.db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(
      or(
        eq(serviceRequests.requestedById, bystander.id),
        eq(serviceRequests.assignedToId, bystander.id),
        eq(serviceRequests.approvedById, bystander.id),
      ),
    );
  if (byBystander.length) found.push(`${byBystander.length} request(s) name the injected user`);
  const madeBy = [
    ...(await ctx.db.select({ id: users.id }).from(users).where(eq(users.createdById, bystander.id))),
    ...(await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.createdById, bystander.id))),
  ];
  if (madeBy.length) found.push('a row names the injected creator');
  const toBystander = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(or(eq(notifications.toUserId, bystander.id), eq(notifications.senderId, bystander.id)));
  if (toBystander.length) found.push('a notification went to or came from the injected user');
  const now = await ctx.db
    .select({ id: users.id, hash: users.passwordHash, roleId: users.roleId, regionId: users.regionId })
    .from(users)
    .where(inArray(users.id, [...before.keys()]));
  for (const u of now) {
    const was = before.get(u.id);
    if (!was) continue;
    if (was.hash !== u.hash) found.push(`password of ${u.id} changed`);
    if (was.roleId !== u.roleId) found.push(`role of ${u.id} changed`);
    if (was.regionId !== u.regionId) found.push(`region of ${u.id} changed`);
  }
  return found;
}

async function snapshotUsers() {
  const rows = await ctx.db
    .select({ id: users.id, hash: users.passwordHash, roleId: users.roleId, regionId: users.regionId })
    .from(users);
  return new Map(rows.map((r) => [r.id, r]));
}

describe('R2: mass assignment', () => {
  it('every writable body with injected fields: 0 persisted, 0 leaked', async () => {
    const writes = ENDPOINTS.filter((e) => e.method !== 'GET');
    const report: string[] = [];
    let calls = 0;
    let injectedFields = 0;
    for (const ep of writes) {
      // The first persona (and cell) the policy table lets through, so the write really happens.
      let done = false;
      for (const p of w.personas) {
        for (const [region, record] of [
          ['own', 'own'],
          ['own', 'other'],
        ] as [Side, Side][]) {
          if (done) break;
          const prepared = await ep.prepare(ctx, w, p, region, record);
          if (prepared.expected !== 'ok') continue;
          if (Buffer.isBuffer(prepared.payload)) continue; // multipart: its fields are never read
          const body = (prepared.payload ?? {}) as Record<string, unknown>;
          const legit = LEGIT_OPTIONAL[`${ep.method} ${ep.route}`] ?? [];
          const added = Object.fromEntries(
            Object.entries(extras()).filter(([k]) => !(k in body) && !legit.includes(k)),
          );
          injectedFields += Object.keys(added).length;
          const before = await snapshotUsers();
          // The user a call legitimately changes (update user): its own row may change name and email only.
          const res = await call(ctx, p, ep.method, prepared.url, { ...body, ...added }, prepared.headers);
          calls++;
          if (!is2xx(res.statusCode))
            report.push(`${ep.name} as ${p.key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          const leaked = leaksIn(res.body);
          if (leaked.length) report.push(`${ep.name}: leaks ${leaked.join(', ')}`);
          for (const v of await violations(before)) report.push(`${ep.name} as ${p.key}: ${v}`);
          done = true;
        }
        if (done) break;
      }
      if (!done && !ep.name.startsWith('upload')) report.push(`${ep.name}: no persona may call it`);
    }
    console.info(`R2: ${calls} writes, ${injectedFields} injected fields: ${report.length} persisted or leaked`);
    expect(report).toEqual([]);
  }, 120_000);

  it('a Salesman cannot pre-approve, pre-assign or re-attribute the request they raise', async () => {
    const salesman = w.personas.find((p) => p.role === ROLE.SALESMAN) as Persona;
    const res = await call(ctx, salesman, 'POST', '/api/service-requests', {
      ...extras(),
      type: 'SERVICE',
      description: 'Injected request: please fix my filter',
      customerId: w.customer.own.id,
      regionId: w.regions.own.id,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, res.json().id));
    expect(row).toMatchObject({
      status: 'PENDING_APPROVAL',
      salesApproved: false,
      needsSalesApproval: true,
      requestedById: salesman.id,
      assignedToId: null,
      approvedById: null,
      version: 1,
    });
  });

  it('nobody raises their own role or hands out a role above theirs', async () => {
    const manager = w.personas.find((p) => p.role === ROLE.SERVICE_MANAGER) as Persona;
    const self = await call(ctx, manager, 'PUT', `/api/users/${manager.id}`, {
      name: 'Service Manager',
      email: manager.email,
      roleId: superAdminRoleId,
      regionId: manager.regionId,
    });
    expect(self.statusCode).toBe(403);
    const create = await call(ctx, manager, 'POST', '/api/users', {
      name: 'Escalated',
      email: 'escalated@test.local',
      password: 'secret123',
      roleId: superAdminRoleId,
      regionId: manager.regionId,
    });
    expect(create.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, manager.id));
    expect(row?.roleId).toBe(manager.roleId);
    const [nobody] = await ctx.db.select().from(users).where(eq(users.email, 'escalated@test.local'));
    expect(nobody).toBeUndefined();
  });

  it('self-registration (when open) always makes a Salesman, whatever the body says', async () => {
    const open = await createTestApp({ ALLOW_REGISTRATION: 'on' });
    try {
      const res = await open.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          ...extras(),
          name: 'Self Registered',
          email: 'self.registered@test.local',
          password: TEST_PASSWORD,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(leaksIn(res.body)).toEqual([]);
      expect(res.json().user.role.name).toBe(ROLE.SALESMAN);
      const [row] = await open.db.select().from(users).where(eq(users.email, 'self.registered@test.local'));
      expect(row?.id).not.toBe(INJECTED_ID);
      expect(row?.regionId).toBeNull();
      expect(row?.status).toBe('ACTIVE');
    } finally {
      await open.close();
    }
  });
});

describe('R2: over-exposure', () => {
  it('sign-in, refresh, me, users, hierarchy and audit answers carry no hash or secret', async () => {
    const admin = w.personas.find((p) => p.role === ROLE.SUPER_ADMIN) as Persona;
    const bodies: string[] = [];
    const loginRes = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    bodies.push(loginRes.body);
    const cookie = String(loginRes.headers['set-cookie']).split(';')[0] as string;
    bodies.push((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } })).body);
    for (const url of [
      '/api/auth/me',
      '/api/users?pageSize=100',
      '/api/users/my-hierarchy',
      '/api/users/my-subordinates',
      '/api/audit-log?pageSize=100',
      '/api/roles',
    ]) {
      bodies.push((await call(ctx, admin, 'GET', url)).body);
    }
    const leaked = bodies.flatMap(leaksIn);
    console.info(`R2 over-exposure: ${bodies.length} sensitive answers scanned, ${leaked.length} leaks`);
    expect(leaked).toEqual([]);
  });
});
