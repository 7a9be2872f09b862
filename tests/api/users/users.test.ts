import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { roles, users } from '#server/db/schema/people.ts';
import { USER_MESSAGES } from '#shared/contracts/users.ts';
import {
  createTestApp,
  login,
  makeRegion,
  makeUser,
  ROLE,
  roleId,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
let chennai: { id: string; name: string };
let bengaluru: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestApp();
  chennai = await makeRegion(ctx.db, 'Chennai');
  bengaluru = await makeRegion(ctx.db, 'Bengaluru');
});
afterAll(() => ctx.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const newUser = async (role: string, extra: Record<string, unknown> = {}) => ({
  name: 'New Person',
  email: `new.${crypto.randomUUID().slice(0, 8)}@test.local`,
  password: 'secret123',
  phone: '9876543210',
  roleId: await roleId(ctx.db, role),
  regionId: null,
  ...extra,
});

async function auditRows(action: string, entityId: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

describe('GET /api/users', () => {
  it('refuses roles without User Management (403)', async () => {
    for (const role of [ROLE.TECHNICIAN, ROLE.SALESMAN]) {
      const s = await signedIn(ctx, role, { regionId: chennai.id });
      const res = await get('/api/users', s.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    }
  });

  it('pages on the server with X-Total-Count and searches name or email', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const tag = crypto.randomUUID().slice(0, 6);
    for (let i = 0; i < 12; i++) {
      await makeUser(ctx.db, ROLE.TECHNICIAN, {
        name: `Zed ${tag} ${String(i).padStart(2, '0')}`,
        regionId: chennai.id,
      });
    }
    await makeUser(ctx.db, ROLE.SALESMAN, { name: 'Someone Else', email: `mail.${tag}@test.local` });

    const page1 = await get(`/api/users?search=${tag}&pageSize=10`, admin.headers);
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-total-count']).toBe('13');
    expect(page1.json()).toHaveLength(10);
    const page2 = await get(`/api/users?search=${tag}&pageSize=10&page=2`, admin.headers);
    expect(page2.json()).toHaveLength(3);
    const names = [...page1.json(), ...page2.json()].map((u: { name: string }) => u.name);
    expect(new Set(names).size).toBe(13);
    expect(names[0]).toBe('Someone Else');
    expect(names.slice(1)).toEqual([...names.slice(1)].sort());

    const byEmail = await get(`/api/users?search=MAIL.${tag}`, admin.headers);
    expect(byEmail.headers['x-total-count']).toBe('1');
    expect(byEmail.json()[0]).toMatchObject({ name: 'Someone Else', role: { name: 'Salesman' }, region: null });
    expect(byEmail.body).not.toMatch(/password/i);

    const first = page1.json()[1];
    expect(first).toMatchObject({ role: { name: 'Technician' }, region: { name: 'Chennai' }, status: 'ACTIVE' });
  });

  it('shows a regional manager only the users they may assign, in their region', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { name: `T ${tag}`, regionId: chennai.id });
    const lead = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { name: `L ${tag}`, regionId: chennai.id });
    await makeUser(ctx.db, ROLE.TECHNICIAN, { name: `Far ${tag}`, regionId: bengaluru.id });
    await makeUser(ctx.db, ROLE.SALESMAN, { name: `S ${tag}`, regionId: chennai.id });
    await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { name: `Peer ${tag}`, regionId: chennai.id });

    const res = await get(`/api/users?search=${tag}&pageSize=50`, mgr.headers);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([tech.id, lead.id].sort());
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('answers 404 for a user outside the caller’s scope, and for one whose role they may not assign', async () => {
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const far = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: bengaluru.id });
    const peer = await makeUser(ctx.db, ROLE.SALES_MANAGER, { regionId: chennai.id });
    const near = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: chennai.id });
    expect((await get(`/api/users/${far.id}`, mgr.headers)).json()).toEqual({
      message: 'User not found',
      code: 'NOT_FOUND',
    });
    expect((await get(`/api/users/${peer.id}`, mgr.headers)).statusCode).toBe(404);
    const ok = await get(`/api/users/${near.id}`, mgr.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: near.id, email: near.email, role: { name: 'Technician' } });
  });
});

describe('POST /api/users', () => {
  it('creates a user, takes createdById from the token and writes an audit row', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const other = await makeUser(ctx.db, ROLE.SALES_ADMIN);
    const body = await newUser(ROLE.SERVICE_MANAGER, { regionId: chennai.id, createdById: other.id });
    const res = await send('POST', '/api/users', admin.headers, { ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'New Person',
      email: body.email,
      phone: '9876543210',
      role: { name: 'Service Manager' },
      region: { name: 'Chennai' },
      status: 'ACTIVE',
    });
    expect(res.body).not.toMatch(/password/i);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(row?.createdById).toBe(admin.user.id);
    expect(await auditRows('user.create', created.id)).toHaveLength(1);
    // The new account can sign in.
    const s = await login(ctx.app, body.email, 'secret123');
    expect(s.user.role.name).toBe('Service Manager');
  });

  it('answers 400 with the spec’s messages', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const empty = await send('POST', '/api/users', admin.headers, { name: '', email: '', password: '', roleId: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Email is required' },
        { path: 'password', message: 'Password is required' },
        { path: 'roleId', message: 'Role is required' },
      ]),
    );
    const missing = await send('POST', '/api/users', admin.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(expect.arrayContaining([{ path: 'roleId', message: 'Role is required' }]));
    const short = await send('POST', '/api/users', admin.headers, {
      ...(await newUser(ROLE.TECHNICIAN)),
      name: 'A',
      email: 'nope',
      password: '123',
    });
    expect(short.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'email', message: 'Invalid email' },
        { path: 'password', message: 'Password must be at least 6 characters' },
      ]),
    );
  });

  it('refuses a Service Admin creating a Super Admin or a sales role (403), and creates nothing', async () => {
    const sa = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    for (const role of [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SALES_MANAGER]) {
      const body = await newUser(role);
      const res = await send('POST', '/api/users', sa.headers, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: USER_MESSAGES.roleNotAssignable, code: 'FORBIDDEN' });
      expect(await ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    }
    const ok = await send('POST', '/api/users', sa.headers, await newUser(ROLE.SERVICE_MANAGER));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses roles without User Management (403)', async () => {
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    const res = await send('POST', '/api/users', tech.headers, await newUser(ROLE.TECHNICIAN));
    expect(res.statusCode).toBe(403);
  });

  it('answers 409 for a duplicate email, whatever its case', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const existing = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const res = await send('POST', '/api/users', admin.headers, {
      ...(await newUser(ROLE.TECHNICIAN)),
      email: existing.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A user with this email already exists', code: 'CONFLICT' });
  });

  it('keeps a regional manager to their own region, and checks the role and region exist', async () => {
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const far = await send(
      'POST',
      '/api/users',
      mgr.headers,
      await newUser(ROLE.TECHNICIAN, { regionId: bengaluru.id }),
    );
    expect(far.statusCode).toBe(403);
    expect(far.json().message).toBe(USER_MESSAGES.outOfRegion);
    const none = await send('POST', '/api/users', mgr.headers, await newUser(ROLE.TECHNICIAN, { regionId: null }));
    expect(none.statusCode).toBe(403);
    const ok = await send('POST', '/api/users', mgr.headers, await newUser(ROLE.TECHNICIAN, { regionId: chennai.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().region).toEqual({ id: chennai.id, name: 'Chennai' });

    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const badRole = await send('POST', '/api/users', admin.headers, {
      ...(await newUser(ROLE.TECHNICIAN)),
      roleId: crypto.randomUUID(),
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().errors).toEqual([{ path: 'roleId', message: USER_MESSAGES.roleNotFound }]);
    const badRegion = await send('POST', '/api/users', admin.headers, {
      ...(await newUser(ROLE.TECHNICIAN)),
      regionId: crypto.randomUUID(),
    });
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json().message).toBe(USER_MESSAGES.regionNotFound);
  });

  it('lets a manager assign a custom role created below their role', async () => {
    const [mgrRole] = await ctx.db.select().from(roles).where(eq(roles.name, ROLE.SERVICE_MANAGER));
    const [custom] = await ctx.db
      .insert(roles)
      .values({
        name: `Auditor ${crypto.randomUUID().slice(0, 4)}`,
        parentRoleId: mgrRole!.id,
        policyRole: ROLE.SERVICE_MANAGER,
      })
      .returning();
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const assignable = await get('/api/users/assignable-roles', mgr.headers);
    expect(assignable.json().map((r: { name: string }) => r.name)).toContain(custom!.name);
    const res = await send('POST', '/api/users', mgr.headers, {
      ...(await newUser(ROLE.TECHNICIAN, { regionId: chennai.id })),
      roleId: custom!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toEqual({ id: custom!.id, name: custom!.name });
  });
});

describe('PUT /api/users/{id}', () => {
  it('updates a user the caller may manage and writes an audit row', async () => {
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: chennai.id });
    const res = await send('PUT', `/api/users/${tech.id}`, mgr.headers, {
      name: 'Renamed Tech',
      email: tech.email,
      phone: '',
      roleId: await roleId(ctx.db, ROLE.SERVICE_TEAM_LEAD),
      regionId: chennai.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: tech.id,
      name: 'Renamed Tech',
      phone: null,
      role: { name: 'Service Team Lead' },
    });
    const [audit] = await auditRows('user.update', tech.id);
    expect(audit?.details).toMatchObject({ name: 'Renamed Tech' });
  });

  it('answers 400 with the same rules as create (no password)', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const res = await send('PUT', `/api/users/${tech.id}`, admin.headers, { name: 'X', email: 'bad', roleId: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'email', message: 'Invalid email' },
        { path: 'roleId', message: 'Role is required' },
      ]),
    );
  });

  it('refuses to edit a user whose role the caller may not assign (403), or to give a role above theirs', async () => {
    const sa = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const superAdmin = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const res = await send('PUT', `/api/users/${superAdmin.id}`, sa.headers, {
      name: 'Hijacked',
      email: superAdmin.email,
      roleId: await roleId(ctx.db, ROLE.SUPER_ADMIN),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MESSAGES.userNotManageable);
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const promote = await send('PUT', `/api/users/${tech.id}`, sa.headers, {
      name: tech.name,
      email: tech.email,
      roleId: await roleId(ctx.db, ROLE.SUPER_ADMIN),
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(USER_MESSAGES.roleNotAssignable);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, tech.id));
    expect(row?.roleId).toBe(await roleId(ctx.db, ROLE.TECHNICIAN));
  });

  it('answers 404 for a user in another region', async () => {
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const far = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: bengaluru.id });
    const res = await send('PUT', `/api/users/${far.id}`, mgr.headers, {
      name: 'Moved',
      email: far.email,
      roleId: await roleId(ctx.db, ROLE.TECHNICIAN),
      regionId: chennai.id,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses anyone changing their own role, even a Super Admin', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const res = await send('PUT', `/api/users/${admin.user.id}`, admin.headers, {
      name: admin.user.name,
      email: admin.made.email,
      roleId: await roleId(ctx.db, ROLE.TECHNICIAN),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot change your own role', code: 'FORBIDDEN' });
    const same = await send('PUT', `/api/users/${admin.user.id}`, admin.headers, {
      name: 'Admin Renamed',
      email: admin.made.email,
      roleId: await roleId(ctx.db, ROLE.SUPER_ADMIN),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().name).toBe('Admin Renamed');

    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const promote = await send('PUT', `/api/users/${mgr.user.id}`, mgr.headers, {
      name: mgr.user.name,
      email: mgr.made.email,
      roleId: await roleId(ctx.db, ROLE.SERVICE_ADMIN),
      regionId: chennai.id,
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(USER_MESSAGES.ownRole);
  });

  it('answers 409 when the new email belongs to someone else', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const a = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const b = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const res = await send('PUT', `/api/users/${a.id}`, admin.headers, {
      name: a.name,
      email: b.email,
      roleId: await roleId(ctx.db, ROLE.TECHNICIAN),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_MESSAGES.duplicateEmail);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deactivates: the user leaves the table, cannot sign in, and their sessions end', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const victim = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    const res = await send('DELETE', `/api/users/${victim.user.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully!' });

    const [row] = await ctx.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row?.status).toBe('INACTIVE');
    expect((await get('/api/auth/me', victim.headers)).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: victim.cookie },
      payload: {},
    });
    expect(refresh.statusCode).toBe(401);
    const list = await get(`/api/users?search=${encodeURIComponent(victim.made.email)}`, admin.headers);
    expect(list.json()).toEqual([]);
    expect((await get(`/api/users/${victim.user.id}`, admin.headers)).statusCode).toBe(404);
    expect(await auditRows('user.deactivate', victim.user.id)).toHaveLength(1);
  });

  it('refuses deleting yourself, a role you may not assign (403), another region (404) and a wrong role (403)', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const self = await send('DELETE', `/api/users/${admin.user.id}`, admin.headers);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(USER_MESSAGES.deleteSelf);

    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const peer = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const up = await send('DELETE', `/api/users/${peer.id}`, mgr.headers);
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(USER_MESSAGES.userNotManageable);
    const far = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: bengaluru.id });
    expect((await send('DELETE', `/api/users/${far.id}`, mgr.headers)).statusCode).toBe(404);

    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: chennai.id });
    const other = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: chennai.id });
    expect((await send('DELETE', `/api/users/${other.id}`, tech.headers)).statusCode).toBe(403);

    for (const id of [peer.id, far.id, other.id]) {
      const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
      expect(row?.status).toBe('ACTIVE');
    }
  });
});

describe('hierarchy views', () => {
  it('GET /users/assignable-roles: the roles strictly below the caller, every role for the Super Admin', async () => {
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: chennai.id });
    const res = await get('/api/users/assignable-roles', mgr.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { name: string; parentRole: string | null }[];
    const system = list.filter((r) => ['Service Team Lead', 'Technician'].includes(r.name));
    expect(system).toEqual([
      {
        id: await roleId(ctx.db, ROLE.SERVICE_TEAM_LEAD),
        name: 'Service Team Lead',
        parentRoleId: await roleId(ctx.db, ROLE.SERVICE_MANAGER),
        parentRole: 'Service Manager',
        parent: { id: await roleId(ctx.db, ROLE.SERVICE_MANAGER), name: 'Service Manager' },
      },
      {
        id: await roleId(ctx.db, ROLE.TECHNICIAN),
        name: 'Technician',
        parentRoleId: await roleId(ctx.db, ROLE.SERVICE_TEAM_LEAD),
        parentRole: 'Service Team Lead',
        parent: { id: await roleId(ctx.db, ROLE.SERVICE_TEAM_LEAD), name: 'Service Team Lead' },
      },
    ]);
    expect(list.map((r) => r.name)).not.toContain('Service Manager');
    expect(list.map((r) => r.name)).not.toContain('Salesman');

    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const all = (await get('/api/users/assignable-roles', admin.headers)).json() as {
      name: string;
      parentRole: null;
    }[];
    expect(all[0]).toMatchObject({ name: 'Super Admin', parentRole: null });
    for (const name of Object.values(ROLE)) expect(all.map((r) => r.name)).toContain(name);

    const salesAdmin = await signedIn(ctx, ROLE.SALES_ADMIN);
    const sales = (await get('/api/users/assignable-roles', salesAdmin.headers)).json() as { name: string }[];
    expect(sales.map((r) => r.name).filter((n) => Object.values(ROLE).includes(n as never))).toEqual([
      'Sales Manager',
      'Sales Team Lead',
      'Salesman',
    ]);
  });

  it('GET /users/my-subordinates: active users strictly below, in the caller’s region', async () => {
    const region = await makeRegion(ctx.db);
    const mgr = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const lead = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { regionId: region.id });
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id });
    await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id, status: 'INACTIVE' });
    await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: bengaluru.id });
    await makeUser(ctx.db, ROLE.SALESMAN, { regionId: region.id });
    await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const res = await get('/api/users/my-subordinates', mgr.headers);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([lead.id, tech.id].sort());
    expect(res.headers['x-total-count']).toBe('2');

    const t = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
    expect((await get('/api/users/my-subordinates', t.headers)).json()).toEqual([]);
  });

  it('GET /users/my-hierarchy: the caller, the chain of superior roles and the subordinates as a tree', async () => {
    const region = await makeRegion(ctx.db);
    const lead = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: region.id });
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id, name: 'Tree Tech' });
    const res = await get('/api/users/my-hierarchy', lead.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: lead.user.id, role: { name: 'Service Team Lead' } });
    expect(body.superiors.map((r: { name: string }) => r.name)).toEqual([
      'Service Manager',
      'Service Admin',
      'Super Admin',
    ]);
    expect(body.subordinates).toEqual([
      {
        role: { id: expect.any(String), name: 'Technician' },
        users: [{ id: tech.id, name: 'Tree Tech', email: tech.email, region: { name: region.name } }],
        children: [],
      },
    ]);

    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const top = (await get('/api/users/my-hierarchy', admin.headers)).json();
    expect(top.superiors).toEqual([]);
    expect(top.subordinates.map((n: { role: { name: string } }) => n.role.name)).toEqual([
      'Sales Admin',
      'Service Admin',
    ]);
    const service = top.subordinates[1];
    expect(service.children[0].role.name).toBe('Service Manager');
  });
});

// Last: the deputy it creates would show in the hierarchy views above.
describe('custom roles under the Super Admin', () => {
  it('keeps a custom role created under the Super Admin from assigning the Super Admin (403)', async () => {
    const sa = await signedIn(ctx, ROLE.SUPER_ADMIN);
    // The spec's client sends no parent: the role hangs under the caller's, here the Super Admin.
    const made = await send('POST', '/api/roles', sa.headers, { name: `Deputy ${crypto.randomUUID().slice(0, 4)}` });
    expect(made.statusCode).toBe(201);
    const deputy = await signedIn(ctx, made.json().name);
    const assignable = await get('/api/users/assignable-roles', deputy.headers);
    expect(assignable.statusCode).toBe(200);
    const offered = assignable.json().map((r: { name: string }) => r.name);
    expect(offered).not.toContain(ROLE.SUPER_ADMIN);
    expect(offered).not.toContain(ROLE.SERVICE_ADMIN);
    const res = await send('POST', '/api/users', deputy.headers, await newUser(ROLE.SUPER_ADMIN));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MESSAGES.roleNotAssignable);
  });
});
