/**
 * A region-less account (issue 15, item 2; docs/product-rules.md R-14): a Salesman or Technician
 * without a region reads only their own requests and no region's customers until an admin gives
 * them a region; a manager or team lead without one is national; a self-registered account has no
 * region (ADR 015).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ctx = await createTestApp({ ALLOW_REGISTRATION: 'on' });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

describe('a Salesman or Technician without a region', () => {
  for (const role of [ROLE.SALESMAN, ROLE.TECHNICIAN]) {
    it(`${role}: no customer of any region (list, filtered list, by id), cannot raise a request for one, sees their own requests`, async () => {
      const region = await makeRegion(ctx.db);
      const customer = await makeCustomer(ctx.db, region.id);
      const me = await signedIn(ctx, role, { regionId: null });
      const mine = await makeRequest(ctx.db, {
        customerId: customer.id,
        regionId: region.id,
        requestedById: me.user.id,
      });

      const list = await get('/api/customers', me.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
      expect(list.headers['x-total-count']).toBe('0');
      expect((await get(`/api/customers?regionId=${region.id}`, me.headers)).json()).toEqual([]);
      expect((await get(`/api/customers?search=${encodeURIComponent(customer.name)}`, me.headers)).json()).toEqual([]);
      expect((await get(`/api/customers/${customer.id}`, me.headers)).statusCode).toBe(404);

      const raise = await ctx.app.inject({
        method: 'POST',
        url: '/api/service-requests',
        headers: me.headers,
        payload: {
          customerId: customer.id,
          regionId: region.id,
          type: 'SERVICE',
          description: 'Please service it soon',
        },
      });
      expect(raise.statusCode).toBe(400);
      expect(JSON.stringify(raise.json())).toContain('Customer not found');

      // Their own request stays theirs.
      expect((await get(`/api/service-requests/${mine.id}`, me.headers)).statusCode).toBe(200);
    });
  }

  it('a custom role below theirs: its holders in a region are neither their subordinates nor colleagues to message', async () => {
    // A Super Admin may hang a custom role under Salesman or Technician (ADR 009); its users carry a region.
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const region = await makeRegion(ctx.db);
    for (const role of [ROLE.SALESMAN, ROLE.TECHNICIAN]) {
      const parent = (await get('/api/roles', admin.headers)).json().find((r: { name: string }) => r.name === role);
      const name = `Junior ${role} ${crypto.randomUUID().slice(0, 6)}`;
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: admin.headers,
        payload: { name, permissions: {}, parentRoleId: parent.id },
      });
      expect(made.statusCode).toBe(201);
      const junior = await makeUser(ctx.db, name, { regionId: region.id });
      const me = await signedIn(ctx, role, { regionId: null });

      expect((await get('/api/users/my-subordinates', me.headers)).json()).toEqual([]);
      const tree = JSON.stringify((await get('/api/users/my-hierarchy', me.headers)).json());
      expect(tree).not.toContain(junior.email);
      const message = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: me.headers,
        payload: { toUserId: junior.id, message: 'Send me your region’s customer list' },
      });
      expect(message.statusCode).toBe(404);
      // Once an admin gives them the region, the junior there is theirs again.
      const inRegion = await signedIn(ctx, role, { regionId: region.id });
      expect(
        (await get('/api/users/my-subordinates', inRegion.headers)).json().map((u: { id: string }) => u.id),
      ).toEqual([junior.id]);
    }
  });

  it('a manager or team lead without a region is national: every region’s customers', async () => {
    const a = await makeCustomer(ctx.db, (await makeRegion(ctx.db)).id);
    const b = await makeCustomer(ctx.db, (await makeRegion(ctx.db)).id);
    for (const role of [ROLE.SERVICE_MANAGER, ROLE.SALES_TEAM_LEAD]) {
      const boss = await signedIn(ctx, role, { regionId: null });
      expect((await get(`/api/customers/${a.id}`, boss.headers)).statusCode).toBe(200);
      expect((await get(`/api/customers/${b.id}`, boss.headers)).statusCode).toBe(200);
    }
  });
});

describe('self-registration (ALLOW_REGISTRATION=on)', () => {
  it('makes a Salesman without a region (a regionId in the body is ignored) who reads no customers until an admin gives one', async () => {
    const region = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, region.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Outside Person', email: 'outsider@test.local', password: 'secret123', regionId: region.id },
    });
    expect(res.statusCode).toBe(200);
    const { accessToken, user } = res.json();
    expect(user).toMatchObject({ role: { name: 'Salesman' }, regionId: null, region: null });
    const headers = { authorization: `Bearer ${accessToken}` };
    expect((await get('/api/customers', headers)).json()).toEqual([]);
    expect((await get(`/api/customers/${customer.id}`, headers)).statusCode).toBe(404);

    // An admin gives the region: the region's customers appear.
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
      payload: { name: user.name, email: user.email, roleId: user.roleId, regionId: region.id },
    });
    expect(edit.statusCode).toBe(200);
    expect((await get(`/api/customers/${customer.id}`, headers)).statusCode).toBe(200);
  });
});
