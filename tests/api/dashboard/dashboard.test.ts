import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, makeRequest, makeWorld, signedIn } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let admin: Session;
let manager: Session;
let farManager: Session;
let tech: Session & { made: { id: string } };
let salesman: Session & { made: { id: string } };

const stats = async (s: Session) => {
  const res = await call(s, 'GET', '/api/service-requests/dashboard/stats');
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  // A database of its own, so the counts are exact.
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  salesman = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
});
afterAll(() => ctx.close());

describe('GET /api/service-requests/dashboard/stats', () => {
  it('counts what each viewer can see, and moves with every transition', async () => {
    const create = async (s: Session, type: string, customerId = w.customer.id, regionId = w.region.id) => {
      const res = await call(s, 'POST', '/api/service-requests', {
        type,
        description: `A ${type.toLowerCase()} request for the dashboard`,
        customerId,
        regionId,
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    // Region: 3 by the manager, 1 by the salesman, 1 by the technician. Elsewhere: 2.
    const a = await create(manager, 'SERVICE');
    const b = await create(manager, 'INSTALLATION');
    const c = await create(manager, 'COMPLAINT');
    const d = await create(salesman, 'ENQUIRY');
    const e = await create(tech, 'SERVICE');
    await create(farManager, 'SERVICE', w.farCustomer.id, w.other.id);
    await create(admin, 'INSTALLATION', w.farCustomer.id, w.other.id);

    // a: approved → assigned to tech → in progress. b: assigned to tech. c: rejected.
    // e (raised by the tech): approved → assigned to the tech → work completed.
    for (const id of [a, b, e]) {
      // The Super Admin approves (nobody else approves a request they raised).
      expect((await call(admin, 'POST', `/api/service-requests/${id}/service-approve`)).statusCode).toBe(200);
      const assigned = await call(manager, 'POST', `/api/service-requests/${id}/manual-assign`, {
        technicianId: tech.made.id,
      });
      expect(assigned.statusCode).toBe(200);
    }
    expect((await call(tech, 'POST', '/api/technician-workflow/start', { requestId: a })).statusCode).toBe(200);
    expect((await call(tech, 'POST', '/api/technician-workflow/start', { requestId: e })).statusCode).toBe(200);
    expect((await call(tech, 'POST', '/api/technician-workflow/stop', { requestId: e })).statusCode).toBe(200);
    expect(
      (await call(manager, 'POST', `/api/service-requests/${c}/reject`, { comments: 'Out of warranty' })).statusCode,
    ).toBe(200);

    const everything = await stats(admin);
    expect(everything).toMatchObject({
      totalRequests: 7,
      pendingApproval: 3,
      approved: 0,
      assigned: 1,
      inProgress: 1,
      workCompleted: 1,
      completed: 0,
      rejected: 1,
      draft: 0,
      myTasks: null,
    });
    expect(everything.byType).toEqual([
      { type: 'SERVICE', count: 3 },
      { type: 'INSTALLATION', count: 2 },
      { type: 'COMPLAINT', count: 1 },
      { type: 'ENQUIRY', count: 1 },
    ]);
    expect(everything.recentRequests).toHaveLength(5);

    const regional = await stats(manager);
    expect(regional).toMatchObject({
      totalRequests: 5,
      pendingApproval: 1,
      assigned: 1,
      inProgress: 1,
      workCompleted: 1,
      rejected: 1,
      myTasks: null,
    });
    expect(regional.recentRequests.map((r: { id: string }) => r.id).sort()).toEqual([a, b, c, d, e].sort());
    expect(regional.recentRequests[0].id).toBe(e);

    // The technician: assigned to them (a, b, e) or raised by them (e), e once.
    const mine = await stats(tech);
    expect(mine).toMatchObject({
      totalRequests: 3,
      assigned: 1,
      inProgress: 1,
      workCompleted: 1,
      pendingApproval: 0,
      myTasks: { assigned: 1, inProgress: 1, workCompleted: 1 },
    });
    expect(mine.byType).toEqual([
      { type: 'SERVICE', count: 2 },
      { type: 'INSTALLATION', count: 1 },
      { type: 'COMPLAINT', count: 0 },
      { type: 'ENQUIRY', count: 0 },
    ]);
    expect(mine.recentRequests.map((r: { id: string }) => r.id).sort()).toEqual([a, b, e].sort());

    const own = await stats(salesman);
    expect(own).toMatchObject({ totalRequests: 1, pendingApproval: 1 });
    expect(own.recentRequests.map((r: { id: string }) => r.id)).toEqual([d]);

    // Acknowledge e: the counts move in the same transaction.
    expect((await call(manager, 'PATCH', `/api/service-requests/${e}/acknowledge`)).statusCode).toBe(200);
    expect(await stats(tech)).toMatchObject({ workCompleted: 0, completed: 1, myTasks: { workCompleted: 0 } });
    expect(await stats(admin)).toMatchObject({ totalRequests: 7, completed: 1, workCompleted: 0 });
  });

  it('agrees with a count over the table for every viewer (the trigger keeps the counters true)', async () => {
    // Requests written straight to the table (seed, imports) are counted as well.
    await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: tech.made.id,
      assignedToId: tech.made.id,
      status: 'COMPLETED',
    });
    for (const s of [admin, manager, farManager, tech, salesman]) {
      const st = await stats(s);
      const list = await call(s, 'GET', '/api/service-requests?pageSize=1');
      if (list.statusCode === 200) expect(Number(list.headers['x-total-count'])).toBe(st.totalRequests);
      const sum =
        st.draft +
        st.pendingApproval +
        st.approved +
        st.assigned +
        st.inProgress +
        st.workCompleted +
        st.completed +
        st.rejected;
      expect(sum).toBe(st.totalRequests);
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await call(null, 'GET', '/api/service-requests/dashboard/stats')).statusCode).toBe(401);
  });
});
