import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { SORT_MATCHES_UP_TO } from '#server/lib/paging.ts';
import { NEEDS_SALES_APPROVAL, SALES_APPROVAL_RESET } from '#server/modules/service-requests/service.ts';
import { createTestApp, makeUser, ROLE, type TestContext } from '#tests/harness/app.ts';
import { caller, makeCustomer, makeRegion, makeRequest, makeWorld, signedIn } from './test-helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
});
afterAll(() => ctx.close());

const body = (over: Record<string, unknown> = {}) => ({
  type: 'SERVICE',
  description: 'The purifier is leaking from the base',
  customerId: w.customer.id,
  regionId: w.region.id,
  ...over,
});

describe('POST /api/service-requests', () => {
  it('creates a PENDING_APPROVAL request raised by the caller, whatever requestedById says', async () => {
    const lead = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: w.region.id });
    const someoneElse = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const res = await call(lead, 'POST', '/api/service-requests', body({ requestedById: someoneElse.id }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      type: 'SERVICE',
      status: 'PENDING_APPROVAL',
      requestedById: lead.user.id,
      requestedBy: { name: lead.user.name, role: { name: 'Service Team Lead' } },
      customer: { id: w.customer.id, name: 'Meera Sundaram', address: '1 Test Street, Test Town' },
      region: { name: w.region.name },
      assignedTo: null,
      approvedBy: null,
      needsSalesApproval: false,
      salesApproved: false,
      workLogs: [],
      workMedia: [],
      approvalHistory: [],
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.create'), eq(auditLog.entityId, created.id)));
    expect(audit?.actorId).toBe(lead.user.id);
  });

  it('sends a sales requester through sales approval, and starts Sales Admin and Super Admin requests sales-approved', async () => {
    const cases = [
      [ROLE.SALESMAN, true, false],
      [ROLE.SALES_TEAM_LEAD, true, false],
      [ROLE.SALES_MANAGER, true, false],
      [ROLE.SALES_ADMIN, false, true],
      [ROLE.SUPER_ADMIN, false, true],
      [ROLE.SERVICE_ADMIN, false, false],
      [ROLE.TECHNICIAN, false, false],
    ] as const;
    for (const [role, needs, approved] of cases) {
      const global = [ROLE.SALES_ADMIN, ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN].includes(role as never);
      const s = await signedIn(ctx, role, { regionId: global ? null : w.region.id });
      const res = await call(s, 'POST', '/api/service-requests', body());
      expect(res.statusCode, role).toBe(201);
      expect(res.json(), role).toMatchObject({ needsSalesApproval: needs, salesApproved: approved });
    }
  });

  it('notifies the approvers of the first stage in the same transaction', async () => {
    const salesAdmin = await makeUser(ctx.db, ROLE.SALES_ADMIN);
    const sm = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const res = await call(sm, 'POST', '/api/service-requests', body());
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.requestId, res.json().id), eq(notifications.toUserId, salesAdmin.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.event).toBe('created');
  });

  it('answers 400 with the spec messages', async () => {
    const s = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: undefined }, 'type', 'Type is required'],
      [{ type: 'REPAIR' }, 'type', 'Type is required'],
      [{ description: 'short' }, 'description', 'Description must be at least 10 characters'],
      [{ description: '' }, 'description', 'Description is required'],
      [{ description: undefined }, 'description', 'Description is required'],
      [{ customerId: '' }, 'customerId', 'Customer is required'],
      [{ customerId: undefined }, 'customerId', 'Customer is required'],
      [{ regionId: '' }, 'regionId', 'Region is required'],
    ];
    for (const [over, path, message] of cases) {
      const res = await call(s, 'POST', '/api/service-requests', body(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().errors, message).toContainEqual({ path, message });
    }
  });

  it('refuses a customer of another region, or out of the requester’s scope, with 400', async () => {
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const wrongRegion = await call(admin, 'POST', '/api/service-requests', body({ customerId: w.farCustomer.id }));
    expect(wrongRegion.statusCode).toBe(400);
    expect(wrongRegion.json().message).toBe('The customer does not belong to the chosen region');

    const sm = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const outOfScope = await call(
      sm,
      'POST',
      '/api/service-requests',
      body({ customerId: w.farCustomer.id, regionId: w.other.id }),
    );
    expect(outOfScope.statusCode).toBe(400);
    expect(outOfScope.json().errors).toContainEqual({ path: 'customerId', message: 'Customer not found' });

    const noCustomer = await call(admin, 'POST', '/api/service-requests', body({ customerId: crypto.randomUUID() }));
    expect(noCustomer.statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(null, 'POST', '/api/service-requests', body())).statusCode).toBe(401);
  });
});

describe('GET /api/service-requests', () => {
  let region: { id: string };
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    region = await makeRegion(ctx.db);
    admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const c1 = await makeCustomer(ctx.db, region.id, { name: 'Zubin Mehta' });
    const c2 = await makeCustomer(ctx.db, region.id, { name: 'Lalitha Devi' });
    const requester = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    // 12 requests, created one after another, in this region only.
    for (let i = 0; i < 12; i++) {
      const customer = i % 2 === 0 ? c1 : c2;
      const description = i === 7 ? 'Noisy PUMP and a 100% blocked_filter' : `Routine visit number ${i}`;
      const row = await makeRequest(ctx.db, {
        customerId: customer.id,
        regionId: region.id,
        requestedById: requester.id,
        status: i < 3 ? 'COMPLETED' : 'PENDING_APPROVAL',
        description,
      });
      await ctx.db
        .update(serviceRequests)
        .set({
          searchText: `${customer.name} ${description}`.toLowerCase(),
          createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
        })
        .where(eq(serviceRequests.id, row.id));
    }
  });

  const regional = async () => signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });

  it('pages newest first with the total in X-Total-Count and a plain array body', async () => {
    const s = await regional();
    const p1 = await call(s, 'GET', '/api/service-requests?page=1&pageSize=5');
    expect(p1.statusCode).toBe(200);
    expect(p1.headers['x-total-count']).toBe('12');
    const items = p1.json();
    expect(Array.isArray(items)).toBe(true);
    expect(items).toHaveLength(5);
    expect(items.map((r: { description: string }) => r.description)).toEqual([
      'Routine visit number 11',
      'Routine visit number 10',
      'Routine visit number 9',
      'Routine visit number 8',
      'Noisy PUMP and a 100% blocked_filter',
    ]);
    const p3 = await call(s, 'GET', '/api/service-requests?page=3&pageSize=5');
    expect(p3.json()).toHaveLength(2);
    expect(p3.headers['x-total-count']).toBe('12');
  });

  it('searches customer name and description, case-insensitively, with wildcards taken literally', async () => {
    const s = await regional();
    const byName = await call(s, 'GET', '/api/service-requests?search=ZUBIN&pageSize=50');
    expect(byName.headers['x-total-count']).toBe('6');
    const byText = await call(s, 'GET', '/api/service-requests?search=noisy%20pump');
    expect(byText.json().map((r: { description: string }) => r.description)).toEqual([
      'Noisy PUMP and a 100% blocked_filter',
    ]);
    const literal = await call(s, 'GET', `/api/service-requests?search=${encodeURIComponent('100%')}`);
    expect(literal.headers['x-total-count']).toBe('1');
    const underscore = await call(s, 'GET', '/api/service-requests?search=blocked_');
    expect(underscore.headers['x-total-count']).toBe('1');
    const none = await call(s, 'GET', '/api/service-requests?search=visit_number');
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('filters by status, alone or with a search; ALL means every status', async () => {
    const s = await regional();
    const done = await call(s, 'GET', '/api/service-requests?status=COMPLETED');
    expect(done.headers['x-total-count']).toBe('3');
    expect(done.json().every((r: { status: string }) => r.status === 'COMPLETED')).toBe(true);
    const doneLalitha = await call(s, 'GET', '/api/service-requests?status=COMPLETED&search=lalitha');
    expect(doneLalitha.headers['x-total-count']).toBe('1');
    const all = await call(s, 'GET', '/api/service-requests?status=ALL');
    expect(all.headers['x-total-count']).toBe('12');
    const bad = await call(s, 'GET', '/api/service-requests?status=DONE');
    expect(bad.statusCode).toBe(400);
  });

  it('is scoped: a regional manager sees only their region, an admin sees everything', async () => {
    const elsewhere = await signedIn(ctx, ROLE.SALES_MANAGER, { regionId: w.other.id });
    const res = await call(elsewhere, 'GET', '/api/service-requests?search=zubin');
    expect(res.headers['x-total-count']).toBe('0');
    const all = await call(admin, 'GET', '/api/service-requests?search=zubin');
    expect(all.headers['x-total-count']).toBe('6');
    const lead = await signedIn(ctx, ROLE.SALES_TEAM_LEAD, { regionId: region.id });
    expect((await call(lead, 'GET', '/api/service-requests')).headers['x-total-count']).toBe('12');
  });

  it('is refused (403) to the roles that cannot open the list', async () => {
    for (const role of [ROLE.SALESMAN, ROLE.TECHNICIAN]) {
      const s = await signedIn(ctx, role, { regionId: region.id });
      expect((await call(s, 'GET', '/api/service-requests')).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/service-requests/:id (scope)', () => {
  it('answers 404 outside the reader’s scope, the same as for a missing record', async () => {
    const salesman = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const otherSalesman = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
    const farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    const serviceAdmin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const r = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: salesman.user.id,
    });

    const get = (s: typeof salesman) => call(s, 'GET', `/api/service-requests/${r.id}`);
    expect((await get(salesman)).statusCode).toBe(200);
    expect((await get(manager)).statusCode).toBe(200);
    expect((await get(serviceAdmin)).statusCode).toBe(200);
    for (const s of [otherSalesman, tech, farManager]) {
      const res = await get(s);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Service request not found', code: 'NOT_FOUND' });
    }
    expect((await call(salesman, 'GET', `/api/service-requests/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(salesman, 'GET', '/api/service-requests/not-a-uuid')).statusCode).toBe(400);

    // A technician sees what is assigned to them and what they raised.
    await ctx.db.update(serviceRequests).set({ assignedToId: tech.user.id }).where(eq(serviceRequests.id, r.id));
    expect((await get(tech)).statusCode).toBe(200);
  });
});

describe('PATCH /api/service-requests/:id', () => {
  it('lets the requester edit while pending, keeping the search text in step', async () => {
    const sm = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const created = (await call(sm, 'POST', '/api/service-requests', body())).json();
    const res = await call(sm, 'PATCH', `/api/service-requests/${created.id}`, {
      type: 'COMPLAINT',
      description: 'Water tastes of chlorine since Tuesday',
      customerId: w.customer2.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'COMPLAINT',
      description: 'Water tastes of chlorine since Tuesday',
      customer: { name: 'Kavya Raman' },
      version: 2,
    });
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const found = await call(admin, 'GET', '/api/service-requests?search=kavya%20raman%20water%20tastes');
    expect(found.json().map((r: { id: string }) => r.id)).toEqual([created.id]);
  });

  it('lets an admin edit, refuses others (403), and refuses after approval (409)', async () => {
    const sm = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    const salesAdmin = await signedIn(ctx, ROLE.SALES_ADMIN);
    const r = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: sm.user.id,
    });
    const patch = (s: typeof sm) =>
      call(s, 'PATCH', `/api/service-requests/${r.id}`, { description: 'Updated description text' });
    expect((await patch(manager)).statusCode).toBe(403);
    expect((await patch(salesAdmin)).statusCode).toBe(200);
    await ctx.db.update(serviceRequests).set({ status: 'APPROVED' }).where(eq(serviceRequests.id, r.id));
    const late = await patch(sm);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This request has moved on: it is now APPROVED. Reload to see its current state.');
  });

  it('a material edit after the sales approval withdraws it: recorded in the history, approvers and requester told (ADR 016)', async () => {
    const sm = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const salesAdmin = await signedIn(ctx, ROLE.SALES_ADMIN);
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    const created = (await call(sm, 'POST', '/api/service-requests', body({ type: 'ENQUIRY' }))).json();
    const approved = await call(salesAdmin, 'POST', `/api/service-requests/${created.id}/sales-approve`, {
      comments: 'Fine',
    });
    expect(approved.json()).toMatchObject({ salesApproved: true });

    // The reproduction: ENQUIRY → INSTALLATION with a new description and customer.
    const edited = await call(sm, 'PATCH', `/api/service-requests/${created.id}`, {
      type: 'INSTALLATION',
      description: 'Install a 25-litre RO unit on the terrace',
      customerId: w.customer2.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json();
    expect(after).toMatchObject({ type: 'INSTALLATION', status: 'PENDING_APPROVAL', salesApproved: false });
    expect(after.approvalHistory).toHaveLength(2);
    expect(after.approvalHistory[1]).toMatchObject({
      approver: { name: sm.user.name },
      approverRole: 'Salesman',
      stage: 'SALES',
      status: 'RESET',
      comments: SALES_APPROVAL_RESET('customer, description, type'),
    });
    // The service stage is closed again until the sales approval is given anew: the Sales Admin,
    // whose second stage it is (spec section 6), is told so; a Service Manager never approves it.
    const early = await call(salesAdmin, 'POST', `/api/service-requests/${created.id}/service-approve`, {});
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(NEEDS_SALES_APPROVAL);
    const never = await call(manager, 'POST', `/api/service-requests/${created.id}/service-approve`, {});
    expect(never.statusCode).toBe(403);
    expect(never.json().message).toBe('You cannot approve this request');
    const told = await ctx.db
      .select({ to: notifications.toUserId, event: notifications.event, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.requestId, created.id), eq(notifications.event, 'salesApprovalReset')));
    expect(told.map((n) => n.to)).toContain(salesAdmin.user.id);
    expect(told.map((n) => n.to)).not.toContain(sm.user.id); // the editor is never told of their own action
    expect(told[0]?.message).toMatch(/was edited after its sales approval/);
    const [row] = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'request.update')));
    expect(row?.details).toMatchObject({ salesApprovalReset: true });
    // Approved again, it goes on as usual.
    const again = await call(salesAdmin, 'POST', `/api/service-requests/${created.id}/sales-approve`, {});
    expect(again.json()).toMatchObject({ salesApproved: true });
  });

  it('an edit that changes nothing material, or a request that never needed the sales stage, keeps its approval state', async () => {
    const sm = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const salesAdmin = await signedIn(ctx, ROLE.SALES_ADMIN);
    const created = (await call(sm, 'POST', '/api/service-requests', body())).json();
    await call(salesAdmin, 'POST', `/api/service-requests/${created.id}/sales-approve`, {});
    const same = await call(sm, 'PATCH', `/api/service-requests/${created.id}`, {
      type: created.type,
      description: `  ${created.description}  `,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ salesApproved: true });
    expect(same.json().approvalHistory).toHaveLength(1);
    // Raised by the Sales Admin: sales-approved from the start, no approval to withdraw.
    const own = (await call(salesAdmin, 'POST', '/api/service-requests', body())).json();
    const edited = await call(salesAdmin, 'PATCH', `/api/service-requests/${own.id}`, { type: 'COMPLAINT' });
    expect(edited.json()).toMatchObject({ type: 'COMPLAINT', salesApproved: true, approvalHistory: [] });
  });

  it('validates what it changes', async () => {
    const sm = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    const r = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: sm.user.id,
    });
    const short = await call(sm, 'PATCH', `/api/service-requests/${r.id}`, { description: 'tiny' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Description must be at least 10 characters');
    const far = await call(sm, 'PATCH', `/api/service-requests/${r.id}`, { customerId: w.farCustomer.id });
    expect(far.statusCode).toBe(400);
    const nothing = await call(sm, 'PATCH', `/api/service-requests/${r.id}`, {});
    expect(nothing.statusCode).toBe(400);
  });
});

// Last: it adds more than SORT_MATCHES_UP_TO requests, which the totals above would count.
describe('a search, whether it matches few requests or many', () => {
  it('answers newest first with the right total either way (few: the matches sorted; many: the index walked)', async () => {
    const region = await makeRegion(ctx.db);
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const requester = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const many = await makeCustomer(ctx.db, region.id, { name: 'Bulk Purifier Owner' });
    const few = await makeCustomer(ctx.db, region.id, { name: 'Rare Ramanujan' });
    const bulk = SORT_MATCHES_UP_TO + 5;
    await ctx.db.execute(sql`
      INSERT INTO service_requests (type, description, status, customer_id, region_id, requested_by_id, search_text, created_at)
      SELECT 'SERVICE', 'Bulk job ' || g, 'PENDING_APPROVAL', ${many.id}, ${region.id}, ${requester.id},
             'bulk purifier owner bulk job ' || g, timestamptz '2021-01-01 00:00:00+00' + g * interval '1 minute'
      FROM generate_series(1, ${bulk}) AS g`);
    for (let i = 1; i <= 3; i++) {
      const row = await makeRequest(ctx.db, {
        customerId: few.id,
        regionId: region.id,
        requestedById: requester.id,
        description: `Rare job ${i}`,
      });
      await ctx.db
        .update(serviceRequests)
        .set({ searchText: `rare ramanujan rare job ${i}`, createdAt: new Date(Date.UTC(2021, 5, i)) })
        .where(eq(serviceRequests.id, row.id));
    }
    const descriptions = (res: { json: () => { description: string }[] }) => res.json().map((r) => r.description);

    const rare = await call(admin, 'GET', '/api/service-requests?search=ramanujan&pageSize=2');
    expect(rare.headers['x-total-count']).toBe('3');
    expect(descriptions(rare)).toEqual(['Rare job 3', 'Rare job 2']);

    const common = await call(admin, 'GET', '/api/service-requests?search=bulk%20purifier&pageSize=3');
    expect(common.headers['x-total-count']).toBe(String(bulk));
    expect(descriptions(common)).toEqual([`Bulk job ${bulk}`, `Bulk job ${bulk - 1}`, `Bulk job ${bulk - 2}`]);
    const page2 = await call(admin, 'GET', '/api/service-requests?search=bulk%20purifier&pageSize=3&page=2');
    expect(descriptions(page2)).toEqual([`Bulk job ${bulk - 3}`, `Bulk job ${bulk - 4}`, `Bulk job ${bulk - 5}`]);
  });
});
