import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { users } from '#server/db/schema/people.ts';
import { approvalHistory, serviceRequests, workLogs } from '#server/db/schema/requests.ts';
import {
  ALREADY_SALES_APPROVED,
  NEEDS_SALES_APPROVAL,
  NO_TECHNICIAN,
  NOT_A_CANDIDATE,
  SELF_APPROVAL,
} from '#server/modules/service-requests/service.ts';
import { SYSTEM_ROLES, type SystemRole } from '#shared/domain/roles.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { createTestApp, makeUser, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';
import { caller, makeCustomer, makeRegion, makeRequest, makeWorld, regionFor, signedIn } from './test-helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
/** One signed-in user per role, in the world's region (admins have none). */
const as = new Map<SystemRole, Session & { user: { id: string } }>();
beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  for (const role of SYSTEM_ROLES) as.set(role, await signedIn(ctx, role, { regionId: regionFor(role, w.region.id) }));
});
afterAll(() => ctx.close());

const s = (role: SystemRole) => as.get(role) as Session & { user: { id: string } };

async function request(
  status: RequestStatus,
  over: Parameters<typeof makeRequest>[1] extends infer O ? Partial<O> : never = {},
) {
  return makeRequest(ctx.db, {
    customerId: w.customer.id,
    regionId: w.region.id,
    requestedById: s(ROLE.SERVICE_MANAGER).user.id,
    status,
    ...over,
  });
}

const historyOf = (id: string) => ctx.db.select().from(approvalHistory).where(eq(approvalHistory.requestId, id));

/** The endpoint of each action, as the spec's client calls it. */
const ACTIONS = {
  salesApprove: (id: string) => ['POST', `/api/service-requests/${id}/sales-approve`, { comments: 'ok' }] as const,
  serviceApprove: (id: string) => ['POST', `/api/service-requests/${id}/service-approve`, { comments: 'ok' }] as const,
  reject: (id: string) => ['POST', `/api/service-requests/${id}/reject`, { comments: 'Not serviceable' }] as const,
  autoAssign: (id: string) => ['POST', `/api/service-requests/${id}/auto-assign`, undefined] as const,
  acknowledge: (id: string) => ['PATCH', `/api/service-requests/${id}/acknowledge`, { comments: 'Thanks' }] as const,
  start: (id: string) => ['POST', '/api/technician-workflow/start', { requestId: id }] as const,
  stop: (id: string) => ['POST', '/api/technician-workflow/stop', { requestId: id, notes: 'Done' }] as const,
};
type ActionName = keyof typeof ACTIONS;
const act = (who: Session, name: ActionName, id: string) => {
  const [method, url, payload] = ACTIONS[name](id);
  return call(who, method, url, payload);
};

describe('who may take each transition (every role, raised by themselves so the request is in scope)', () => {
  const cases: {
    name: ActionName;
    status: RequestStatus;
    facts?: { needsSalesApproval?: boolean; salesApproved?: boolean };
    allowed: SystemRole[];
    expectStatus: RequestStatus;
  }[] = [
    {
      name: 'salesApprove',
      status: 'PENDING_APPROVAL',
      facts: { needsSalesApproval: true },
      allowed: [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN],
      expectStatus: 'PENDING_APPROVAL',
    },
    {
      name: 'serviceApprove',
      status: 'PENDING_APPROVAL',
      allowed: [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD],
      expectStatus: 'APPROVED',
    },
    {
      name: 'reject',
      status: 'PENDING_APPROVAL',
      facts: { needsSalesApproval: true },
      allowed: [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN],
      expectStatus: 'REJECTED',
    },
    {
      name: 'reject',
      status: 'PENDING_APPROVAL',
      allowed: [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD],
      expectStatus: 'REJECTED',
    },
    // Raised by a sales role and sales-approved: the second stage is still the sales approvers'
    // (spec section 6; docs/product-rules.md R-17).
    {
      name: 'serviceApprove',
      status: 'PENDING_APPROVAL',
      facts: { needsSalesApproval: true, salesApproved: true },
      allowed: [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN],
      expectStatus: 'APPROVED',
    },
    {
      name: 'reject',
      status: 'PENDING_APPROVAL',
      facts: { needsSalesApproval: true, salesApproved: true },
      allowed: [ROLE.SUPER_ADMIN, ROLE.SALES_ADMIN],
      expectStatus: 'REJECTED',
    },
    {
      name: 'autoAssign',
      status: 'APPROVED',
      allowed: [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER],
      expectStatus: 'ASSIGNED',
    },
    {
      name: 'acknowledge',
      status: 'WORK_COMPLETED',
      allowed: [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER],
      expectStatus: 'COMPLETED',
    },
  ];
  for (const c of cases) {
    const stage = !c.facts?.needsSalesApproval
      ? ''
      : c.facts.salesApproved
        ? ' (raised by a sales role, service stage)'
        : ' (sales stage)';
    it(`${c.name}${stage}: ${c.allowed.join(', ')} get 200; every other role 403`, async () => {
      const approval = c.name === 'salesApprove' || c.name === 'serviceApprove';
      for (const role of SYSTEM_ROLES) {
        const r = await request(c.status, { requestedById: s(role).user.id, ...c.facts });
        const res = await act(s(role), c.name, r.id);
        if (approval && c.allowed.includes(role) && role !== ROLE.SUPER_ADMIN) {
          // Nobody approves a request they raised (Super Admin excepted): someone else's, yes.
          expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
          expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: SELF_APPROVAL });
          const someoneElse = await makeUser(ctx.db, ROLE.SALES_MANAGER, { regionId: w.region.id });
          const theirs = await request(c.status, { requestedById: someoneElse.id, ...c.facts });
          const ok = await act(s(role), c.name, theirs.id);
          expect(ok.statusCode, `${role}: ${ok.body}`).toBe(200);
          expect(ok.json().status).toBe(c.expectStatus);
        } else if (c.allowed.includes(role)) {
          expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
          expect(res.json().status).toBe(c.expectStatus);
        } else {
          expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
          const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
          expect(row?.status).toBe(c.status);
          expect(row?.version).toBe(1);
        }
      }
    });
  }

  it('start and stop: only the assigned technician; everyone else 403 (or 404 when out of scope)', async () => {
    const tech = s(ROLE.TECHNICIAN);
    for (const [name, status] of [
      ['start', 'ASSIGNED'],
      ['stop', 'IN_PROGRESS'],
    ] as const) {
      for (const role of SYSTEM_ROLES) {
        // Raised by the role itself, assigned to the technician: in scope for everyone.
        const r = await request(status, { requestedById: s(role).user.id, assignedToId: tech.user.id });
        const res = await act(s(role), name, r.id);
        if (role === ROLE.TECHNICIAN) expect(res.statusCode, role).toBe(200);
        else expect(res.statusCode, `${role} ${name}`).toBe(403);
      }
      const other = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
      const r = await request(status, { assignedToId: tech.user.id });
      expect((await act(other, name, r.id)).statusCode).toBe(404);
    }
  });
});

describe('the two-stage path', () => {
  it('Salesman raises, Sales Admin sales-approves and then approves (spec section 6); each step in the history', async () => {
    const salesman = s(ROLE.SALESMAN);
    const created = await call(salesman, 'POST', '/api/service-requests', {
      type: 'INSTALLATION',
      description: 'Install an RO unit in the new kitchen',
      customerId: w.customer.id,
      regionId: w.region.id,
    });
    const id = created.json().id;

    // Not the Sales Admin's second stage yet: the sales approval comes first.
    const early = await act(s(ROLE.SALES_ADMIN), 'serviceApprove', id);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(NEEDS_SALES_APPROVAL);

    const sales = await act(s(ROLE.SALES_ADMIN), 'salesApprove', id);
    expect(sales.statusCode).toBe(200);
    expect(sales.json()).toMatchObject({ status: 'PENDING_APPROVAL', salesApproved: true });

    const twice = await act(s(ROLE.SALES_ADMIN), 'salesApprove', id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/has moved on: it has already been sales-approved/);

    // A request raised by a sales role is never the service roles' to approve or reject: one 403 for both.
    for (const name of ['serviceApprove', 'reject'] as const) {
      const refused = await act(s(ROLE.SERVICE_MANAGER), name, id);
      expect(refused.statusCode, `${name}: ${refused.body}`).toBe(403);
    }

    const service = await act(s(ROLE.SALES_ADMIN), 'serviceApprove', id);
    expect(service.statusCode, service.body).toBe(200);
    const after = service.json();
    expect(after.status).toBe('APPROVED');
    expect(after.approvedBy).toEqual({ name: s(ROLE.SALES_ADMIN).user.name });
    expect(after.approvalHistory).toMatchObject([
      {
        approver: { name: s(ROLE.SALES_ADMIN).user.name },
        approverRole: 'Sales Admin',
        stage: 'SALES',
        status: 'APPROVED',
        comments: 'ok',
      },
      {
        approver: { name: s(ROLE.SALES_ADMIN).user.name },
        approverRole: 'Sales Admin',
        stage: 'SERVICE',
        status: 'APPROVED',
        comments: 'ok',
      },
    ]);
    expect(typeof after.approvalHistory[0].approvedAt).toBe('string');

    // After the sales approval the sales approvers are told (not the service approvers); after
    // the service approval the requester and the region's dispatchers.
    const told = await ctx.db
      .select({ to: notifications.toUserId, event: notifications.event })
      .from(notifications)
      .where(eq(notifications.requestId, id));
    expect(told).toContainEqual({ to: salesman.user.id, event: 'approved' });
    expect(told).toContainEqual({ to: s(ROLE.SERVICE_MANAGER).user.id, event: 'approved' });
    expect(told).toContainEqual({ to: s(ROLE.SUPER_ADMIN).user.id, event: 'salesApproved' });
    expect(told).not.toContainEqual({ to: s(ROLE.SERVICE_MANAGER).user.id, event: 'salesApproved' });
    const audits = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['request.create', 'request.sales_approve', 'request.service_approve']),
    );
  });

  it('comments are optional on approvals, and the body may be absent', async () => {
    const r = await request('PENDING_APPROVAL');
    const res = await call(s(ROLE.SERVICE_TEAM_LEAD), 'POST', `/api/service-requests/${r.id}/service-approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().approvalHistory[0].comments).toBeNull();
  });
});

describe('reject', () => {
  it('needs a non-blank reason (400), then records it and tells the requester why', async () => {
    const r = await request('PENDING_APPROVAL', { requestedById: s(ROLE.SERVICE_TEAM_LEAD).user.id });
    const url = `/api/service-requests/${r.id}/reject`;
    for (const payload of [{}, { comments: '' }, { comments: '   ' }]) {
      const res = await call(s(ROLE.SERVICE_MANAGER), 'POST', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A reason for rejecting is required');
    }
    expect((await call(s(ROLE.SERVICE_MANAGER), 'POST', url)).statusCode).toBe(400);
    const ok = await call(s(ROLE.SERVICE_MANAGER), 'POST', url, { comments: '  Duplicate request  ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('REJECTED');
    expect(ok.json().approvalHistory).toMatchObject([
      { status: 'REJECTED', stage: 'SERVICE', comments: 'Duplicate request' },
    ]);
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.requestId, r.id), eq(notifications.event, 'rejected')));
    expect(note?.toUserId).toBe(s(ROLE.SERVICE_TEAM_LEAD).user.id);
    expect(note?.message).toMatch(/Duplicate request/);
    // Final: nothing moves it again.
    const again = await act(s(ROLE.SERVICE_MANAGER), 'serviceApprove', r.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This request has moved on: it is now REJECTED. Reload to see its current state.',
    );
  });
});

describe('a stale page: the stage the caller could act on has passed', () => {
  it('a Sales Admin sales-approving a request sales-approved meanwhile gets 409 "moved on"; rejecting it is still theirs', async () => {
    const r = await request('PENDING_APPROVAL', {
      requestedById: s(ROLE.SALESMAN).user.id,
      needsSalesApproval: true,
    });
    // Someone else gives the sales approval while the Sales Admin's page still shows the sales stage.
    expect((await act(s(ROLE.SUPER_ADMIN), 'salesApprove', r.id)).statusCode).toBe(200);
    const stale = await act(s(ROLE.SALES_ADMIN), 'salesApprove', r.id);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect(stale.json().message).toBe(ALREADY_SALES_APPROVED);
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row).toMatchObject({ status: 'PENDING_APPROVAL', salesApproved: true, version: 2 });
    // Roles that could never reject it keep their 403, the service roles included (spec section 6);
    // the rejection at the service stage of a sales-raised request is the Sales Admin's.
    for (const role of [ROLE.SALESMAN, ROLE.SALES_MANAGER, ROLE.SERVICE_MANAGER]) {
      expect((await act(s(role), 'reject', r.id)).statusCode, role).toBe(403);
    }
    const rejected = await act(s(ROLE.SALES_ADMIN), 'reject', r.id);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().approvalHistory.at(-1)).toMatchObject({ stage: 'SERVICE', status: 'REJECTED' });
  });

  it('a Sales Admin rejecting a request that never had a sales stage still gets 403', async () => {
    const r = await request('PENDING_APPROVAL');
    const res = await act(s(ROLE.SALES_ADMIN), 'reject', r.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot reject this request');
  });
});

describe('assignment', () => {
  it('auto-assign picks the least-loaded active technician of the region, then the one assigned least recently', async () => {
    const region = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, region.id);
    const busy = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id, name: 'Busy Tech' });
    const recent = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id, name: 'Recent Tech' });
    const fresh = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id, name: 'Fresh Tech' });
    await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id, status: 'INACTIVE', name: 'Gone Tech' });
    await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: w.other.id, name: 'Far Tech' });
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const base = { customerId: customer.id, regionId: region.id, requestedById: manager.user.id };
    await makeRequest(ctx.db, { ...base, status: 'ASSIGNED', assignedToId: busy.id });
    await makeRequest(ctx.db, { ...base, status: 'IN_PROGRESS', assignedToId: busy.id });
    // Finished work is not load.
    await makeRequest(ctx.db, { ...base, status: 'COMPLETED', assignedToId: recent.id });
    await ctx.db.update(users).set({ lastAssignedAt: new Date() }).where(eq(users.id, recent.id));

    const candidates = await call(
      manager,
      'GET',
      `/api/service-requests/${(await makeRequest(ctx.db, { ...base, status: 'APPROVED' })).id}/technicians`,
    );
    expect(candidates.statusCode).toBe(200);
    expect(candidates.json().map((c: { name: string; openTasks: number }) => [c.name, c.openTasks])).toEqual([
      ['Fresh Tech', 0],
      ['Recent Tech', 0],
      ['Busy Tech', 2],
    ]);

    const picks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await makeRequest(ctx.db, { ...base, status: 'APPROVED' });
      const res = await act(manager, 'autoAssign', r.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('ASSIGNED');
      picks.push(res.json().assignedTo.name);
    }
    // Fresh (0 open, never assigned), Recent (0 open), then Fresh (1, assigned before Recent),
    // then Recent (1 against Fresh's 2); Busy (2 open) never comes up.
    expect(picks).toEqual(['Fresh Tech', 'Recent Tech', 'Fresh Tech', 'Recent Tech']);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toUserId, fresh.id), eq(notifications.event, 'assigned')));
    expect(notes).toHaveLength(2);
  });

  it('auto-assign with no active technician in the region answers 409 with a clear message', async () => {
    const region = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, region.id);
    const admin = s(ROLE.SERVICE_ADMIN);
    const r = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: admin.user.id,
      status: 'APPROVED',
    });
    const res = await act(admin, 'autoAssign', r.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_TECHNICIAN);
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row).toMatchObject({ status: 'APPROVED', assignedToId: null, version: 1 });
  });

  it('manual assign takes only an active technician of the request’s region (else 400), and may reassign before work starts', async () => {
    const tech = s(ROLE.TECHNICIAN);
    const tech2 = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: w.region.id });
    const far = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: w.other.id });
    const inactive = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: w.region.id, status: 'INACTIVE' });
    const notTech = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD, { regionId: w.region.id });
    const r = await request('APPROVED');
    const url = `/api/service-requests/${r.id}/manual-assign`;
    const manager = s(ROLE.SERVICE_MANAGER);
    for (const t of [far.id, inactive.id, notTech.id, crypto.randomUUID()]) {
      const res = await call(manager, 'POST', url, { technicianId: t });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOT_A_CANDIDATE);
    }
    const missing = await call(manager, 'POST', url, { technicianId: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a technician');

    const ok = await call(manager, 'POST', url, { technicianId: tech.user.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ASSIGNED', assignedTo: { id: tech.user.id, name: tech.user.name } });
    const again = await call(manager, 'POST', url, { technicianId: tech2.id });
    expect(again.json().assignedTo.id).toBe(tech2.id);
    // Once work starts it can no longer be reassigned.
    await ctx.db.update(serviceRequests).set({ status: 'IN_PROGRESS' }).where(eq(serviceRequests.id, r.id));
    expect((await call(manager, 'POST', url, { technicianId: tech.user.id })).statusCode).toBe(409);
  });

  it('the candidate list is for dispatchers only (403 for others, 404 out of scope)', async () => {
    const r = await request('APPROVED', { requestedById: s(ROLE.SALESMAN).user.id });
    expect((await call(s(ROLE.SALESMAN), 'GET', `/api/service-requests/${r.id}/technicians`)).statusCode).toBe(403);
    const farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
    expect((await call(farManager, 'GET', `/api/service-requests/${r.id}/technicians`)).statusCode).toBe(404);
  });
});

describe('work and acknowledgement', () => {
  it('start opens a work log, stop closes it with the notes, acknowledge completes', async () => {
    const tech = s(ROLE.TECHNICIAN);
    const r = await request('ASSIGNED', { assignedToId: tech.user.id });
    const started = await act(tech, 'start', r.id);
    expect(started.statusCode).toBe(200);
    expect(started.json().status).toBe('IN_PROGRESS');
    expect(started.json().workLogs).toMatchObject([{ endTime: null, notes: null, technician: { id: tech.user.id } }]);

    const twice = await act(tech, 'start', r.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/it is now IN PROGRESS/);

    const stopped = await call(tech, 'POST', '/api/technician-workflow/stop', {
      requestId: r.id,
      notes: 'Replaced the membrane',
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().status).toBe('WORK_COMPLETED');
    const [log] = stopped.json().workLogs;
    expect(log.notes).toBe('Replaced the membrane');
    expect(new Date(log.endTime).getTime()).toBeGreaterThanOrEqual(new Date(log.startTime).getTime());
    expect(await ctx.db.select().from(workLogs).where(eq(workLogs.requestId, r.id))).toHaveLength(1);

    const done = await act(s(ROLE.SERVICE_MANAGER), 'acknowledge', r.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('COMPLETED');
    expect(done.json().completedAt).not.toBeNull();
    expect(done.json().approvalHistory).toMatchObject([
      { stage: 'ACKNOWLEDGE', status: 'APPROVED', comments: 'Thanks' },
    ]);
    const told = await ctx.db
      .select({ to: notifications.toUserId })
      .from(notifications)
      .where(and(eq(notifications.requestId, r.id), eq(notifications.event, 'completed')));
    // The requester acknowledged it themselves (an actor is never told of their own action).
    expect(told.map((t) => t.to)).toEqual([tech.user.id]);
  });

  it('refuses actions in the wrong status with 409 and the current status', async () => {
    const r = await request('APPROVED');
    const res = await act(s(ROLE.SERVICE_MANAGER), 'acknowledge', r.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This request has moved on: it is now APPROVED. Reload to see its current state.',
      code: 'CONFLICT',
    });
  });
});

describe('concurrency', () => {
  it('20 concurrent approvals of one request: exactly one 200, nineteen 409, one history row', async () => {
    // Raised by a technician: none of the approvers raised it (nobody approves their own, ADR 016).
    const r = await request('PENDING_APPROVAL', { requestedById: s(ROLE.TECHNICIAN).user.id });
    const approvers = [s(ROLE.SUPER_ADMIN), s(ROLE.SERVICE_ADMIN), s(ROLE.SERVICE_MANAGER), s(ROLE.SERVICE_TEAM_LEAD)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => act(approvers[i % approvers.length] as Session, 'serviceApprove', r.id)),
    );
    const codes = results.map((x) => x.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const res of results.filter((x) => x.statusCode === 409)) {
      expect(res.json().message).toMatch(/^This request has moved on/);
    }
    expect(await historyOf(r.id)).toHaveLength(1);
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row).toMatchObject({ status: 'APPROVED', version: 2 });
    const approvals = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.requestId, r.id), eq(notifications.event, 'approved')));
    // One event's worth of notifications, not twenty.
    expect(new Set(approvals.map((n) => n.toUserId)).size).toBe(approvals.length);
  });

  it('an approve racing a reject: one wins, the other is told it moved on', async () => {
    // Raised by the team lead: the Service Manager may not approve their own request.
    const r = await request('PENDING_APPROVAL', { requestedById: s(ROLE.SERVICE_TEAM_LEAD).user.id });
    const [a, b] = await Promise.all([
      act(s(ROLE.SERVICE_MANAGER), 'serviceApprove', r.id),
      act(s(ROLE.SERVICE_ADMIN), 'reject', r.id),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    expect(await historyOf(r.id)).toHaveLength(1);
  });
});
