/**
 * Issue 31 item 4: refused replays of the offline queue no longer notify the office without
 * limit. The office is told (and the audit row written) once per request, technician and action
 * within an hour; a user's refusals are limited per minute (429 past the cap, before the
 * Idempotency-Key is claimed, so the 429 is never the key's stored answer); a write that is not
 * refused does not count. The start and the location save alike.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { rateLimitHits } from '#server/db/schema/ops.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import {
  QUEUED_MOVED_ON,
  QUEUED_REFUSALS_PER_MINUTE,
  TOO_MANY_REFUSALS,
} from '#server/modules/service-requests/service.ts';
import { statusLabel } from '#shared/domain/format.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { caller, makeCustomer, makeRequest, makeWorld, signedIn } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';

type Person = Session & { made: { id: string } };
let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let manager: Person;
beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
});
afterAll(() => ctx.close());

const PARALLEL = 100;
const START = '/api/technician-workflow/start';
/** Each test its own technician: the refusal budget is per user and per minute. */
const technician = () => signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id }) as Promise<Person>;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A request at a customer of its own, the technician's, assigned an hour ago. */
async function requestOf(tech: Person, status: RequestStatus) {
  const customer = await makeCustomer(ctx.db, w.region.id);
  const r = await makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    assignedToId: tech.made.id,
    status,
  });
  await ctx.db
    .update(serviceRequests)
    .set({ assignedAt: new Date(Date.now() - 3600_000) })
    .where(eq(serviceRequests.id, r.id));
  return r;
}

const unread = async () => (await call(manager, 'GET', '/api/notifications/unread-count')).json().count as number;
const officeNotes = (requestId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.requestId, requestId), eq(notifications.event, 'offlineRefused')));
const auditRows = (action: string, entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((m, c) => {
    m[c] = (m[c] ?? 0) + 1;
    return m;
  }, {});

/** Ends the windows of a key prefix, as if their time had passed. */
const expireWindows = (prefix: string) =>
  ctx.db
    .update(rateLimitHits)
    .set({ resetAt: new Date(Date.now() - 1000) })
    .where(like(rateLimitHits.key, `${prefix}%`));

describe(`${PARALLEL} parallel refused replays`, () => {
  it('starts on a completed request: the manager told once, one refusal audit row, 429 past the cap', async () => {
    const tech = await technician();
    const r = await requestOf(tech, 'COMPLETED');
    const before = await unread();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(tech, 'POST', START, { requestId: r.id, clientTime: minutesAgo(10) }),
      ),
    );
    const codes = tally(answers.map((a) => a.statusCode));
    expect(codes).toEqual({ 409: QUEUED_REFUSALS_PER_MINUTE, 429: PARALLEL - QUEUED_REFUSALS_PER_MINUTE });
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(QUEUED_MOVED_ON(statusLabel('COMPLETED')));
    const limited = answers.find((a) => a.statusCode === 429);
    expect(limited?.json()).toMatchObject({ message: TOO_MANY_REFUSALS, code: 'RATE_LIMITED' });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);

    expect((await unread()) - before).toBe(1);
    expect((await officeNotes(r.id)).filter((n) => n.toUserId === manager.made.id)).toHaveLength(1);
    expect(await auditRows('request.offline_refused', r.id)).toHaveLength(1);
    // The flood itself: one row for the user, at the first 429 of the minute.
    const flood = await auditRows('request.offline_refusals_limited', tech.made.id);
    expect(flood).toHaveLength(1);
    expect(flood[0]?.details).toMatchObject({ limit: QUEUED_REFUSALS_PER_MINUTE });
  });

  it('location saves naming a reassigned task: the manager told once, one audit row, 429 past the cap', async () => {
    const tech = await technician();
    const other = await technician();
    const r = await requestOf(tech, 'ASSIGNED');
    const re = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, {
      technicianId: other.made.id,
    });
    expect(re.statusCode).toBe(200);
    const before = await unread();
    const body = { latitude: 12.9716, longitude: 77.5946, accuracy: 8, clientTime: minutesAgo(10), requestId: r.id };
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => call(tech, 'PUT', `/api/customers/update-location/${r.customerId}`, body)),
    );
    expect(tally(answers.map((a) => a.statusCode))).toEqual({
      409: QUEUED_REFUSALS_PER_MINUTE,
      429: PARALLEL - QUEUED_REFUSALS_PER_MINUTE,
    });
    expect((await unread()) - before).toBe(1);
    const refused = await auditRows('request.offline_refused', r.id);
    expect(refused.map((a) => (a.details as { action?: string }).action)).toEqual(['captureLocation']);
  });
});

describe('the notice window', () => {
  it('the same write refused again within the hour: the same 409, nobody told again; after the hour, told again', async () => {
    const tech = await technician();
    const r = await requestOf(tech, 'COMPLETED');
    const body = { requestId: r.id, clientTime: minutesAgo(10) };
    for (let i = 0; i < 3; i++) expect((await call(tech, 'POST', START, body)).statusCode).toBe(409);
    expect(await officeNotes(r.id)).not.toHaveLength(0);
    const once = (await officeNotes(r.id)).length;
    expect(await auditRows('request.offline_refused', r.id)).toHaveLength(1);

    await expireWindows(`offline-refused:${r.id}:`);
    expect((await call(tech, 'POST', START, body)).statusCode).toBe(409);
    expect(await officeNotes(r.id)).toHaveLength(once * 2);
    expect(await auditRows('request.offline_refused', r.id)).toHaveLength(2);
  });

  it('another action on the same request is its own notice (a refused stop after a refused start)', async () => {
    const tech = await technician();
    const r = await requestOf(tech, 'COMPLETED');
    await call(tech, 'POST', START, { requestId: r.id, clientTime: minutesAgo(20) });
    await call(tech, 'POST', '/api/technician-workflow/stop', { requestId: r.id, clientTime: minutesAgo(10) });
    const rows = await auditRows('request.offline_refused', r.id);
    expect(rows.map((a) => (a.details as { action?: string }).action).sort()).toEqual(['complete', 'start']);
  });
});

describe('the refusal budget', () => {
  it('counts refusals only: writes that succeed do not spend it', async () => {
    const tech = await technician();
    const done = await requestOf(tech, 'COMPLETED');
    const refuse = () => call(tech, 'POST', START, { requestId: done.id, clientTime: minutesAgo(10) });
    for (let i = 0; i < QUEUED_REFUSALS_PER_MINUTE - 1; i++) expect((await refuse()).statusCode).toBe(409);
    for (let i = 0; i < 5; i++) {
      const r = await requestOf(tech, 'ASSIGNED');
      const ok = await call(tech, 'POST', START, { requestId: r.id, clientTime: minutesAgo(5) });
      expect(ok.statusCode).toBe(200);
    }
    expect((await refuse()).statusCode).toBe(409);
    expect((await refuse()).statusCode).toBe(429);
  });

  it('a 429 is not the Idempotency-Key’s answer: the same key, once the minute is over, gets the real one', async () => {
    const tech = await technician();
    const done = await requestOf(tech, 'COMPLETED');
    for (let i = 0; i < QUEUED_REFUSALS_PER_MINUTE; i++) {
      await call(tech, 'POST', START, { requestId: done.id, clientTime: minutesAgo(10) });
    }
    const r = await requestOf(tech, 'ASSIGNED');
    const body = { requestId: r.id, clientTime: minutesAgo(5) };
    const headers = { headers: { 'idempotency-key': `limited-${r.id}` } };
    const limited = await call(tech, 'POST', START, body, headers);
    expect(limited.statusCode).toBe(429);
    await expireWindows(`queued-refusals:${tech.made.id}`);
    const later = await call(tech, 'POST', START, body, headers);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().status).toBe('IN_PROGRESS');
  });

  it('the spec’s client (no clientTime) is not limited: its refusals answer as before', async () => {
    const tech = await technician();
    const done = await requestOf(tech, 'COMPLETED');
    const answers = await Promise.all(
      Array.from({ length: QUEUED_REFUSALS_PER_MINUTE + 5 }, () => call(tech, 'POST', START, { requestId: done.id })),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([409]));
    expect(await officeNotes(done.id)).toHaveLength(0);
  });
});
