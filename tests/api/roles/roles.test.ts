import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { roles } from '#server/db/schema/people.ts';
import { ROLE_MESSAGES } from '#shared/contracts/roles.ts';
import { createTestApp, makeRegion, makeUser, ROLE, roleId, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const uniqueName = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 6)}`;

async function auditRows(action: string, entityId: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

describe('who may manage roles', () => {
  it('refuses every role but the three admins (403)', async () => {
    const region = await makeRegion(ctx.db);
    for (const role of [
      ROLE.SERVICE_MANAGER,
      ROLE.SALES_MANAGER,
      ROLE.SERVICE_TEAM_LEAD,
      ROLE.TECHNICIAN,
      ROLE.SALESMAN,
    ]) {
      const s = await signedIn(ctx, role, { regionId: region.id });
      expect((await get('/api/roles', s.headers)).statusCode).toBe(403);
      const post = await send('POST', '/api/roles', s.headers, { name: uniqueName('Nope'), permissions: {} });
      expect(post.statusCode).toBe(403);
      expect(post.json().code).toBe('FORBIDDEN');
    }
    for (const role of [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SALES_ADMIN]) {
      const s = await signedIn(ctx, role);
      expect((await get('/api/roles', s.headers)).statusCode).toBe(200);
    }
  });
});

describe('GET /api/roles', () => {
  it('lists every role with its parent (or null) and the immutable flag', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const res = await get('/api/roles', admin.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { name: string; parentRole: string | null; immutable: boolean }[];
    expect(res.headers['x-total-count']).toBe(String(list.length));
    // Tree order: each parent before its children.
    expect(list[0]?.name).toBe('Super Admin');
    const position = new Map(list.map((r, i) => [r.name, i]));
    for (const r of list) if (r.parentRole) expect(position.get(r.parentRole)).toBeLessThan(position.get(r.name)!);
    const byName = new Map(list.map((r) => [r.name, r]));
    expect(byName.get('Super Admin')).toMatchObject({
      parentRole: null,
      parentRoleId: null,
      parent: null,
      immutable: true,
      policyRole: 'Super Admin',
    });
    // parentRole is the parent's name, as the spec's client renders it; parent carries the id too.
    expect(byName.get('Technician')).toMatchObject({
      parentRole: 'Service Team Lead',
      parentRoleId: await roleId(ctx.db, ROLE.SERVICE_TEAM_LEAD),
      parent: { id: await roleId(ctx.db, ROLE.SERVICE_TEAM_LEAD), name: 'Service Team Lead' },
      immutable: true,
    });
    const one = await get(`/api/roles/${await roleId(ctx.db, ROLE.SALESMAN)}`, admin.headers);
    expect(one.json()).toMatchObject({ name: 'Salesman', parentRole: 'Sales Team Lead' });
    expect((await get(`/api/roles/${crypto.randomUUID()}`, admin.headers)).json()).toEqual({
      message: 'Role not found',
      code: 'NOT_FOUND',
    });
  });
});

describe('POST /api/roles', () => {
  it('hangs a new role under the caller’s own role by default and gives it that role’s rights', async () => {
    const sa = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const name = uniqueName('Field Auditor');
    const res = await send('POST', '/api/roles', sa.headers, { name, permissions: {} });
    expect(res.statusCode).toBe(201);
    const role = res.json();
    expect(role).toMatchObject({
      name,
      immutable: false,
      permissions: {},
      policyRole: 'Service Admin',
      parentRole: 'Service Admin',
      parent: { id: await roleId(ctx.db, ROLE.SERVICE_ADMIN), name: 'Service Admin' },
    });
    expect(await auditRows('role.create', role.id)).toHaveLength(1);
  });

  it('takes a parent the caller may assign, and the new role carries the parent’s rights', async () => {
    const sa = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const res = await send('POST', '/api/roles', sa.headers, {
      name: uniqueName('Senior Technician'),
      permissions: {},
      parentRoleId: await roleId(ctx.db, ROLE.TECHNICIAN),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ policyRole: 'Technician', parentRole: 'Technician' });
  });

  it('refuses a parent outside the caller’s subtree (403) and an unknown parent (400)', async () => {
    const sales = await signedIn(ctx, ROLE.SALES_ADMIN);
    const res = await send('POST', '/api/roles', sales.headers, {
      name: uniqueName('Sneaky'),
      permissions: {},
      parentRoleId: await roleId(ctx.db, ROLE.SERVICE_MANAGER),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ROLE_MESSAGES.parentNotAllowed, code: 'FORBIDDEN' });
    const above = await send('POST', '/api/roles', sales.headers, {
      name: uniqueName('Above'),
      permissions: {},
      parentRoleId: await roleId(ctx.db, ROLE.SUPER_ADMIN),
    });
    expect(above.statusCode).toBe(403);
    const unknown = await send('POST', '/api/roles', sales.headers, {
      name: uniqueName('Orphan'),
      permissions: {},
      parentRoleId: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ROLE_MESSAGES.parentNotFound);
  });

  it('answers 400 for a short name and 409 for a duplicate, whatever its case', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const short = await send('POST', '/api/roles', admin.headers, { name: 'A', permissions: {} });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'name', message: 'Role name must be at least 2 characters' }]);
    const blank = await send('POST', '/api/roles', admin.headers, { name: '   ', permissions: {} });
    expect(blank.statusCode).toBe(400);
    const dup = await send('POST', '/api/roles', admin.headers, { name: 'technician', permissions: {} });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: ROLE_MESSAGES.duplicate, code: 'CONFLICT' });
  });
});

describe('PUT and DELETE /api/roles/{id}', () => {
  it('refuses any change to a system role (403) and leaves it as it was', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const id = await roleId(ctx.db, ROLE.TECHNICIAN);
    const put = await send('PUT', `/api/roles/${id}`, admin.headers, { name: 'Engineer' });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ message: 'System roles cannot be changed', code: 'FORBIDDEN' });
    const del = await send('DELETE', `/api/roles/${id}`, admin.headers);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('System roles cannot be changed');
    const [row] = await ctx.db.select().from(roles).where(eq(roles.id, id));
    expect(row?.name).toBe('Technician');
  });

  it('renames a custom role, refuses a duplicate name (409) and a role outside the caller’s subtree (403)', async () => {
    const sa = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const created = (
      await send('POST', '/api/roles', sa.headers, { name: uniqueName('Dispatcher'), permissions: {} })
    ).json();
    const renamed = uniqueName('Dispatch Lead');
    const put = await send('PUT', `/api/roles/${created.id}`, sa.headers, { name: renamed });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: created.id, name: renamed, parentRole: 'Service Admin' });
    expect(await auditRows('role.update', created.id)).toHaveLength(1);

    const dup = await send('PUT', `/api/roles/${created.id}`, sa.headers, { name: 'SALESMAN' });
    expect(dup.statusCode).toBe(409);

    const sales = await signedIn(ctx, ROLE.SALES_ADMIN);
    const foreign = await send('PUT', `/api/roles/${created.id}`, sales.headers, { name: uniqueName('Mine now') });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(ROLE_MESSAGES.notManageable);
    expect((await send('DELETE', `/api/roles/${created.id}`, sales.headers)).statusCode).toBe(403);

    const short = await send('PUT', `/api/roles/${created.id}`, sa.headers, { name: 'x' });
    expect(short.json().errors).toEqual([{ path: 'name', message: 'Role name must be at least 2 characters' }]);
    expect((await send('PUT', `/api/roles/${crypto.randomUUID()}`, sa.headers, { name: 'Ghost' })).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete a role a user holds, or one with child roles (409); deletes an unused one', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const parent = (
      await send('POST', '/api/roles', admin.headers, { name: uniqueName('Parent'), permissions: {} })
    ).json();
    const child = (
      await send('POST', '/api/roles', admin.headers, {
        name: uniqueName('Child'),
        permissions: {},
        parentRoleId: parent.id,
      })
    ).json();
    expect(child.policyRole).toBe('Super Admin');

    const hasChild = await send('DELETE', `/api/roles/${parent.id}`, admin.headers);
    expect(hasChild.statusCode).toBe(409);
    expect(hasChild.json()).toEqual({ message: ROLE_MESSAGES.hasChildren, code: 'CONFLICT' });

    const holder = await makeUser(ctx.db, child.name, { status: 'INACTIVE' });
    const held = await send('DELETE', `/api/roles/${child.id}`, admin.headers);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(ROLE_MESSAGES.inUseByUsers);
    expect(holder.role).toBe(child.name);

    const loose = (
      await send('POST', '/api/roles', admin.headers, { name: uniqueName('Loose'), permissions: {} })
    ).json();
    const ok = await send('DELETE', `/api/roles/${loose.id}`, admin.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Role deleted successfully!' });
    expect((await get(`/api/roles/${loose.id}`, admin.headers)).statusCode).toBe(404);
    expect(await auditRows('role.delete', loose.id)).toHaveLength(1);
  });
});
