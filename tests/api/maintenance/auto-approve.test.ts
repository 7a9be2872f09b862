/**
 * MAINTENANCE_AUTO_APPROVE (issue 21 item 6, ADR 023): with it on, the run raises a due job as
 * APPROVED (approved by the scheduler, with its approval-history row and the "needs a technician"
 * notification to the region's dispatchers, and a dispatcher can assign it at once); off (the
 * default) as PENDING_APPROVAL, waiting for the region's approvers. Seen as a client sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, todayIn } from '#shared/domain/maintenance.ts';
import { createTestApp, makeCustomer, makeRegion, makeUser, ROLE, signedIn } from '#tests/harness/app.ts';

type H = { authorization: string };
const SCHEDULER = 'AquaDesk Scheduler';
const AUTO = 'Approved automatically (MAINTENANCE_AUTO_APPROVE)';

/** One app: a region with a Service Manager, a technician, and one unit whose sediment filter is overdue. */
async function setUp(env: Record<string, string>) {
  const ctx = await createTestApp(env);
  const region = await makeRegion(ctx.db, 'Coimbatore');
  const admin = (await signedIn(ctx, ROLE.SERVICE_ADMIN)).headers;
  const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
  const tech = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: region.id });
  const call = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const product = await call('POST', '/api/products', admin, {
    name: 'Auto Approve Pure',
    brand: 'Neervana',
    technology: 'RO',
    warrantyMonths: 12,
    parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
  });
  expect(product.statusCode, product.body).toBe(201);
  const customer = await makeCustomer(ctx.db, region.id, { name: 'Kavya Raman' });
  const unit = await call('POST', `/api/customers/${customer.id}/units`, admin, {
    productId: product.json().id,
    serialNumber: 'AA-1',
    installedOn: addDays(addMonths(todayIn('Asia/Kolkata'), -6), -2),
  });
  expect(unit.statusCode, unit.body).toBe(201);
  return { ctx, region, admin, manager, tech, unitId: unit.json().id as string, call };
}

/** The manager runs the due jobs for their region; the raised request, as GET answers it. */
async function runAndFetch(s: Awaited<ReturnType<typeof setUp>>) {
  const run = await s.call('POST', '/api/maintenance/run', s.manager.headers, {});
  expect(run.statusCode, run.body).toBe(200);
  expect(run.json()).toMatchObject({ created: 1, skipped: 0 });
  const due = await s.call('GET', '/api/maintenance/due?within=30', s.manager.headers);
  const row = due.json().find((r: { unitId: string }) => r.unitId === s.unitId);
  expect(row?.openRequestId).toEqual(expect.any(String));
  const got = await s.call('GET', `/api/service-requests/${row.openRequestId}`, s.manager.headers);
  expect(got.statusCode, got.body).toBe(200);
  const notes = await s.call('GET', '/api/notifications', s.manager.headers);
  expect(notes.statusCode).toBe(200);
  const told = notes.json().filter((n: { requestId: string | null }) => n.requestId === row.openRequestId);
  return { request: got.json(), told };
}

describe('MAINTENANCE_AUTO_APPROVE=on', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ MAINTENANCE_AUTO_APPROVE: 'on' });
  });
  afterAll(() => s.ctx.close());

  it('raises the due job APPROVED by the scheduler, with its history, the dispatchers told, assignable at once', async () => {
    expect(s.ctx.config.MAINTENANCE_AUTO_APPROVE).toBe(true);
    const { request, told } = await runAndFetch(s);
    expect(request).toMatchObject({
      type: 'SERVICE',
      status: 'APPROVED',
      regionId: s.region.id,
      requestedBy: { name: SCHEDULER, role: { name: 'Service Admin' } },
      approvedBy: { name: SCHEDULER },
      needsSalesApproval: false,
    });
    expect(request.approvalHistory).toHaveLength(1);
    expect(request.approvalHistory[0]).toMatchObject({
      approver: { name: SCHEDULER },
      approverRole: 'Service Admin',
      stage: 'SERVICE',
      status: 'APPROVED',
      comments: AUTO,
    });
    // The dispatcher hears it needs a technician (not that it waits for approval), from the scheduler.
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ event: 'approved', sender: { name: SCHEDULER } });
    expect(told[0].message).toContain('was approved and needs a technician');
    // Nothing is left to approve: a dispatcher assigns it straight away.
    const approve = await s.call('POST', `/api/service-requests/${request.id}/service-approve`, s.manager.headers, {});
    expect(approve.statusCode).toBe(409);
    const assign = await s.call('POST', `/api/service-requests/${request.id}/manual-assign`, s.manager.headers, {
      technicianId: s.tech.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json()).toMatchObject({ status: 'ASSIGNED', assignedTo: { id: s.tech.id } });
  });
});

describe('MAINTENANCE_AUTO_APPROVE off (the default)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({});
  });
  afterAll(() => s.ctx.close());

  it('raises the due job PENDING_APPROVAL, the approvers told, approved by a person', async () => {
    expect(s.ctx.config.MAINTENANCE_AUTO_APPROVE).toBe(false);
    const { request, told } = await runAndFetch(s);
    expect(request).toMatchObject({
      type: 'SERVICE',
      status: 'PENDING_APPROVAL',
      requestedBy: { name: SCHEDULER },
      approvedBy: null,
      approvalHistory: [],
    });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ event: 'created', sender: { name: SCHEDULER } });
    expect(told[0].message).toContain('is waiting for your approval');
    const approve = await s.call('POST', `/api/service-requests/${request.id}/service-approve`, s.manager.headers, {});
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'APPROVED', approvedBy: { name: s.manager.made.name } });
  });
});
