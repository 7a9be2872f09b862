/**
 * A completed visit's subscribers run inside the completion's transaction (lib/visit-events.ts,
 * ADR 029). A throwaway subscriber with its own part, registered on the app's `visits`, shows
 * (a) that it sees the request already completed and writes in the same transaction, with its
 * part of the stop body and the visit's facts, and (b) that when it throws the whole completion
 * is rolled back: a client still sees the request in progress, its work log open, and no
 * completion in the audit trail.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { audit } from '#server/lib/audit.ts';
import { loadActor } from '#server/lib/auth.ts';
import { invalid } from '#server/lib/errors.ts';
import type { VisitCompleted, VisitSubscriber } from '#server/lib/visit-events.ts';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { createTestApp, ROLE, type TestContext } from '#tests/harness/app.ts';
import { caller, makeRequest, makeWorld, signedIn } from './test-helpers.ts';

const PROBE_REFUSED = 'The probe refused this visit';
const probePart = z.object({ probe: z.string().optional() });

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let tech: Awaited<ReturnType<typeof signedIn>>;

/** What the probe saw, one entry per visit; `refuse` makes it throw after its own write. */
let seen: { visit: VisitCompleted; part: z.infer<typeof probePart>; statusInTx: string | undefined }[] = [];
let refuse = false;

const probe: VisitSubscriber<typeof probePart> = {
  name: 'probe',
  part: probePart,
  async onCompleted(tx, visit, part) {
    // The guarded UPDATE of the completion ran earlier in this same transaction.
    const [row] = await tx
      .select({ status: serviceRequests.status })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, visit.request.id));
    seen.push({ visit, part, statusInTx: row?.status });
    await audit(tx, {
      actorId: visit.technician.id,
      action: 'test.visit_probe',
      entityType: 'service_request',
      entityId: visit.request.id,
      ip: visit.ip,
      details: { probe: part.probe ?? null },
    });
    if (refuse) throw invalid('probe', PROBE_REFUSED);
    return undefined;
  },
};

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  ctx.app.deps.services.visits.subscribe(probe);
});
afterAll(() => ctx.close());
beforeEach(() => {
  seen = [];
  refuse = false;
});

/** A request assigned to the technician, started through the API (at `startedAt`, by the phone). */
async function started(startedAt?: string): Promise<RequestDetails> {
  const r = await makeRequest(ctx.db, {
    customerId: w.customer.id,
    regionId: w.region.id,
    requestedById: tech.made.id,
    status: 'ASSIGNED',
    assignedToId: tech.made.id,
  });
  const res = await call(tech, 'POST', '/api/technician-workflow/start', {
    requestId: r.id,
    ...(startedAt ? { clientTime: startedAt } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json<RequestDetails>();
}

const auditActionsOf = async (id: string) =>
  (
    await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'service_request'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id)
  ).map((a) => a.action);

const notificationsOf = async (id: string) =>
  ctx.db.select({ event: notifications.event }).from(notifications).where(eq(notifications.requestId, id));

describe('the completed visit, as a subscriber sees it', () => {
  it('runs inside the completion: sees the request completed, writes with it, gets its part and the facts', async () => {
    // Within the clock-skew allowance of the request's creation (issue 31 item 3: not before the job).
    const startAt = new Date(Date.now() - 4 * 60_000).toISOString();
    const stopAt = new Date(Date.now() - 60_000).toISOString();
    const before = await started(startAt);
    const actor = await loadActor(ctx.db, ctx.app.deps.tokens, tech.token);
    if (!actor) throw new Error('the technician has no actor');

    const done = await ctx.app.deps.services.requests.complete(
      actor,
      before.id,
      'Done',
      '203.0.113.7',
      { probe: 'hello' },
      stopAt,
    );
    expect(done.status).toBe('WORK_COMPLETED');

    expect(seen).toHaveLength(1);
    const [{ visit, part, statusInTx }] = seen as [(typeof seen)[number]];
    expect(statusInTx).toBe('WORK_COMPLETED');
    expect(part).toEqual({ probe: 'hello' });
    expect(visit.request).toEqual({
      id: before.id,
      type: 'SERVICE',
      customerId: w.customer.id,
      regionId: w.region.id,
      unitId: null,
    });
    expect(visit.technician.id).toBe(tech.made.id);
    expect(visit.ip).toBe('203.0.113.7');
    // The work log's times: its start (the phone's) and its end (the phone's stop).
    expect(visit.startedAt?.toISOString()).toBe(startAt);
    expect(visit.completedAt.toISOString()).toBe(stopAt);

    // The subscriber's write committed with the completion.
    expect(await auditActionsOf(before.id)).toEqual([
      'request.start_work',
      'test.visit_probe',
      'request.complete_work',
    ]);
    const read = await call(tech, 'GET', `/api/service-requests/${before.id}`);
    expect(read.json<RequestDetails>()).toMatchObject({
      status: 'WORK_COMPLETED',
      workLogs: [{ startTime: startAt, endTime: stopAt, notes: 'Done' }],
    });
  });

  it('a stop through the API publishes the visit too (the spec client sends no part: an empty one)', async () => {
    const before = await started();
    const res = await call(tech, 'POST', '/api/technician-workflow/stop', { requestId: before.id, notes: 'Done' });
    expect(res.statusCode).toBe(200);
    expect(seen.map((s) => [s.visit.request.id, s.part, s.statusInTx])).toEqual([[before.id, {}, 'WORK_COMPLETED']]);
    expect(seen[0]?.visit.startedAt?.toISOString()).toBe(before.workLogs[0]?.startTime);
  });
});

describe('a subscriber that throws', () => {
  it('rolls the whole completion back: the request is still in progress for the client', async () => {
    const before = await started();
    refuse = true;

    const res = await call(tech, 'POST', '/api/technician-workflow/stop', { requestId: before.id, notes: 'Done' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: PROBE_REFUSED });
    // It did run, and saw the completion in its transaction...
    expect(seen.map((s) => s.statusInTx)).toEqual(['WORK_COMPLETED']);

    // ...which is gone: what the client reads is the request as it was before the stop.
    const read = await call(tech, 'GET', `/api/service-requests/${before.id}`);
    expect(read.statusCode).toBe(200);
    const after = read.json<RequestDetails>();
    expect(after.status).toBe('IN_PROGRESS');
    expect(after.version).toBe(before.version);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(after.workLogs).toEqual(before.workLogs);
    expect(after.workLogs).toMatchObject([{ endTime: null, notes: null }]);
    // No completion in the audit trail, the subscriber's own row rolled back with it, no one told.
    expect(await auditActionsOf(before.id)).toEqual(['request.start_work']);
    expect((await notificationsOf(before.id)).map((n) => n.event)).not.toContain('workCompleted');

    // The request was left whole: the next stop completes it.
    refuse = false;
    const again = await call(tech, 'POST', '/api/technician-workflow/stop', { requestId: before.id, notes: 'Done' });
    expect(again.statusCode).toBe(200);
    expect(again.json<RequestDetails>().status).toBe('WORK_COMPLETED');
    expect(await auditActionsOf(before.id)).toEqual([
      'request.start_work',
      'test.visit_probe',
      'request.complete_work',
    ]);
  });
});
