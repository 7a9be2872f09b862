import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { notifications } from '#server/db/schema/activity.ts';
import { users } from '#server/db/schema/people.ts';
import { TokenService } from '#server/lib/tokens.ts';
import { NOT_A_COLLEAGUE } from '#server/modules/notifications/colleagues.ts';
import { notifyWorkflowEvent, type WorkflowEvent } from '#server/modules/notifications/events.service.ts';
import { MESSAGES_PER_MINUTE } from '#server/modules/notifications/routes.ts';
import type { SystemRole } from '#shared/domain/roles.ts';
import {
  createTestApp,
  login,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  type Session,
  signedIn,
  TEST_PASSWORD,
  type TestContext,
} from '#tests/harness/app.ts';
import { openStream } from '#tests/harness/sse.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The harness's JWT secret (tests/harness/app.ts): a second app and short tokens share it. */
const TEST_SECRET = 'test-secret-test-secret-test-secret-1234';

const post = (c: TestContext, headers: Record<string, string>, url: string, payload?: object) =>
  c.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function inbox(userId: string) {
  return inboxOf(ctx, userId);
}

function inboxOf(c: TestContext, userId: string) {
  return c.db.select().from(notifications).where(eq(notifications.toUserId, userId));
}

describe('who is told what', () => {
  it('notifies exactly the next actors of each workflow event, in the region, and never the actor', async () => {
    const region = await makeRegion(ctx.db);
    const other = await makeRegion(ctx.db);
    const p = {
      superAdmin: await makeUser(ctx.db, ROLE.SUPER_ADMIN),
      serviceAdmin: await makeUser(ctx.db, ROLE.SERVICE_ADMIN),
      salesAdmin: await makeUser(ctx.db, ROLE.SALES_ADMIN),
      manager: await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id }),
      managerElsewhere: await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: other.id }),
      lead: await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { regionId: region.id }),
      salesman: await makeUser(ctx.db, ROLE.SALESMAN, { regionId: region.id }),
      tech: await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id }),
      inactiveManager: await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id, status: 'INACTIVE' }),
    };
    const customer = await makeCustomer(ctx.db, region.id, { name: 'Kavya Menon' });
    const req = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: p.salesman.id,
      needsSalesApproval: true,
      assignedToId: p.tech.id,
    });
    const base = {
      id: req.id,
      type: req.type,
      regionId: region.id,
      requestedById: p.salesman.id,
      assignedToId: p.tech.id,
      needsSalesApproval: true,
      salesApproved: false,
      status: 'PENDING_APPROVAL',
    };
    const cases: { event: WorkflowEvent; actor: string; salesApproved?: boolean; expected: string[] }[] = [
      // A salesman's request: the sales approvers are next.
      { event: 'created', actor: p.salesman.id, expected: [p.superAdmin.id, p.salesAdmin.id] },
      // Sales-approved: the second stage is the sales approvers' too (spec section 6,
      // docs/product-rules.md R-17), so they are told, and the requester; no service approver.
      {
        event: 'salesApproved',
        actor: p.salesAdmin.id,
        salesApproved: true,
        expected: [p.superAdmin.id, p.salesman.id],
      },
      {
        event: 'approved',
        actor: p.salesAdmin.id,
        salesApproved: true,
        expected: [p.salesman.id, p.superAdmin.id, p.serviceAdmin.id, p.manager.id],
      },
      { event: 'rejected', actor: p.salesAdmin.id, expected: [p.salesman.id] },
      { event: 'assigned', actor: p.manager.id, salesApproved: true, expected: [p.tech.id, p.salesman.id] },
      {
        event: 'workCompleted',
        actor: p.tech.id,
        salesApproved: true,
        expected: [p.salesman.id, p.superAdmin.id, p.serviceAdmin.id, p.manager.id],
      },
      { event: 'completed', actor: p.manager.id, salesApproved: true, expected: [p.salesman.id, p.tech.id] },
    ];
    for (const c of cases) {
      const sent = await ctx.db.transaction((tx) =>
        notifyWorkflowEvent(tx, {
          event: c.event,
          actorId: c.actor,
          request: { ...base, salesApproved: c.salesApproved ?? false },
          customerName: customer.name,
          reason: c.event === 'rejected' ? 'Duplicate request' : null,
        }),
      );
      expect(new Set(sent), c.event).toEqual(new Set(c.expected));
      expect(sent, c.event).not.toContain(c.actor);
      expect(sent, c.event).not.toContain(p.managerElsewhere.id);
      expect(sent, c.event).not.toContain(p.inactiveManager.id);
    }
    const rejected = (await inbox(p.salesman.id)).find((n) => n.event === 'rejected');
    expect(rejected?.message).toContain('Duplicate request');
    expect(rejected?.message).toContain('Kavya Menon');
    expect(rejected?.requestId).toBe(req.id);
  });

  it('writes nothing when the transition rolls back', async () => {
    const region = await makeRegion(ctx.db);
    const requester = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const admin = await makeUser(ctx.db, ROLE.SERVICE_ADMIN);
    const customer = await makeCustomer(ctx.db, region.id);
    const req = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: requester.id,
    });
    await expect(
      ctx.db.transaction(async (tx) => {
        await notifyWorkflowEvent(tx, {
          event: 'approved',
          actorId: admin.id,
          request: { ...req, assignedToId: null },
          customerName: customer.name,
        });
        throw new Error('transition failed');
      }),
    ).rejects.toThrow('transition failed');
    expect(await inbox(requester.id)).toHaveLength(0);
  });
});

describe('who is told what, through the real endpoints', () => {
  it('each workflow event notifies exactly the recipients of docs/product-rules.md R-26, never the actor', async () => {
    // A database of its own: admins are global recipients, so no other test's users may exist.
    const own = await createTestApp();
    try {
      const region = await makeRegion(own.db);
      const elsewhere = await makeRegion(own.db);
      const as = async (role: SystemRole, regionId: string | null = region.id) => signedIn(own, role, { regionId });
      const p = {
        superAdmin: await as(ROLE.SUPER_ADMIN, null),
        serviceAdmin: await as(ROLE.SERVICE_ADMIN, null),
        salesAdmin: await as(ROLE.SALES_ADMIN, null),
        manager: await as(ROLE.SERVICE_MANAGER),
        lead: await as(ROLE.SERVICE_TEAM_LEAD),
        otherLead: await as(ROLE.SERVICE_TEAM_LEAD),
        salesManager: await as(ROLE.SALES_MANAGER),
        salesman: await as(ROLE.SALESMAN),
        tech: await as(ROLE.TECHNICIAN),
        otherTech: await as(ROLE.TECHNICIAN),
        managerElsewhere: await as(ROLE.SERVICE_MANAGER, elsewhere.id),
        leadElsewhere: await as(ROLE.SERVICE_TEAM_LEAD, elsewhere.id),
      };
      // Never told anything here: inactive, or in another region.
      await makeUser(own.db, ROLE.SERVICE_MANAGER, { regionId: region.id, status: 'INACTIVE' });
      await makeUser(own.db, ROLE.SUPER_ADMIN, { status: 'INACTIVE' });
      const customer = await makeCustomer(own.db, region.id, { name: 'Nila Varghese' });
      const call = async (who: Session, method: 'POST' | 'PATCH', url: string, payload: object = {}) => {
        const res = await own.app.inject({ method, url, headers: who.headers, payload });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
        return res.json();
      };
      const create = async (who: Session) =>
        (
          await call(who, 'POST', '/api/service-requests', {
            type: 'SERVICE',
            description: 'The purifier leaks at the outlet',
            customerId: customer.id,
            regionId: region.id,
          })
        ).id as string;
      const told = async (requestId: string, event: WorkflowEvent) => {
        const rows = await own.db
          .select({ to: notifications.toUserId })
          .from(notifications)
          .where(and(eq(notifications.requestId, requestId), eq(notifications.event, event)));
        return rows.map((r) => r.to).sort();
      };
      const ids = (...who: { made: { id: string } }[]) => who.map((w) => w.made.id).sort();
      const check = async (
        requestId: string,
        event: WorkflowEvent,
        actor: Session & { made: { id: string } },
        expected: string[],
      ) => {
        const got = await told(requestId, event);
        expect(got, event).toEqual(expected);
        expect(got, `${event}: never the actor`).not.toContain(actor.made.id);
      };

      // Raised by a non-sales role: the service approvers of its region (not the raiser).
      const byLead = await create(p.lead);
      await check(byLead, 'created', p.lead, ids(p.superAdmin, p.serviceAdmin, p.manager, p.otherLead));
      // Rejected at the service stage: the requester only, with the reason.
      await call(p.manager, 'POST', `/api/service-requests/${byLead}/reject`, { comments: 'Duplicate request' });
      await check(byLead, 'rejected', p.manager, ids(p.lead));

      // Raised by a Salesman: the sales approvers (global).
      const bySalesman = await create(p.salesman);
      await check(bySalesman, 'created', p.salesman, ids(p.superAdmin, p.salesAdmin));
      // Sales-approved: who may give the second stage, the sales approvers again (spec section 6,
      // docs/product-rules.md R-17), and the requester; no service approver.
      await call(p.salesAdmin, 'POST', `/api/service-requests/${bySalesman}/sales-approve`, { comments: 'ok' });
      await check(bySalesman, 'salesApproved', p.salesAdmin, ids(p.superAdmin, p.salesman));
      // Service-approved (by the Sales Admin): the requester, and who may assign in the region.
      await call(p.salesAdmin, 'POST', `/api/service-requests/${bySalesman}/service-approve`, { comments: 'ok' });
      await check(bySalesman, 'approved', p.salesAdmin, ids(p.salesman, p.superAdmin, p.serviceAdmin, p.manager));
      // Assigned: the technician, and the requester.
      await call(p.manager, 'POST', `/api/service-requests/${bySalesman}/manual-assign`, {
        technicianId: p.tech.made.id,
      });
      await check(bySalesman, 'assigned', p.manager, ids(p.tech, p.salesman));
      // Work completed (start tells no one): who may acknowledge in the region, and the requester.
      await call(p.tech, 'POST', '/api/technician-workflow/start', { requestId: bySalesman });
      await call(p.tech, 'POST', '/api/technician-workflow/stop', {
        requestId: bySalesman,
        notes: 'Replaced the seal',
      });
      await check(bySalesman, 'workCompleted', p.tech, ids(p.salesman, p.superAdmin, p.serviceAdmin, p.manager));
      // Acknowledged: the requester and the technician.
      await call(p.serviceAdmin, 'PATCH', `/api/service-requests/${bySalesman}/acknowledge`, { comments: 'Thanks' });
      await check(bySalesman, 'completed', p.serviceAdmin, ids(p.salesman, p.tech));

      // Rejected at the sales stage: the requester only.
      const another = await create(p.salesman);
      await call(p.salesAdmin, 'POST', `/api/service-requests/${another}/reject`, { comments: 'Not our area' });
      await check(another, 'rejected', p.salesAdmin, ids(p.salesman));

      // Nobody outside the table heard anything; each event once per request.
      for (const idle of [p.salesManager, p.otherTech, p.managerElsewhere, p.leadElsewhere]) {
        expect(await inboxOf(own, idle.made.id), idle.made.role).toEqual([]);
      }
      const all = await own.db
        .select({ r: notifications.requestId, e: notifications.event, to: notifications.toUserId })
        .from(notifications);
      expect(new Set(all.map((n) => `${n.r} ${n.e} ${n.to}`)).size).toBe(all.length);
    } finally {
      await own.close();
    }
  });
});

describe('reassignment', () => {
  it('tells the technician taken off the job, the new one and the requester, never the dispatcher', async () => {
    const region = await makeRegion(ctx.db);
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const lead = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: region.id });
    const first = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
    const second = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
    const customer = await makeCustomer(ctx.db, region.id, { name: 'Rekha Menon' });
    const send = async (who: Session, url: string, payload: object) => {
      const res = await ctx.app.inject({ method: 'POST', url, headers: who.headers, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const id = (
      await send(lead, '/api/service-requests', {
        type: 'SERVICE',
        description: 'Annual filter change due',
        customerId: customer.id,
        regionId: region.id,
      })
    ).id as string;
    await send(manager, `/api/service-requests/${id}/service-approve`, { comments: 'ok' });
    await send(manager, `/api/service-requests/${id}/manual-assign`, { technicianId: first.made.id });
    await send(manager, `/api/service-requests/${id}/manual-assign`, { technicianId: second.made.id });

    const rows = await ctx.db
      .select({ to: notifications.toUserId, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.requestId, id), eq(notifications.event, 'assigned')));
    const to = (who: Session & { made: { id: string } }) =>
      rows.filter((r) => r.to === who.made.id).map((r) => r.message);
    expect(to(first)).toEqual([
      'You have been assigned a Service request for Rekha Menon',
      'Service request for Rekha Menon was reassigned to another technician',
    ]);
    expect(to(second)).toEqual(['You have been assigned a Service request for Rekha Menon']);
    expect(to(lead)).toHaveLength(2);
    expect(to(manager)).toEqual([]);
  });
});

describe('notifications API', () => {
  it('lists only your own, newest first, paged with X-Total-Count, with the sender name', async () => {
    const me = await signedIn(ctx, ROLE.SALESMAN);
    const someone = await signedIn(ctx, ROLE.SALES_MANAGER);
    for (const message of ['first', 'second', 'third']) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: someone.headers,
        payload: { toUserId: me.made.id, message },
      });
      expect(r.statusCode).toBe(201);
    }
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { toUserId: someone.made.id, message: 'not yours' },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications?page=1&pageSize=2',
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const body = res.json();
    expect(body.map((n: { message: string }) => n.message)).toEqual(['third', 'second']);
    expect(body[0]).toMatchObject({ status: 'unread', sender: { name: someone.made.name } });
    const count = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: me.headers });
    expect(count.json()).toEqual({ count: 3 });
  });

  it("someone else's notification answers 404 and is not changed", async () => {
    const me = await signedIn(ctx, ROLE.SALESMAN);
    const them = await signedIn(ctx, ROLE.SALES_TEAM_LEAD);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { toUserId: them.made.id, message: 'hello' },
    });
    const [theirs] = await inbox(them.made.id);
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${theirs?.id}/read`,
      headers: me.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Notification not found');
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${theirs?.id}/delivered`,
      headers: me.headers,
    });
    expect(delivered.statusCode).toBe(404);
    const multi = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/mark-multiple-read',
      headers: me.headers,
      payload: { notificationIds: [theirs?.id] },
    });
    expect(multi.statusCode).toBe(404);
    expect(multi.json().message).toBe('Notification not found');
    const [after] = await inbox(them.made.id);
    expect(after?.status).toBe('unread');
  });

  it('marking several with any id not yours (or none at all) answers 404 and marks nothing, atomically', async () => {
    const me = await signedIn(ctx, ROLE.SALESMAN);
    const them = await signedIn(ctx, ROLE.TECHNICIAN);
    const sender = await signedIn(ctx, ROLE.SUPER_ADMIN);
    for (const to of [me.made.id, me.made.id, them.made.id]) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: sender.headers,
        payload: { toUserId: to, message: 'hello' },
      });
    }
    const mine = (await inbox(me.made.id)).map((n) => n.id);
    const [theirs] = (await inbox(them.made.id)).map((n) => n.id);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const stranger of [theirs, missing]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/notifications/mark-multiple-read',
        headers: me.headers,
        payload: { notificationIds: [...mine, stranger] },
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Notification not found');
      // Nothing marked: not my own ids in the same call, not theirs.
      expect((await inbox(me.made.id)).map((n) => n.status)).toEqual(['unread', 'unread']);
      expect((await inbox(them.made.id)).map((n) => n.status)).toEqual(['unread']);
    }
    const count = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: me.headers });
    expect(count.json()).toEqual({ count: 2 });
    // Only my own ids (repeated ids count once): marked.
    const ok = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/mark-multiple-read',
      headers: me.headers,
      payload: { notificationIds: [...mine, mine[0]] },
    });
    expect(ok.json()).toEqual({ updated: 2, count: 0 });
  });

  it('marking read lowers the count by one, marking several by their number, never below 0', async () => {
    const me = await signedIn(ctx, ROLE.SALESMAN);
    const sender = await signedIn(ctx, ROLE.SUPER_ADMIN);
    for (let i = 0; i < 3; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: sender.headers,
        payload: { toUserId: me.made.id, message: `m${i}` },
      });
    }
    const ids = (await inbox(me.made.id)).map((n) => n.id);
    const one = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${ids[0]}/read`, headers: me.headers });
    // The spec's client takes the updated notification (it finds the item by id); the count rides along.
    expect(one.json()).toMatchObject({ id: ids[0], status: 'read', unreadCount: 2 });
    expect(one.json().message).toEqual(expect.any(String));
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${ids[0]}/read`,
      headers: me.headers,
    });
    expect(again.json()).toMatchObject({ id: ids[0], status: 'read', unreadCount: 2 });
    const several = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/mark-multiple-read',
      headers: me.headers,
      payload: { notificationIds: ids },
    });
    expect(several.json()).toEqual({ updated: 2, count: 0 });
    const more = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/notifications/mark-multiple-read',
      headers: me.headers,
      payload: { notificationIds: ids },
    });
    expect(more.json()).toEqual({ updated: 0, count: 0 });
    // Even a deleted unread row cannot push the counter below zero.
    await ctx.db.update(users).set({ unreadNotifications: 0 }).where(eq(users.id, me.made.id));
    await ctx.db.delete(notifications).where(eq(notifications.toUserId, me.made.id));
    const count = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: me.headers });
    expect(count.json()).toEqual({ count: 0 });
  });

  it('sending needs an active recipient and a bounded message; the sender comes from the token', async () => {
    const me = await signedIn(ctx, ROLE.SALESMAN);
    const gone = await makeUser(ctx.db, ROLE.SALES_TEAM_LEAD, { status: 'INACTIVE' });
    const toGone = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { toUserId: gone.id, message: 'hi' },
    });
    expect(toGone.statusCode).toBe(404);
    expect(toGone.json().message).toBe(NOT_A_COLLEAGUE);
    const target = await makeUser(ctx.db, ROLE.SALES_TEAM_LEAD);
    const long = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { toUserId: target.id, message: 'x'.repeat(1001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Message must be at most 1000 characters');
    const spoof = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { toUserId: target.id, message: 'hi', senderId: target.id },
    });
    expect(spoof.statusCode).toBe(201);
    expect(spoof.json().sender).toEqual({ id: me.made.id, name: me.made.name });
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anon.statusCode).toBe(401);
  });

  it('free-text messages reach only colleagues; an unknown id, an inactive user and a stranger get the same 404', async () => {
    const chennai = await makeRegion(ctx.db, `Chennai ${Date.now()}`);
    const blr = await makeRegion(ctx.db, `Bengaluru ${Date.now()}`);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: blr.id });
    const lead = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { regionId: blr.id });
    const admin = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const salesman = await makeUser(ctx.db, ROLE.SALESMAN, { regionId: chennai.id });
    const chennaiLead = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { regionId: chennai.id });
    const gone = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { regionId: blr.id, status: 'INACTIVE' });
    const send = (toUserId: string, from = tech) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: from.headers,
        payload: { toUserId, message: 'Your account is locked, sign in at evil.example' },
      });
    // Up the chain (their lead, the Super Admin): allowed.
    expect((await send(lead.id)).statusCode).toBe(201);
    expect((await send(admin.id)).statusCode).toBe(201);
    // A stranger (another branch, another region), a lead of another region, an inactive
    // colleague and an id nobody has: one answer, which tells none of them apart.
    const refusals = await Promise.all(
      [salesman.id, chennaiLead.id, gone.id, '00000000-0000-4000-8000-000000000000'].map((id) => send(id)),
    );
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: NOT_A_COLLEAGUE });
    }
    expect(await inbox(salesman.id)).toEqual([]);
    // Down the chain: the lead reaches the technician; the Super Admin reaches everyone.
    const leadSession = await login(ctx.app, lead.email);
    expect((await send(tech.made.id, { ...tech, headers: leadSession.headers })).statusCode).toBe(201);
    // A shared request makes the Chennai salesman and the Bengaluru technician colleagues.
    const customer = await makeCustomer(ctx.db, blr.id);
    await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: blr.id,
      requestedById: salesman.id,
      assignedToId: tech.made.id,
      status: 'ASSIGNED',
    });
    expect((await send(salesman.id)).statusCode).toBe(201);
  });

  it('free-text messages are rate-limited per sender: the 31st in a minute is 429, another sender is not affected', async () => {
    const boss = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const other = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const to = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const send = (from: typeof boss) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: from.headers,
        payload: { toUserId: to.id, message: 'ping' },
      });
    const codes: number[] = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE + 1; i++) codes.push((await send(boss)).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(codes.at(-1)).toBe(429);
    expect((await send(other)).statusCode).toBe(201);
  });

  it('Mark all as read clears only your own unread', async () => {
    const me = await signedIn(ctx, ROLE.SALESMAN);
    const sender = await signedIn(ctx, ROLE.SUPER_ADMIN);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: sender.headers,
      payload: { toUserId: me.made.id, message: 'a' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { toUserId: sender.made.id, message: 'b' },
    });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: me.headers });
    expect(res.json()).toEqual({ updated: 1, count: 0 });
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: sender.headers,
    });
    expect(theirs.json()).toEqual({ count: 1 });
  });
});

describe('GET /api/notifications/stream', () => {
  it('pushes the new unread count and the notification within a second of the write', async () => {
    const live = await createTestApp();
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (live.app.server.address() as AddressInfo).port;
      const me = await signedIn(live, ROLE.TECHNICIAN);
      const sender = await signedIn(live, ROLE.SERVICE_MANAGER);
      const stream = openStream(port, me.token);
      await stream.waitFor((e) => e.event === 'notification' && e.data.count === 0);
      // The stream carries message texts: a shared office PC's browser must not keep it (issue 15, item 11).
      expect(stream.headers()['cache-control']).toBe('no-store, no-transform');
      const started = Date.now();
      await live.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: sender.headers,
        payload: { toUserId: me.made.id, message: 'You have a new task' },
      });
      const got = await stream.waitFor((e) => e.data.count === 1, 3000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(got.data.latest?.message).toBe('You have a new task');
      stream.close();
    } finally {
      await live.close();
    }
  });

  it('ends at once when its session is revoked, also when the stream is held by another server process', async () => {
    const live = await createTestApp();
    // A second server over the same database: on PostgreSQL its own pool and LISTEN connection.
    const other = process.env.TEST_DB === 'postgres' ? await openDatabase({ databaseUrl: live.database.url }) : null;
    const b = await buildApp({
      config: live.config,
      database: other ?? live.database,
      secret: TEST_SECRET,
      logger: false,
    });
    try {
      await b.listen({ port: 0, host: '127.0.0.1' });
      const port = (b.server.address() as AddressInfo).port;
      const admin = await signedIn(live, ROLE.SUPER_ADMIN);
      const opened = async (token: string) => {
        const stream = openStream(port, token);
        await stream.waitFor((e) => e.event === 'notification');
        return stream;
      };
      const revocations: [string, (me: Awaited<ReturnType<typeof signedIn>>) => Promise<{ statusCode: number }>][] = [
        ['own sign out everywhere', (me) => post(live, me.headers, '/api/auth/sign-out-everywhere', {})],
        [
          'admin sign out everywhere',
          (me) => post(live, admin.headers, `/api/users/${me.made.id}/sign-out-everywhere`),
        ],
        ['logout', (me) => post(live, { ...me.headers, cookie: me.cookie }, '/api/auth/logout')],
        [
          'deactivation',
          (me) => live.app.inject({ method: 'DELETE', url: `/api/users/${me.made.id}`, headers: admin.headers }),
        ],
      ];
      for (const [name, revoke] of revocations) {
        const me = await signedIn(live, ROLE.TECHNICIAN);
        const stream = await opened(me.token);
        expect(stream.ended(), name).toBe(false);
        expect((await revoke(me)).statusCode, name).toBe(200);
        expect(await stream.waitEnded(2000), name).toBeLessThan(2000);
      }
      // A password change ends the other sessions' streams and keeps the one that changed it.
      const me = await signedIn(live, ROLE.TECHNICIAN);
      const second = await login(live.app, me.made.email);
      const [elsewhere, here] = [await opened(me.token), await opened(second.token)];
      const changed = await post(live, second.headers, '/api/auth/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'another-secret-456',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await elsewhere.waitEnded(2000);
      await new Promise((r) => setTimeout(r, 300));
      expect(here.ended()).toBe(false);
      here.close();
    } finally {
      await b.close();
      await other?.close();
      await live.close();
    }
  });

  it('ends when its access token expires (the client reconnects with a fresh one)', async () => {
    const live = await createTestApp();
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (live.app.server.address() as AddressInfo).port;
      const me = await signedIn(live, ROLE.TECHNICIAN);
      // The same session, with a token that lives two seconds.
      const { sid } = JSON.parse(Buffer.from(me.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
      const short = await new TokenService(TEST_SECRET, 2).signAccess({ sub: me.made.id, sid });
      const [shortLived, normal] = [openStream(port, short), openStream(port, me.token)];
      await shortLived.waitFor((e) => e.event === 'notification');
      await normal.waitFor((e) => e.event === 'notification');
      const waited = await shortLived.waitEnded(4000);
      expect(waited).toBeGreaterThan(300);
      expect(normal.ended()).toBe(false);
      normal.close();
    } finally {
      await live.close();
    }
  });

  it('refuses a stream without a valid token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/stream',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the message limit is the send route’s alone', () => {
  it('reading the bell and the list more often than MESSAGES_PER_MINUTE is never throttled', async () => {
    // The limiter appends its preHandler to its route; it once landed on the shared guard array, so
    // every unread-count poll counted against (and wrote to) the sender's message budget.
    const user = await signedIn(ctx, ROLE.TECHNICIAN);
    const codes: number[] = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE + 5; i++) {
      const count = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications/unread-count',
        headers: user.headers,
      });
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications?page=1&pageSize=10',
        headers: user.headers,
      });
      codes.push(count.statusCode, list.statusCode);
    }
    expect(codes.filter((c) => c !== 200)).toEqual([]);
  });
});
