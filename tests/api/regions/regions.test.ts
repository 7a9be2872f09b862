import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { REGION_MESSAGES } from '#shared/contracts/regions.ts';
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
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const uniqueName = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 6)}`;

describe('GET /api/regions', () => {
  it('is open to every signed-in role (the request form needs it), sorted by name', async () => {
    const a = await makeRegion(ctx.db, 'Zeta Town');
    const b = await makeRegion(ctx.db, 'Alpha City');
    for (const role of [ROLE.TECHNICIAN, ROLE.SALESMAN, ROLE.SUPER_ADMIN]) {
      const s = await signedIn(ctx, role, { regionId: role === ROLE.SUPER_ADMIN ? null : a.id });
      const res = await get('/api/regions', s.headers);
      expect(res.statusCode).toBe(200);
      const names = res.json().map((r: { name: string }) => r.name);
      expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
      expect(names).toEqual(expect.arrayContaining(['Alpha City', 'Zeta Town']));
      expect(res.headers['x-total-count']).toBe(String(names.length));
    }
    const s = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: a.id });
    expect((await get(`/api/regions/${b.id}`, s.headers)).json()).toMatchObject({ id: b.id, name: 'Alpha City' });
    expect((await get(`/api/regions/${crypto.randomUUID()}`, s.headers)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/regions' })).statusCode).toBe(401);
  });
});

describe('managing regions', () => {
  it('refuses every role but the three admins (403)', async () => {
    const region = await makeRegion(ctx.db);
    for (const role of [ROLE.SERVICE_MANAGER, ROLE.SALES_MANAGER, ROLE.TECHNICIAN]) {
      const s = await signedIn(ctx, role, { regionId: region.id });
      const post = await send('POST', '/api/regions', s.headers, { name: uniqueName('Nope') });
      expect(post.statusCode).toBe(403);
      expect((await send('PUT', `/api/regions/${region.id}`, s.headers, { name: uniqueName('Nope') })).statusCode).toBe(
        403,
      );
      expect((await send('DELETE', `/api/regions/${region.id}`, s.headers)).statusCode).toBe(403);
    }
  });

  it('creates and renames a region, with an audit row for each', async () => {
    const admin = await signedIn(ctx, ROLE.SALES_ADMIN);
    const name = uniqueName('Madurai');
    const created = await send('POST', '/api/regions', admin.headers, { name: `  ${name}  ` });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: expect.any(String), name });
    const id = created.json().id;
    const renamed = uniqueName('Madurai North');
    const put = await send('PUT', `/api/regions/${id}`, admin.headers, { name: renamed });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id, name: renamed });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['region.create', 'region.update']);
  });

  it('answers 400 for a short name, 409 for a duplicate (any case), 404 for an unknown region', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const short = await send('POST', '/api/regions', admin.headers, { name: 'X' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'name', message: 'Region name must be at least 2 characters' }]);
    const existing = await makeRegion(ctx.db, uniqueName('Mysuru'));
    const dup = await send('POST', '/api/regions', admin.headers, { name: existing.name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: REGION_MESSAGES.duplicate, code: 'CONFLICT' });
    const other = await makeRegion(ctx.db);
    const dupRename = await send('PUT', `/api/regions/${other.id}`, admin.headers, { name: existing.name });
    expect(dupRename.statusCode).toBe(409);
    expect(
      (await send('PUT', `/api/regions/${crypto.randomUUID()}`, admin.headers, { name: 'Ghost' })).statusCode,
    ).toBe(404);
    expect((await send('DELETE', `/api/regions/${crypto.randomUUID()}`, admin.headers)).statusCode).toBe(404);
  });

  it('refuses to delete a region used by a user, a customer or a request (409); deletes an unused one', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const withUser = await makeRegion(ctx.db);
    await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: withUser.id, status: 'INACTIVE' });
    const withCustomer = await makeRegion(ctx.db);
    await makeCustomer(ctx.db, withCustomer.id);
    const withRequest = await makeRegion(ctx.db);
    const home = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, home.id);
    const requester = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    await makeRequest(ctx.db, { customerId: customer.id, regionId: withRequest.id, requestedById: requester.id });

    for (const r of [withUser, withCustomer, withRequest]) {
      const res = await send('DELETE', `/api/regions/${r.id}`, admin.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: REGION_MESSAGES.inUse, code: 'CONFLICT' });
      expect((await get(`/api/regions/${r.id}`, admin.headers)).statusCode).toBe(200);
    }

    const unused = await makeRegion(ctx.db);
    const ok = await send('DELETE', `/api/regions/${unused.id}`, admin.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Region deleted successfully!' });
    expect((await get(`/api/regions/${unused.id}`, admin.headers)).statusCode).toBe(404);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'region.delete'), eq(auditLog.entityId, unused.id)));
    expect(audits).toHaveLength(1);
  });
});
