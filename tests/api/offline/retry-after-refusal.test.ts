/**
 * Issue 31 item 8 (ADR 027, round 3): a queued Start refused because the task was reassigned, then
 * assigned back. The server keeps a refusal under its Idempotency-Key like any answer (the office
 * is told once, a lost reply gets the same answer), so the app's Retry sends the change with a new
 * key (lib/offline/queue.ts `retry`): that one succeeds once the task is back, and the rest of the
 * task (the Complete, never sent, with its own key) follows. On both databases.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests, workLogs } from '#server/db/schema/requests.ts';
import { QUEUED_REASSIGNED } from '#server/modules/service-requests/service.ts';
import { caller, makeRequest, makeWorld, signedIn } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let tech: Session & { made: { id: string } };
let other: Session & { made: { id: string } };
let manager: Session & { made: { id: string } };
beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  other = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
});
afterAll(() => ctx.close());

const key = (k: string) => ({ headers: { 'idempotency-key': k } });
const assign = (requestId: string, technicianId: string) =>
  call(manager, 'POST', `/api/service-requests/${requestId}/manual-assign`, { technicianId });

describe('Retry of a refused change, once the task is back', () => {
  it('the old key answers the stored refusal; the new key starts the work; the Complete follows', async () => {
    const r = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: manager.made.id,
      assignedToId: tech.made.id,
      status: 'ASSIGNED',
    });
    // Queued on the phone a minute ago: the bodies the queue keeps, sent as they are every time.
    const start = { requestId: r.id, clientTime: new Date(Date.now() - 60_000).toISOString() };
    const complete = {
      requestId: r.id,
      notes: 'Membrane replaced',
      clientTime: new Date(Date.now() - 30_000).toISOString(),
    };

    expect((await assign(r.id, other.made.id)).statusCode).toBe(200);
    const refused = await call(tech, 'POST', '/api/technician-workflow/start', start, key(`start-${r.id}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(QUEUED_REASSIGNED);

    // The office gives the task back.
    expect((await assign(r.id, tech.made.id)).statusCode).toBe(200);
    // The same key is the same request: its stored answer (why Retry cannot reuse it).
    const replay = await call(tech, 'POST', '/api/technician-workflow/start', start, key(`start-${r.id}`));
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    // Retry: the same change with a new key.
    const retried = await call(tech, 'POST', '/api/technician-workflow/start', start, key(`retry-${r.id}`));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json().status).toBe('IN_PROGRESS');
    // The queue's own retry of it (a lost reply) keeps that key: one work log.
    const again = await call(tech, 'POST', '/api/technician-workflow/start', start, key(`retry-${r.id}`));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const done = await call(tech, 'POST', '/api/technician-workflow/stop', complete, key(`stop-${r.id}`));
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row?.status).toBe('WORK_COMPLETED');
    const logs = await ctx.db.select().from(workLogs).where(eq(workLogs.requestId, r.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]?.technicianId).toBe(tech.made.id);
    expect(logs[0]?.notes).toBe('Membrane replaced');
    expect(logs[0]?.startTime.toISOString()).toBe(start.clientTime);
  });
});
