/**
 * A request raised by a sales role (Salesman, Sales Team Lead, Sales Manager): spec section 6,
 * "only Sales Admin or Super Admin may approve or reject", at both stages and for a rejection at
 * either (docs/product-rules.md R-17; issue 31, item 11). Every other role gets one answer for
 * approve and reject alike (403, or 404 when the request is out of its scope); after the sales
 * approval the sales approvers are told, not the service approvers.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/activity.ts';
import { approvalHistory, serviceRequests } from '#server/db/schema/requests.ts';
import { SYSTEM_ROLES, type SystemRole } from '#shared/domain/roles.ts';
import { createTestApp, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';
import { caller, makeWorld, regionFor, signedIn } from './test-helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
const as = new Map<SystemRole, Session & { user: { id: string; name: string } }>();
beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  for (const role of SYSTEM_ROLES) as.set(role, await signedIn(ctx, role, { regionId: regionFor(role, w.region.id) }));
});
afterAll(() => ctx.close());

const s = (role: SystemRole) => as.get(role) as Session & { user: { id: string; name: string } };

const SALES_REQUESTERS = [ROLE.SALESMAN, ROLE.SALES_TEAM_LEAD, ROLE.SALES_MANAGER] as const;
const SERVICE_APPROVER_ROLES = [ROLE.SERVICE_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD] as const;

/** Raised through the API by a sales role: it needs the sales approval first. */
async function raise(role: SystemRole = ROLE.SALESMAN): Promise<string> {
  const res = await call(s(role), 'POST', '/api/service-requests', {
    type: 'INSTALLATION',
    description: `Install an RO unit, raised by the ${role}`,
    customerId: w.customer.id,
    regionId: w.region.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ status: 'PENDING_APPROVAL', needsSalesApproval: true, salesApproved: false });
  return res.json().id as string;
}

const approve = (who: Session, stage: 'sales' | 'service', id: string) =>
  call(who, 'POST', `/api/service-requests/${id}/${stage}-approve`, { comments: 'ok' });
const reject = (who: Session, id: string, comments = 'Not serviceable') =>
  call(who, 'POST', `/api/service-requests/${id}/reject`, { comments });

/** A sales-raised request at the given stage (the Sales Admin gives the sales approval). */
async function atStage(stage: 'SALES' | 'SERVICE'): Promise<string> {
  const id = await raise();
  if (stage === 'SERVICE') expect((await approve(s(ROLE.SALES_ADMIN), 'sales', id)).statusCode).toBe(200);
  return id;
}

const rowOf = async (id: string) =>
  (
    await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, id))
  )[0] as typeof serviceRequests.$inferSelect;

describe('a request raised by a sales role: both stages belong to Sales Admin and Super Admin', () => {
  it('the Sales Admin sales-approves, then gives the service approval too (for each sales requester role)', async () => {
    const salesAdmin = s(ROLE.SALES_ADMIN);
    for (const role of SALES_REQUESTERS) {
      const id = await raise(role);
      const sales = await approve(salesAdmin, 'sales', id);
      expect(sales.statusCode, `${role}: ${sales.body}`).toBe(200);
      expect(sales.json()).toMatchObject({ status: 'PENDING_APPROVAL', salesApproved: true });
      const service = await approve(salesAdmin, 'service', id);
      expect(service.statusCode, `${role}: ${service.body}`).toBe(200);
      expect(service.json()).toMatchObject({ status: 'APPROVED', approvedBy: { name: salesAdmin.user.name } });
      expect(service.json().approvalHistory).toMatchObject([
        { approverRole: 'Sales Admin', stage: 'SALES', status: 'APPROVED' },
        { approverRole: 'Sales Admin', stage: 'SERVICE', status: 'APPROVED' },
      ]);
    }
  });

  it('the Sales Admin rejects at either stage', async () => {
    for (const stage of ['SALES', 'SERVICE'] as const) {
      const id = await atStage(stage);
      const res = await reject(s(ROLE.SALES_ADMIN), id, `Rejected at the ${stage} stage`);
      expect(res.statusCode, `${stage}: ${res.body}`).toBe(200);
      expect(res.json().status).toBe('REJECTED');
      expect(res.json().approvalHistory.at(-1)).toMatchObject({
        approverRole: 'Sales Admin',
        stage,
        status: 'REJECTED',
        comments: `Rejected at the ${stage} stage`,
      });
    }
  });

  it('the Super Admin approves both stages and rejects at either', async () => {
    const admin = s(ROLE.SUPER_ADMIN);
    const id = await raise();
    expect((await approve(admin, 'sales', id)).statusCode).toBe(200);
    const service = await approve(admin, 'service', id);
    expect(service.statusCode, service.body).toBe(200);
    expect(service.json().status).toBe('APPROVED');
    for (const stage of ['SALES', 'SERVICE'] as const) {
      const res = await reject(admin, await atStage(stage));
      expect(res.statusCode, `${stage}: ${res.body}`).toBe(200);
    }
  });

  it('the service approvers get the same 403 for approve and reject, at both stages, and nothing changes', async () => {
    for (const stage of ['SALES', 'SERVICE'] as const) {
      const id = await atStage(stage);
      const before = await rowOf(id);
      for (const role of SERVICE_APPROVER_ROLES) {
        const ap = await approve(s(role), 'service', id);
        const rj = await reject(s(role), id);
        const where = `${role} at the ${stage} stage`;
        expect(ap.statusCode, `${where}, approve: ${ap.body}`).toBe(403);
        expect(rj.statusCode, `${where}, reject: ${rj.body}`).toBe(403);
        expect(ap.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot approve this request' });
        expect(rj.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot reject this request' });
        expect((await approve(s(role), 'sales', id)).statusCode, `${where}, sales-approve`).toBe(403);
      }
      const after = await rowOf(id);
      expect(after).toMatchObject({ status: 'PENDING_APPROVAL', salesApproved: before.salesApproved });
      expect(after.version).toBe(before.version);
    }
  });

  it('every role but Sales Admin and Super Admin answers approve and reject with one status code', async () => {
    for (const stage of ['SALES', 'SERVICE'] as const) {
      const id = await atStage(stage);
      for (const role of SYSTEM_ROLES.filter((r) => r !== ROLE.SALES_ADMIN && r !== ROLE.SUPER_ADMIN)) {
        const ap = await approve(s(role), 'service', id);
        const rj = await reject(s(role), id);
        const where = `${role} at the ${stage} stage: approve ${ap.statusCode}, reject ${rj.statusCode}`;
        expect(ap.statusCode, where).toBe(rj.statusCode);
        // A technician (not assigned) does not see the request at all; everyone else is refused.
        expect(ap.statusCode, where).toBe(role === ROLE.TECHNICIAN ? 404 : 403);
      }
      expect((await rowOf(id)).status).toBe('PENDING_APPROVAL');
    }
  });

  it('a Sales Admin whose page still showed the sales stage rejects after someone else sales-approved it', async () => {
    const id = await raise();
    expect((await approve(s(ROLE.SUPER_ADMIN), 'sales', id)).statusCode).toBe(200);
    const res = await reject(s(ROLE.SALES_ADMIN), id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().approvalHistory.at(-1)).toMatchObject({ stage: 'SERVICE', status: 'REJECTED' });
  });
});

describe('who is told after the sales approval', () => {
  it('the sales approvers (the other Sales Admins and the Super Admin) and the requester; no service approver', async () => {
    const other = await signedIn(ctx, ROLE.SALES_ADMIN);
    const id = await raise();
    expect((await approve(s(ROLE.SALES_ADMIN), 'sales', id)).statusCode).toBe(200);
    const told = (
      await ctx.db
        .select({ to: notifications.toUserId })
        .from(notifications)
        .where(and(eq(notifications.requestId, id), eq(notifications.event, 'salesApproved')))
    ).map((n) => n.to);
    expect(told).toEqual(
      expect.arrayContaining([s(ROLE.SUPER_ADMIN).user.id, other.user.id, s(ROLE.SALESMAN).user.id]),
    );
    expect(told).not.toContain(s(ROLE.SALES_ADMIN).user.id); // the actor
    for (const role of SERVICE_APPROVER_ROLES) expect(told, role).not.toContain(s(role).user.id);
    // The service approval tells the requester and the dispatchers, as before.
    expect((await approve(other, 'service', id)).statusCode).toBe(200);
    const approved = (
      await ctx.db
        .select({ to: notifications.toUserId })
        .from(notifications)
        .where(and(eq(notifications.requestId, id), eq(notifications.event, 'approved')))
    ).map((n) => n.to);
    expect(approved).toEqual(
      expect.arrayContaining([
        s(ROLE.SALESMAN).user.id,
        s(ROLE.SERVICE_MANAGER).user.id,
        s(ROLE.SERVICE_ADMIN).user.id,
      ]),
    );
    expect(await ctx.db.select().from(approvalHistory).where(eq(approvalHistory.requestId, id))).toHaveLength(2);
  });
});
