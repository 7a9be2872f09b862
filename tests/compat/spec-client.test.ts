/**
 * The spec's own client, played call by call (the spec's section 7, "Session refresh";
 * docs/product-rules.md R-02: a client written against the spec works against our server
 * unchanged; issue 16).
 *
 * Each request goes exactly as that client sends it: bearer token and cookie on every call but
 * login and register, JSON bodies of section 7, no paging parameters on lists (it pages in the
 * browser), no body on auto-assign, and on a 401 one refresh per failed call with the stored
 * userId and the cookie, then one replay. The assertions read the fields that client reads.
 */

import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { refreshSessions } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { CAPPED_HEADER, UNPAGED_CAP } from '#shared/domain/constants.ts';
import {
  createTestApp,
  type MadeUser,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  roleId,
  TEST_PASSWORD,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
const TEST_SECRET = 'test-secret-test-secret-test-secret-1234';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
// biome-ignore lint/suspicious/noExplicitAny: the answers as the spec's untyped JavaScript client reads them
type Json = any;
interface Reply {
  status: number;
  body: Json;
  headers: Record<string, unknown>;
}

/** The spec's client: localStorage (token, user, userId), the browser's cookie jar, axios with its 401 interceptor. */
class SpecClient {
  token: string | null = null;
  userId: string | null = null;
  user: Json = null;
  cookie = '';
  signedOut = false;
  refreshes = 0;

  private async send(method: Method, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<Reply> {
    const bearer = !url.startsWith('/auth/login') && !url.startsWith('/auth/register');
    const headers: Record<string, string> = { ...extra };
    if (bearer && this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookie) headers.cookie = this.cookie;
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.keepCookie(res.headers['set-cookie']);
    const text = res.body;
    return { status: res.statusCode, body: text ? safeJson(text) : null, headers: res.headers };
  }

  /** The browser's cookie jar: a set cookie replaces, a cleared one goes. */
  private keepCookie(setCookie: string | string[] | undefined) {
    for (const raw of ([] as string[]).concat(setCookie ?? [])) {
      const pair = raw.split(';')[0] ?? '';
      const cleared = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(raw) || pair.endsWith('=');
      this.cookie = cleared ? '' : pair;
    }
  }

  async login(email: string, password = TEST_PASSWORD) {
    const res = await this.send('POST', '/auth/login', { email, password });
    if (res.status === 200) {
      this.token = res.body.accessToken;
      this.user = res.body.user;
      this.userId = res.body.user.id;
      this.signedOut = false;
    }
    return res;
  }

  /** axios plus the response interceptor of "Session refresh". */
  async call(method: Method, url: string, body?: unknown, extra?: Record<string, string>): Promise<Reply> {
    const res = await this.send(method, url, body, extra);
    const exempt = ['/auth/login', '/auth/register', '/auth/refresh'].some((p) => url.startsWith(p));
    if (res.status !== 401 || exempt) return res;
    if (!this.userId) return this.signOut(res);
    this.refreshes++;
    const refreshed = await this.send('POST', '/auth/refresh', { userId: this.userId });
    if (refreshed.status !== 200 || typeof refreshed.body?.accessToken !== 'string') return this.signOut(res);
    this.token = refreshed.body.accessToken;
    return this.send(method, url, body, extra);
  }

  private signOut(res: Reply) {
    this.token = null;
    this.userId = null;
    this.signedOut = true;
    return res;
  }

  /** What 15 minutes do to the stored token: still signed, now expired. */
  async expireToken() {
    const payload = JSON.parse(Buffer.from((this.token ?? '').split('.')[1] ?? '', 'base64url').toString());
    this.token = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(payload.sub)
      .setIssuer('aquadesk')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
      .sign(new TextEncoder().encode(TEST_SECRET));
  }
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One image part per call, field 'file', as the upload screen sends it. */
function multipart(data: Buffer) {
  const boundary = '----speccompat';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="site.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

let region: { id: string; name: string };
let admin: MadeUser;
let manager: MadeUser;
let salesman: MadeUser;
let techs: MadeUser[];

beforeAll(async () => {
  ctx = await createTestApp();
  region = await makeRegion(ctx.db);
  admin = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
  manager = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
  salesman = await makeUser(ctx.db, ROLE.SALESMAN, { regionId: region.id });
  // More than the old default page of 10 of everything the screens list.
  techs = [];
  for (let i = 0; i < 12; i++) techs.push(await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id }));
  for (let i = 0; i < 11; i++) await makeCustomer(ctx.db, region.id);
  const customer = await makeCustomer(ctx.db, region.id);
  for (let i = 0; i < 11; i++) {
    await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: salesman.id,
      status: 'COMPLETED',
      assignedToId: techs[0]?.id,
    });
  }
});
afterAll(() => ctx.close());

describe('the spec client, unchanged, against our API', () => {
  it('Authentication: login, refresh {userId}, register (closed), logout', async () => {
    const c = new SpecClient();
    const login = await c.login(admin.email);
    expect(login.status).toBe(200);
    expect(login.body.accessToken).toEqual(expect.any(String));
    expect(login.body.user).toMatchObject({ id: admin.id, name: admin.name, role: { name: 'Super Admin' } });
    const refresh = await c.call('POST', '/auth/refresh', { userId: c.userId });
    expect(refresh.status).toBe(200);
    expect(refresh.body.accessToken).toEqual(expect.any(String));
    const register = await c.call('POST', '/auth/register', {
      name: 'New Person',
      email: 'new.person@test.local',
      password: 'secret123',
    });
    expect(register.status).toBe(403);
    expect(register.body.message).toEqual(expect.any(String));
    expect((await c.call('POST', '/auth/logout')).status).toBe(200);
  });

  it('Session refresh: five calls fail together on an expired token, each refreshes with the same cookie, all go through', async () => {
    const c = new SpecClient();
    await c.login(admin.email);
    await c.expireToken();
    const calls = await Promise.all([
      c.call('GET', '/notifications'),
      c.call('GET', '/notifications/unread-count'),
      c.call('GET', '/service-requests/dashboard/stats'),
      c.call('GET', '/users'),
      c.call('GET', '/regions'),
    ]);
    expect(calls.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(c.refreshes).toBe(5);
    expect(c.signedOut).toBe(false);
    const live = await ctx.db
      .select()
      .from(refreshSessions)
      .where(and(eq(refreshSessions.userId, admin.id), isNull(refreshSessions.revokedAt)));
    expect(live).toHaveLength(1);
    // The next expiry, 15 minutes on, refreshes again from the cookie the jar kept.
    await c.expireToken();
    expect((await c.call('GET', '/roles')).status).toBe(200);
    expect(c.signedOut).toBe(false);
  });

  it('Roles: parentRole is the parent name as text (or null), the immutable flag; create, rename, delete', async () => {
    const c = new SpecClient();
    await c.login(admin.email);
    const list = await c.call('GET', '/roles');
    expect(list.status).toBe(200);
    const byName = new Map((list.body as Json[]).map((r) => [r.name, r]));
    expect(byName.get('Super Admin')).toMatchObject({ parentRole: null, immutable: true });
    expect(byName.get('Technician')).toMatchObject({ parentRole: 'Service Team Lead', immutable: true });
    for (const r of list.body) expect(r.parentRole === null || typeof r.parentRole === 'string').toBe(true);
    const one = await c.call('GET', `/roles/${await roleId(ctx.db, ROLE.SALESMAN)}`);
    expect(one.body).toMatchObject({ name: 'Salesman', parentRole: 'Sales Team Lead' });
    const created = await c.call('POST', '/roles', { name: 'Compat Auditor', permissions: {} });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), name: 'Compat Auditor', immutable: false });
    expect(typeof created.body.parentRole).toBe('string');
    const renamed = await c.call('PUT', `/roles/${created.body.id}`, { name: 'Compat Reviewer' });
    expect(renamed.body.name).toBe('Compat Reviewer');
    expect((await c.call('DELETE', `/roles/${created.body.id}`)).status).toBe(200);
  });

  it('Regions: list, one, create, rename, delete', async () => {
    const c = new SpecClient();
    await c.login(admin.email);
    const list = await c.call('GET', '/regions');
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: region.id, name: region.name })]));
    expect((await c.call('GET', `/regions/${region.id}`)).body).toMatchObject({ id: region.id, name: region.name });
    const created = await c.call('POST', '/regions', { name: 'Compat Coimbatore' });
    expect(created.status).toBe(201);
    expect((await c.call('PUT', `/regions/${created.body.id}`, { name: 'Compat Madurai' })).body.name).toBe(
      'Compat Madurai',
    );
    expect((await c.call('DELETE', `/regions/${created.body.id}`)).status).toBe(200);
  });

  it('Users: the whole table without paging, the edit form fields, create with createdById, edit, delete, hierarchy', async () => {
    const c = new SpecClient();
    await c.login(admin.email);
    const list = await c.call('GET', '/users');
    expect(list.status).toBe(200);
    // Every user, not the first 10: the client pages in the browser.
    expect(list.body.length).toBe(Number(list.headers['x-total-count']));
    expect(list.body.length).toBeGreaterThanOrEqual(15);
    const row = list.body.find((u: Json) => u.id === techs[11]?.id);
    expect(row).toMatchObject({ name: techs[11]?.name, role: { name: 'Technician' }, region: { name: region.name } });
    expect(row.status).toBe('ACTIVE');
    // The assign dialog takes its technicians from GET /users: all 12 of the region.
    const regionTechs = list.body.filter((u: Json) => u.role.name === 'Technician' && u.regionId === region.id);
    expect(regionTechs).toHaveLength(12);

    const roles = await c.call('GET', '/users/assignable-roles');
    expect(roles.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expect.any(String), name: 'Technician' })]),
    );
    const technicianRole = roles.body.find((r: Json) => r.name === 'Technician');
    const created = await c.call('POST', '/users', {
      name: 'Compat Person',
      email: 'compat.person@test.local',
      password: 'secret123',
      roleId: technicianRole.id,
      regionId: region.id,
      phone: '',
      createdById: c.userId,
    });
    expect(created.status).toBe(201);
    // The Edit form prefills its Role and Region selects from the user it reads.
    const one = await c.call('GET', `/users/${created.body.id}`);
    expect(one.body).toMatchObject({
      name: 'Compat Person',
      email: 'compat.person@test.local',
      roleId: technicianRole.id,
      role: { id: technicianRole.id, name: 'Technician' },
      regionId: region.id,
      region: { id: region.id, name: region.name },
    });
    const edited = await c.call('PUT', `/users/${created.body.id}`, {
      name: 'Compat Person Two',
      email: 'compat.person@test.local',
      roleId: technicianRole.id,
      regionId: null,
      phone: null,
    });
    expect(edited.body).toMatchObject({ name: 'Compat Person Two', regionId: null, region: null });
    expect((await c.call('DELETE', `/users/${created.body.id}`)).status).toBe(200);

    const m = new SpecClient();
    await m.login(manager.email);
    const subs = await m.call('GET', '/users/my-subordinates');
    expect(subs.body.map((u: Json) => u.id)).toEqual(expect.arrayContaining(techs.map((t) => t.id)));
    const hierarchy = await m.call('GET', '/users/my-hierarchy');
    expect(hierarchy.body.user).toMatchObject({ id: manager.id, role: { name: 'Service Manager' } });
  });

  it('Edit User: the Role and Region it pre-selects are among the options it offers, for every user an admin can open', async () => {
    // The spec's Edit User form fills its selects from GET /users/{id} `roleId` and `regionId`
    // (not role.id / region.id), and offers GET /users/assignable-roles and GET /regions. A
    // select shows blank when its value is not among its options: that part is ours. (Its Role
    // and Region also showed blank for a reason that is not: ADR 017, "Edit User".)
    for (const who of [admin, manager]) {
      const c = new SpecClient();
      await c.login(who.email);
      const list = await c.call('GET', '/users');
      const roleIds = new Set((await c.call('GET', '/users/assignable-roles')).body.map((r: Json) => r.id));
      const regionIds = new Set((await c.call('GET', '/regions')).body.map((r: Json) => r.id));
      expect(list.body.length).toBeGreaterThanOrEqual(12);
      for (const row of list.body as Json[]) {
        const one = await c.call('GET', `/users/${row.id}`);
        expect(one.status).toBe(200);
        const shown = {
          user: one.body.name,
          role: roleIds.has(one.body.roleId),
          region: one.body.regionId === null || regionIds.has(one.body.regionId),
        };
        expect(shown).toEqual({ user: one.body.name, role: true, region: true });
      }
    }
  });

  it('Customers: the whole list without paging, one, create, edit, location, history, delete', async () => {
    const c = new SpecClient();
    await c.login(admin.email);
    const list = await c.call('GET', '/customers');
    expect(list.body.length).toBe(Number(list.headers['x-total-count']));
    expect(list.body.length).toBeGreaterThanOrEqual(12);
    expect(list.headers[CAPPED_HEADER.toLowerCase()]).toBeUndefined();
    expect(list.body[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      address: expect.any(String),
      primaryPhone: expect.any(String),
      phoneNumbers: expect.any(Array),
      region: { name: expect.any(String) },
    });
    const body = {
      name: 'Compat Customer',
      address: '12 Lake Road, Chennai',
      primaryPhone: '9876543210',
      phoneNumbers: ['9876543211'],
      email: '',
      regionId: region.id,
      latitude: null,
      longitude: null,
    };
    const created = await c.call('POST', '/customers', body);
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await c.call('GET', `/customers/${id}`)).body).toMatchObject({
      name: 'Compat Customer',
      regionId: region.id,
    });
    expect((await c.call('PUT', `/customers/${id}`, { ...body, name: 'Compat Customer Two' })).body.name).toBe(
      'Compat Customer Two',
    );
    const located = await c.call('PUT', `/customers/update-location/${id}`, { latitude: 13.0827, longitude: 80.2707 });
    expect(located.status).toBe(200);
    const history = await c.call('GET', `/customers/${id}/history`);
    expect(history.body).toMatchObject({
      customer: { id, createdAt: expect.any(String) },
      serviceHistory: [],
      statistics: {
        totalServices: 0,
        installations: 0,
        services: 0,
        complaints: 0,
        enquiries: 0,
        completedServices: 0,
      },
    });
    expect((await c.call('DELETE', `/customers/${id}`)).status).toBe(200);
  });

  it('Service requests and the technician: create, approve in two stages, reject, assign, start, stop, upload, acknowledge', async () => {
    const sales = new SpecClient();
    await sales.login(salesman.email);
    const customer = (await sales.call('GET', '/customers')).body[0];
    const create = (description: string) =>
      sales.call('POST', '/service-requests', {
        type: 'SERVICE',
        description,
        customerId: customer.id,
        regionId: region.id,
        requestedById: sales.userId,
      });
    const created = await create('Water purifier leaking at the joint');
    expect(created.status).toBe(201);
    const id = created.body.id;
    const patched = await sales.call('PATCH', `/service-requests/${id}`, {
      description: 'Purifier leaking at the base',
    });
    expect(patched.body.description).toBe('Purifier leaking at the base');

    const a = new SpecClient();
    await a.login(admin.email);
    const list = await a.call('GET', '/service-requests');
    expect(list.body.length).toBe(Number(list.headers['x-total-count']));
    expect(list.body.length).toBeGreaterThanOrEqual(12);
    expect(list.body[0]).toMatchObject({
      id: expect.any(String),
      type: expect.any(String),
      customer: { name: expect.any(String) },
    });
    expect((await a.call('POST', `/service-requests/${id}/sales-approve`, { comments: 'ok' })).body.salesApproved).toBe(
      true,
    );
    const approved = await a.call('POST', `/service-requests/${id}/service-approve`, { comments: 'go' });
    expect(approved.body).toMatchObject({ status: 'APPROVED' });
    expect(approved.body.approvalHistory[0]).toMatchObject({ approver: { name: admin.name }, status: 'APPROVED' });
    // Auto-assign: axios sends no body and no content type.
    const auto = await a.call('POST', `/service-requests/${id}/auto-assign`);
    expect(auto.status).toBe(200);
    expect(auto.body.status).toBe('ASSIGNED');
    const manual = await a.call('POST', `/service-requests/${id}/manual-assign`, { technicianId: techs[1]?.id });
    expect(manual.body).toMatchObject({ status: 'ASSIGNED', assignedTo: { id: techs[1]?.id, name: techs[1]?.name } });

    const rejected = await create('Second request to be rejected today');
    const rej = await a.call('POST', `/service-requests/${rejected.body.id}/reject`, { comments: 'Duplicate' });
    expect(rej.body.status).toBe('REJECTED');

    const t = new SpecClient();
    await t.login(techs[1]?.email as string);
    const tasks = await t.call('GET', '/technicians/my-tasks');
    expect(tasks.body.map((r: Json) => r.id)).toContain(id);
    expect((await t.call('GET', `/technicians/tasks/${id}`)).body).toMatchObject({
      id,
      customer: { name: customer.name },
    });
    const started = await t.call('POST', '/technician-workflow/start', { requestId: id });
    expect(started.body.status).toBe('IN_PROGRESS');
    expect(started.body.workLogs.at(-1)).toMatchObject({ startTime: expect.any(String), endTime: null });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const part = multipart(png);
    const uploaded = await t.call('POST', `/uploads/work-media/${id}`, part.body, { 'content-type': part.contentType });
    expect(uploaded.status).toBe(201);
    const stopped = await t.call('POST', '/technician-workflow/stop', { requestId: id, notes: 'Replaced the seal' });
    expect(stopped.body.status).toBe('WORK_COMPLETED');
    expect(stopped.body.workLogs.at(-1).endTime).toEqual(expect.any(String));
    const details = await a.call('GET', `/service-requests/${id}`);
    expect(details.body.workMedia[0]).toMatchObject({ id: expect.any(String), fileUrl: expect.any(String) });
    // It shows a photo as <img src={serverAddress + fileUrl}>: a path on our host, no bearer, from
    // its own origin.
    const fileUrl: string = details.body.workMedia[0].fileUrl;
    expect(fileUrl).toMatch(/^\/api\//);
    const img = await ctx.app.inject({ method: 'GET', url: fileUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\//);
    expect(img.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const ack = await a.call('PATCH', `/service-requests/${id}/acknowledge`, { comments: 'Thanks' });
    expect(ack.body.status).toBe('COMPLETED');

    const first = new SpecClient();
    await first.login(techs[0]?.email as string);
    const history = await first.call('GET', '/technicians/task-history');
    expect(history.body.length).toBe(Number(history.headers['x-total-count']));
    expect(history.body.length).toBeGreaterThanOrEqual(11);
    const stats = await first.call('GET', '/technicians/my-stats');
    expect(stats.status).toBe(200);
    const dash = await first.call('GET', '/service-requests/dashboard/stats');
    expect(dash.body).toMatchObject({
      totalRequests: expect.any(Number),
      pendingApproval: expect.any(Number),
      inProgress: expect.any(Number),
      completed: expect.any(Number),
      recentRequests: expect.any(Array),
      byType: expect.any(Array),
      myTasks: { assigned: expect.any(Number), inProgress: expect.any(Number), workCompleted: expect.any(Number) },
    });
  });

  it('A Salesman’s request (spec section 6): the Sales Admin approves both stages and rejects at either; a Service Manager gets 403 for both', async () => {
    // The spec's client offers Approve and Reject on such a request only to Sales Admin and Super
    // Admin; before issue 31 (item 11) its second stage answered the Sales Admin 403 and its rejection 409.
    const salesAdmin = await makeUser(ctx.db, ROLE.SALES_ADMIN);
    const sales = new SpecClient();
    await sales.login(salesman.email);
    const customer = (await sales.call('GET', '/customers')).body[0];
    const create = async (description: string) => {
      const made = await sales.call('POST', '/service-requests', {
        type: 'SERVICE',
        description,
        customerId: customer.id,
        regionId: region.id,
        requestedById: sales.userId,
      });
      expect(made.status).toBe(201);
      return made.body.id as string;
    };
    const sa = new SpecClient();
    await sa.login(salesAdmin.email);
    const sm = new SpecClient();
    await sm.login(manager.email);

    const id = await create('Salesman raised: both stages by the Sales Admin');
    expect(
      (await sa.call('POST', `/service-requests/${id}/sales-approve`, { comments: 'ok' })).body.salesApproved,
    ).toBe(true);
    const smApprove = await sm.call('POST', `/service-requests/${id}/service-approve`, { comments: 'go' });
    const smReject = await sm.call('POST', `/service-requests/${id}/reject`, { comments: 'No' });
    expect([smApprove.status, smReject.status]).toEqual([403, 403]);
    expect(smApprove.body.message).toEqual(expect.any(String));
    const approved = await sa.call('POST', `/service-requests/${id}/service-approve`, { comments: 'go' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED' });
    expect(approved.body.approvalHistory.map((h: Json) => h.approver.name)).toEqual([salesAdmin.name, salesAdmin.name]);

    for (const salesApproveFirst of [false, true]) {
      const other = await create(`Salesman raised: rejected by the Sales Admin (${salesApproveFirst})`);
      if (salesApproveFirst) await sa.call('POST', `/service-requests/${other}/sales-approve`, { comments: 'ok' });
      const rej = await sa.call('POST', `/service-requests/${other}/reject`, { comments: 'Duplicate' });
      expect(rej.status).toBe(200);
      expect(rej.body.status).toBe('REJECTED');
    }
  });

  it('Notifications: list, count, send, mark one read (answers the notification), delivered, mark several', async () => {
    // The Salesman's own manager: free-text messages go to colleagues only (ADR 016).
    const boss = await makeUser(ctx.db, ROLE.SALES_MANAGER, { regionId: region.id });
    const m = new SpecClient();
    await m.login(boss.email);
    const sent = await m.call('POST', '/notifications', { toUserId: salesman.id, message: 'Call the customer back' });
    expect(sent.status).toBe(201);
    await m.call('POST', '/notifications', { toUserId: salesman.id, message: 'And send the invoice' });
    await m.call('POST', '/notifications', { toUserId: salesman.id, message: 'And close the ticket' });

    const s = new SpecClient();
    await s.login(salesman.email);
    const list = await s.call('GET', '/notifications');
    const mine = (list.body as Json[]).filter((n) => n.sender?.name === boss.name);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ id: expect.any(String), message: expect.any(String), status: 'unread' });
    expect(mine[0].createdAt).toEqual(expect.any(String));
    const before = (await s.call('GET', '/notifications/unread-count')).body.count;
    const read = await s.call('POST', `/notifications/${mine[0].id}/read`);
    expect(read.status).toBe(200);
    // The client replaces the item by id and shows its status: no "New" chip any more.
    expect(read.body).toMatchObject({ id: mine[0].id, status: 'read', message: mine[0].message });
    expect((await s.call('GET', '/notifications/unread-count')).body.count).toBe(before - 1);
    expect((await s.call('POST', `/notifications/${mine[1].id}/delivered`)).status).toBe(200);
    const several = await s.call('PATCH', '/notifications/mark-multiple-read', {
      notificationIds: [mine[1].id, mine[2].id],
    });
    expect(several.status).toBe(200);
    expect((await s.call('GET', '/notifications/unread-count')).body.count).toBe(before - 3);
  });

  it(`a list that can be huge answers the newest ${UNPAGED_CAP} without paging, and says so`, async () => {
    const user = await makeUser(ctx.db, ROLE.SALESMAN, { regionId: region.id });
    const base = Date.now() - 3_600_000;
    await ctx.db.insert(notifications).values(
      Array.from({ length: UNPAGED_CAP + 5 }, (_, i) => ({
        toUserId: user.id,
        message: `Note ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const c = new SpecClient();
    await c.login(user.email);
    const all = await c.call('GET', '/notifications');
    expect(all.body).toHaveLength(UNPAGED_CAP);
    expect(all.headers['x-total-count']).toBe(String(UNPAGED_CAP + 5));
    expect(all.headers[CAPPED_HEADER.toLowerCase()]).toBe(String(UNPAGED_CAP));
    expect(all.body[0].message).toBe(`Note ${UNPAGED_CAP + 4}`);
    // Our own client always pages: no cap, no header.
    const page = await c.call('GET', '/notifications?page=2&pageSize=50');
    expect(page.body).toHaveLength(50);
    expect(page.headers[CAPPED_HEADER.toLowerCase()]).toBeUndefined();
  });

  it(`service requests, customers and task history also stop at the first ${UNPAGED_CAP} without paging, and say so`, async () => {
    const extra = UNPAGED_CAP + 5;
    const far = await makeRegion(ctx.db);
    const boss = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: far.id });
    const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: far.id });
    const raiser = await makeUser(ctx.db, ROLE.SALESMAN, { regionId: far.id });
    const made = await ctx.db
      .insert(customers)
      .values(
        Array.from({ length: extra }, (_, i) => ({
          name: `Capped Customer ${String(i).padStart(4, '0')}`,
          address: '1 Test Street, Test Town',
          primaryPhone: String(9100000000 + i),
          regionId: far.id,
          searchText: `capped customer ${i}`,
        })),
      )
      .returning({ id: customers.id });
    const base = Date.now() - 3_600_000;
    await ctx.db.insert(serviceRequests).values(
      Array.from({ length: extra }, (_, i) => ({
        type: 'SERVICE' as const,
        description: `Capped request ${i}`,
        status: 'COMPLETED' as const,
        customerId: made[i % made.length]?.id as string,
        regionId: far.id,
        requestedById: raiser.id,
        assignedToId: tech.id,
        searchText: `capped request ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const expectCapped = (res: Reply) => {
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(UNPAGED_CAP);
      expect(res.headers['x-total-count']).toBe(String(extra));
      expect(res.headers[CAPPED_HEADER.toLowerCase()]).toBe(String(UNPAGED_CAP));
    };

    const m = new SpecClient();
    await m.login(boss.email);
    const requests = await m.call('GET', '/service-requests');
    expectCapped(requests);
    // Newest first: the five oldest are the ones left out.
    expect(requests.body[0].description).toBe(`Capped request ${extra - 1}`);
    expect(requests.body.at(-1).description).toBe('Capped request 5');
    const list = await m.call('GET', '/customers');
    expectCapped(list);
    // Customers keep their list order, by name.
    expect(list.body[0].name).toBe('Capped Customer 0000');

    const t = new SpecClient();
    await t.login(tech.email);
    const history = await t.call('GET', '/technicians/task-history');
    expectCapped(history);
    expect(history.body[0].description).toBe(`Capped request ${extra - 1}`);
  });
});
