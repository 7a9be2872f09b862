/**
 * Issue 31 item 3: a start's `clientTime` is not before the job reached the technician (its
 * assignment) and a stop's not before the start, each less 5 minutes of clock-skew allowance,
 * and neither more than 5 minutes in the future. A time outside is a 400 with a message, never
 * replaced by the server's time; the spec's client (no clientTime) answers as before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/activity.ts';
import { serviceRequests, workLogs } from '#server/db/schema/requests.ts';
import { CLOCK_SKEW_MS, clientTimeVerdict } from '#server/lib/client-time.ts';
import { QUEUED_REASSIGNED } from '#server/modules/service-requests/service.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
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

const minutes = (m: number) => new Date(Date.now() + m * 60_000);
const iso = (m: number) => minutes(m).toISOString();
const START = '/api/technician-workflow/start';
const STOP = '/api/technician-workflow/stop';

/** A request raised now and assigned to the technician through the API (assignedAt: now). */
async function assignedNow() {
  const r = await makeRequest(ctx.db, {
    customerId: w.customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    status: 'APPROVED',
  });
  const res = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, {
    technicianId: tech.made.id,
  });
  expect(res.statusCode).toBe(200);
  return r;
}

/** A request assigned to the technician `daysAgo` days ago. */
async function assignedDaysAgo(daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 24 * 3600_000);
  const r = await makeRequest(ctx.db, {
    customerId: w.customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    assignedToId: tech.made.id,
    status: 'ASSIGNED',
  });
  await ctx.db.update(serviceRequests).set({ createdAt: at, assignedAt: at }).where(eq(serviceRequests.id, r.id));
  return r;
}

const logsOf = (id: string) => ctx.db.select().from(workLogs).where(eq(workLogs.requestId, id));
const statusOf = async (id: string) =>
  (await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]?.status;

describe('clientTimeVerdict (the bounds)', () => {
  const now = new Date('2026-11-28T10:00:00.000Z');
  const since = new Date('2026-11-28T08:00:00.000Z');
  it('allows the clock-skew allowance on both sides, and nothing more', () => {
    expect(CLOCK_SKEW_MS).toBe(5 * 60_000);
    expect(clientTimeVerdict(new Date('2026-11-28T07:55:00.000Z'), since, now)).toBe('ok');
    expect(clientTimeVerdict(new Date('2026-11-28T07:54:59.999Z'), since, now)).toBe('early');
    expect(clientTimeVerdict(new Date('2026-11-28T10:05:00.000Z'), since, now)).toBe('ok');
    expect(clientTimeVerdict(new Date('2026-11-28T10:05:00.001Z'), since, now)).toBe('future');
    // Days back is fine when the job was the technician's then.
    expect(clientTimeVerdict(new Date('2026-11-20T10:00:00.000Z'), new Date('2026-11-19T00:00:00Z'), now)).toBe('ok');
  });
});

describe('a start', () => {
  it('71 hours before the job existed (the report): 400 with the reason, nothing written, still ASSIGNED', async () => {
    const r = await assignedNow();
    const res = await call(tech, 'POST', START, { requestId: r.id, clientTime: iso(-71 * 60) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ERR.clientTimeBeforeAssignment.text);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'clientTime' })]);
    expect(await logsOf(r.id)).toHaveLength(0);
    expect(await statusOf(r.id)).toBe('ASSIGNED');
  });

  it('10 minutes before the assignment is refused; 4 minutes before (clock skew) is kept as the phone said', async () => {
    const r = await assignedNow();
    const early = await call(tech, 'POST', START, { requestId: r.id, clientTime: iso(-10) });
    expect(early.statusCode).toBe(400);
    const skewed = iso(-4);
    const ok = await call(tech, 'POST', START, { requestId: r.id, clientTime: skewed });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().workLogs[0].startTime).toBe(skewed);
  });

  it('in the future: more than 5 minutes is refused, within them kept as the phone said', async () => {
    const r = await assignedNow();
    const far = await call(tech, 'POST', START, { requestId: r.id, clientTime: iso(60) });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(ERR.clientTimeInFuture.text);
    expect(await logsOf(r.id)).toHaveLength(0);
    const ahead = iso(3);
    const ok = await call(tech, 'POST', START, { requestId: r.id, clientTime: ahead });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().workLogs[0].startTime).toBe(ahead);
  });

  it('a job assigned days ago, started offline days ago: the phone’s time is kept, not swapped for the server’s', async () => {
    const r = await assignedDaysAgo(5);
    const started = iso(-4 * 24 * 60);
    const res = await call(tech, 'POST', START, { requestId: r.id, clientTime: started });
    expect(res.statusCode).toBe(200);
    expect(res.json().workLogs[0].startTime).toBe(started);
  });

  it('queued before the job went to someone else and came back: dated in the first holding, kept', async () => {
    // Raised 3 hours ago and assigned to the technician then; given to another an hour ago; back now.
    const r = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: manager.made.id,
      assignedToId: other.made.id,
      status: 'ASSIGNED',
    });
    await ctx.db
      .update(serviceRequests)
      .set({ createdAt: minutes(-180) })
      .where(eq(serviceRequests.id, r.id));
    const assignment = (at: Date, technicianId: string, previousTechnicianId: string | null) => ({
      at,
      actorId: manager.made.id,
      action: 'request.assign',
      entityType: 'service_request',
      entityId: r.id,
      details: { from: 'APPROVED', to: 'ASSIGNED', technicianId, previousTechnicianId },
    });
    await ctx.db
      .insert(auditLog)
      .values([assignment(minutes(-180), tech.made.id, null), assignment(minutes(-60), other.made.id, tech.made.id)]);
    const back = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, {
      technicianId: tech.made.id,
    });
    expect(back.statusCode).toBe(200);
    const before = await call(tech, 'POST', START, { requestId: r.id, clientTime: iso(-240) });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(ERR.clientTimeBeforeAssignment.text);
    const queued = iso(-120);
    const res = await call(tech, 'POST', START, { requestId: r.id, clientTime: queued });
    expect(res.statusCode).toBe(200);
    expect(res.json().workLogs[0].startTime).toBe(queued);
  });

  it('held from its creation (no assignment row names them first): dated after the creation, kept', async () => {
    const r = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: manager.made.id,
      assignedToId: tech.made.id,
      status: 'ASSIGNED',
    });
    await ctx.db
      .update(serviceRequests)
      .set({ createdAt: minutes(-180) })
      .where(eq(serviceRequests.id, r.id));
    for (const technicianId of [other.made.id, tech.made.id]) {
      const res = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, { technicianId });
      expect(res.statusCode).toBe(200);
    }
    expect((await call(tech, 'POST', START, { requestId: r.id, clientTime: iso(-240) })).statusCode).toBe(400);
    expect((await call(tech, 'POST', START, { requestId: r.id, clientTime: iso(-120) })).statusCode).toBe(200);
  });

  it('bounds that far off are still a 400, not a 500', async () => {
    const r = await assignedNow();
    for (const clientTime of ['0001-01-01T00:00:00Z', '1900-01-01T00:00:00+05:30', '9999-12-31T23:59:59Z']) {
      const res = await call(tech, 'POST', START, { requestId: r.id, clientTime });
      expect(res.statusCode).toBe(400);
    }
    expect(await logsOf(r.id)).toHaveLength(0);
  });

  it('a reassigned job with a stale time still answers that it was reassigned (the refusal comes first)', async () => {
    const r = await assignedNow();
    await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, { technicianId: other.made.id });
    const res = await call(tech, 'POST', START, { requestId: r.id, clientTime: iso(-71 * 60) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUEUED_REASSIGNED);
  });

  it('without clientTime (the spec’s client): the server’s time, as before', async () => {
    const r = await assignedNow();
    const res = await call(tech, 'POST', START, { requestId: r.id });
    expect(res.statusCode).toBe(200);
    const [log] = res.json().workLogs;
    expect(log.startTime).toBe(log.recordedAt);
  });
});

describe('a stop', () => {
  async function startedAt(minutesAgo: number) {
    const r = await assignedDaysAgo(1);
    const at = iso(-minutesAgo);
    const res = await call(tech, 'POST', START, { requestId: r.id, clientTime: at });
    expect(res.statusCode).toBe(200);
    return { r, at };
  }

  it('before the start: 400 with the reason, the completion rolled back (still IN_PROGRESS, the log open)', async () => {
    const { r } = await startedAt(120);
    const res = await call(tech, 'POST', STOP, { requestId: r.id, notes: 'done', clientTime: iso(-180) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ERR.clientTimeBeforeStart.text);
    expect(await statusOf(r.id)).toBe('IN_PROGRESS');
    const [log] = await logsOf(r.id);
    expect(log?.endTime).toBeNull();
    expect(log?.notes).toBeNull();
  });

  it('within the allowance before the start: kept at the start; after it: the phone’s time', async () => {
    const a = await startedAt(120);
    const skewed = await call(tech, 'POST', STOP, { requestId: a.r.id, clientTime: iso(-123) });
    expect(skewed.statusCode).toBe(200);
    expect(skewed.json().workLogs[0].endTime).toBe(a.at);
    const b = await startedAt(120);
    const ended = iso(-30);
    const ok = await call(tech, 'POST', STOP, { requestId: b.r.id, clientTime: ended });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().workLogs[0]).toMatchObject({ startTime: b.at, endTime: ended });
  });

  it('in the future: 400, nothing completed', async () => {
    const { r } = await startedAt(30);
    const res = await call(tech, 'POST', STOP, { requestId: r.id, clientTime: iso(30) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ERR.clientTimeInFuture.text);
    expect(await statusOf(r.id)).toBe('IN_PROGRESS');
  });

  it('without clientTime (the spec’s client): completes as before', async () => {
    const { r } = await startedAt(30);
    const res = await call(tech, 'POST', STOP, { requestId: r.id, notes: 'done' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('WORK_COMPLETED');
  });
});
