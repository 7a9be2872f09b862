import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { CUSTOMER_MESSAGES } from '#shared/contracts/customers.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { caller, makeRequest, makeWorld, signedIn } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let tech: Session & { made: { id: string } };
let manager: Session & { made: { id: string } };
beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
});
afterAll(() => ctx.close());

const make = (status: RequestStatus, assignedToId: string | null, description = `Task in ${status}`) =>
  makeRequest(ctx.db, {
    customerId: w.customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    assignedToId,
    status,
    description,
  });

describe('technician task screens', () => {
  let mine: Record<string, string>;
  let someoneElses: string;
  let fresh: Session & { made: { id: string } };
  beforeAll(async () => {
    fresh = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
    const other = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
    mine = {};
    for (const status of ['ASSIGNED', 'IN_PROGRESS', 'WORK_COMPLETED', 'COMPLETED'] as const) {
      mine[status] = (await make(status, fresh.made.id)).id;
    }
    someoneElses = (await make('ASSIGNED', other.made.id)).id;
  });

  it('my-tasks lists the open work assigned to me (assigned, in progress, awaiting acknowledgement)', async () => {
    const res = await call(fresh, 'GET', '/api/technicians/my-tasks');
    expect(res.statusCode).toBe(200);
    const statuses = res.json().map((r: { status: string }) => r.status);
    expect(statuses.sort()).toEqual(['ASSIGNED', 'IN_PROGRESS', 'WORK_COMPLETED']);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json()[0]).toMatchObject({ customer: { name: 'Meera Sundaram', address: '1 Test Street, Test Town' } });
  });

  it('task-history pages everything ever assigned to me', async () => {
    const p1 = await call(fresh, 'GET', '/api/technicians/task-history?page=1&pageSize=3');
    expect(p1.statusCode).toBe(200);
    expect(p1.json()).toHaveLength(3);
    expect(p1.headers['x-total-count']).toBe('4');
    const p2 = await call(fresh, 'GET', '/api/technicians/task-history?page=2&pageSize=3');
    expect(p2.json()).toHaveLength(1);
    const ids = [...p1.json(), ...p2.json()].map((r: { id: string }) => r.id).sort();
    expect(ids).toEqual(Object.values(mine).sort());
  });

  it('tasks/:id opens my task with its details, and 404s for anyone else’s', async () => {
    const res = await call(fresh, 'GET', `/api/technicians/tasks/${mine.IN_PROGRESS}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.IN_PROGRESS, workLogs: [], workMedia: [], approvalHistory: [] });
    expect((await call(fresh, 'GET', `/api/technicians/tasks/${someoneElses}`)).statusCode).toBe(404);
  });

  it('my-stats counts my tasks by status', async () => {
    const res = await call(fresh, 'GET', '/api/technicians/my-stats');
    expect(res.json()).toEqual({ total: 4, assigned: 1, inProgress: 1, workCompleted: 1, completed: 1, openTasks: 2 });
  });

  it('is for technicians only (403 for every other role)', async () => {
    for (const role of [ROLE.SUPER_ADMIN, ROLE.SERVICE_MANAGER, ROLE.SALESMAN]) {
      const s = await signedIn(ctx, role, { regionId: w.region.id });
      for (const url of ['/api/technicians/my-tasks', '/api/technicians/task-history', '/api/technicians/my-stats']) {
        expect((await call(s, 'GET', url)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    expect((await call(null, 'GET', '/api/technicians/my-tasks')).statusCode).toBe(401);
  });
});

describe('PUT /api/customers/update-location/:id', () => {
  const url = (id: string) => `/api/customers/update-location/${id}`;
  const where = { latitude: 13.0827, longitude: 80.2707, accuracy: 12.4 };

  it('lets the assigned technician save it while the work is open, rounding the accuracy to metres', async () => {
    await make('IN_PROGRESS', tech.made.id);
    const res = await call(tech, 'PUT', url(w.customer.id), where);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: w.customer.id,
      name: 'Meera Sundaram',
      latitude: 13.0827,
      longitude: 80.2707,
      accuracy: 12,
    });
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, w.customer.id));
    expect(row).toMatchObject({ latitude: 13.0827, longitude: 80.2707, locationAccuracy: 12 });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'customer.update_location'));
    expect(audits.some((a) => a.entityId === w.customer.id && a.actorId === tech.made.id)).toBe(true);
  });

  it('refuses a technician without open work for that customer (403), and once the work is completed', async () => {
    const other = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
    expect((await call(other, 'PUT', url(w.customer2.id), where)).statusCode).toBe(403);
    await make('COMPLETED', other.made.id);
    expect((await call(other, 'PUT', url(w.customer.id), where)).statusCode).toBe(403);
  });

  it('lets a customer manager in scope save it; 404 out of scope; 403 for a salesman', async () => {
    expect((await call(manager, 'PUT', url(w.customer2.id), where)).statusCode).toBe(200);
    expect((await call(manager, 'PUT', url(w.farCustomer.id), where)).statusCode).toBe(404);
    const salesman = await signedIn(ctx, ROLE.SALESMAN, { regionId: w.region.id });
    expect((await call(salesman, 'PUT', url(w.customer2.id), where)).statusCode).toBe(403);
    expect((await call(manager, 'PUT', url(crypto.randomUUID()), where)).statusCode).toBe(404);
  });

  it('validates the coordinates with the spec message', async () => {
    for (const bad of [
      { latitude: 91, longitude: 80 },
      { latitude: 13, longitude: -181 },
    ]) {
      const res = await call(manager, 'PUT', url(w.customer2.id), bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CUSTOMER_MESSAGES.coordinatesRange);
    }
    const nan = await call(manager, 'PUT', url(w.customer2.id), { latitude: 'abc', longitude: 80 });
    expect(nan.statusCode).toBe(400);
    expect(nan.json().message).toBe('Invalid coordinates. Please enter valid numbers.');
  });
});
