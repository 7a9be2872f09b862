/**
 * Issue 22 (ADR 027): the technician's writes as the offline queue replays them. `clientTime`
 * keeps when the work really happened (a start's and stop's bounds: client-time-bounds.test.ts;
 * a photo's within 72 hours, never in the future), every technician write takes an
 * Idempotency-Key, and a queued action refused because the request moved on answers a 409 that
 * says so and tells the office (once a window: refusal-limits.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { serviceRequests, workLogs, workMedia } from '#server/db/schema/requests.ts';
import { actionTime } from '#server/lib/client-time.ts';
import { QUEUED_MOVED_ON, QUEUED_REASSIGNED } from '#server/modules/service-requests/service.ts';
import { CLIENT_TIME_INVALID } from '#shared/contracts/common.ts';
import { statusLabel } from '#shared/domain/format.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { caller, makeCustomer, makeRequest, makeWorld, signedIn } from '#tests/api/service-requests/test-helpers.ts';
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

/** A request assigned to the technician a day ago (a start's clientTime is not before its assignment). */
const make = async (status: RequestStatus, assignedToId: string | null = tech.made.id) => {
  const r = await makeRequest(ctx.db, {
    customerId: w.customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    assignedToId,
    status,
  });
  await ctx.db
    .update(serviceRequests)
    .set({ assignedAt: new Date(Date.now() - 24 * 3600_000) })
    .where(eq(serviceRequests.id, r.id));
  return r;
};
/** A request at a customer of its own: the technician has no other open task there. */
const alone = async (status: RequestStatus) => {
  const customer = await makeCustomer(ctx.db, w.region.id);
  return makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    assignedToId: tech.made.id,
    status,
  });
};
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const key = (h: string) => ({ headers: { 'idempotency-key': h } });
const logsOf = (requestId: string) => ctx.db.select().from(workLogs).where(eq(workLogs.requestId, requestId));

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#1565c0' } })
    .jpeg()
    .toBuffer();
}
function multipart(data: Buffer) {
  const boundary = `----offline${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('actionTime (the rule for clientTime)', () => {
  const now = new Date('2026-11-25T10:00:00.000Z');
  it('keeps a time up to 72 hours old', () => {
    expect(actionTime('2026-11-22T10:00:00.000Z', now).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(actionTime('2026-11-25T15:29:00+05:30', now).toISOString()).toBe('2026-11-25T09:59:00.000Z');
  });
  it('uses the server time for a time older than 72 hours, in the future, or absent', () => {
    expect(actionTime('2026-11-22T09:59:59.000Z', now)).toBe(now);
    expect(actionTime('2026-11-25T10:00:01.000Z', now)).toBe(now);
    expect(actionTime(undefined, now)).toBe(now);
  });
});

describe('clientTime on start and stop', () => {
  it('the work log keeps the phone’s start and end times and the server’s recordedAt', async () => {
    const r = await make('ASSIGNED');
    const started = hoursAgo(5);
    const ended = hoursAgo(3);
    const s = await call(tech, 'POST', '/api/technician-workflow/start', { requestId: r.id, clientTime: started });
    expect(s.statusCode).toBe(200);
    const c = await call(tech, 'POST', '/api/technician-workflow/stop', {
      requestId: r.id,
      notes: 'Replaced the sediment filter',
      clientTime: ended,
    });
    expect(c.statusCode).toBe(200);
    const [log] = c.json().workLogs;
    expect(log.startTime).toBe(started);
    expect(log.endTime).toBe(ended);
    expect(log.notes).toBe('Replaced the sediment filter');
    // The server wrote both just now, hours after the phone's times.
    expect(Date.now() - Date.parse(log.recordedAt)).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(log.endRecordedAt)).toBeLessThan(60_000);
  });

  it('a time before the assignment or in the future is refused with a message, never replaced by the server’s', async () => {
    const r = await make('ASSIGNED');
    const early = await call(tech, 'POST', '/api/technician-workflow/start', {
      requestId: r.id,
      clientTime: hoursAgo(25),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(ERR.clientTimeBeforeAssignment.text);
    const future = await call(tech, 'POST', '/api/technician-workflow/start', {
      requestId: r.id,
      clientTime: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(ERR.clientTimeInFuture.text);
    expect(await logsOf(r.id)).toHaveLength(0);
  });

  it('an end a little before the start (a phone clock behind the server, within the allowance) is kept at the start', async () => {
    const r = await make('ASSIGNED');
    await call(tech, 'POST', '/api/technician-workflow/start', { requestId: r.id });
    const c = await call(tech, 'POST', '/api/technician-workflow/stop', {
      requestId: r.id,
      clientTime: hoursAgo(0.05),
    });
    expect(c.statusCode).toBe(200);
    const [log] = c.json().workLogs;
    expect(log.endTime).toBe(log.startTime);
  });

  it('a malformed clientTime is a 400 with a message, and nothing is written', async () => {
    const r = await make('ASSIGNED');
    for (const bad of ['yesterday', '2026-11-25 10:00', '2026-11-25T10:00:00', 12345]) {
      const res = await call(tech, 'POST', '/api/technician-workflow/start', { requestId: r.id, clientTime: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CLIENT_TIME_INVALID);
    }
    expect(await logsOf(r.id)).toHaveLength(0);
  });

  it('without clientTime (the spec’s client) the server’s time is used and recordedAt equals it', async () => {
    const r = await make('ASSIGNED');
    const s = await call(tech, 'POST', '/api/technician-workflow/start', { requestId: r.id });
    const [log] = s.json().workLogs;
    expect(log.startTime).toBe(log.recordedAt);
    expect(log.endTime).toBeNull();
  });
});

describe('a photo keeps when it was taken (takenAt)', () => {
  const upload = async (requestId: string, clientTime?: string) => {
    const file = multipart(await jpeg());
    const q = clientTime ? `?clientTime=${encodeURIComponent(clientTime)}` : '';
    return call(tech, 'POST', `/api/uploads/work-media/${requestId}${q}`, file.payload, { headers: file.headers });
  };

  it('the plausible clientTime is the photo’s takenAt, in the answer and in the details; uploadedAt stays the server’s', async () => {
    const r = await make('IN_PROGRESS');
    const taken = hoursAgo(3);
    const before = Date.now();
    const res = await upload(r.id, taken);
    expect(res.statusCode).toBe(201);
    expect(res.json().takenAt).toBe(taken);
    expect(Date.parse(res.json().uploadedAt)).toBeGreaterThanOrEqual(before - 1000);
    const details = await call(manager, 'GET', `/api/service-requests/${r.id}`);
    expect(details.json().workMedia).toEqual([
      expect.objectContaining({ id: res.json().id, takenAt: taken, uploadedAt: res.json().uploadedAt }),
    ]);
    const task = await call(tech, 'GET', `/api/technicians/tasks/${r.id}`);
    expect(task.json().workMedia[0].takenAt).toBe(taken);
  });

  it('without clientTime, or with one older than 72 hours or in the future, takenAt is null', async () => {
    const r = await make('IN_PROGRESS');
    const none = await upload(r.id);
    const old = await upload(r.id, hoursAgo(73));
    const future = await upload(r.id, new Date(Date.now() + 3600_000).toISOString());
    for (const res of [none, old, future]) {
      expect(res.statusCode).toBe(201);
      expect(res.json().takenAt).toBeNull();
    }
    const details = await call(manager, 'GET', `/api/service-requests/${r.id}`);
    expect(details.json().workMedia.map((m: { takenAt: string | null }) => m.takenAt)).toEqual([null, null, null]);
  });
});

describe('every technician write takes an Idempotency-Key', () => {
  it('start and stop replayed with the same key write one work log', async () => {
    const r = await make('ASSIGNED');
    const body = { requestId: r.id, clientTime: hoursAgo(1) };
    const a = await call(tech, 'POST', '/api/technician-workflow/start', body, key(`start-${r.id}`));
    const b = await call(tech, 'POST', '/api/technician-workflow/start', body, key(`start-${r.id}`));
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const stop = { requestId: r.id, notes: 'done', clientTime: hoursAgo(0.5) };
    await call(tech, 'POST', '/api/technician-workflow/stop', stop, key(`stop-${r.id}`));
    const again = await call(tech, 'POST', '/api/technician-workflow/stop', stop, key(`stop-${r.id}`));
    expect(again.statusCode).toBe(200);
    expect(await logsOf(r.id)).toHaveLength(1);
  });

  it('a photo upload replayed with the same key stores the photo once', async () => {
    const r = await make('IN_PROGRESS');
    const file = multipart(await jpeg());
    const url = `/api/uploads/work-media/${r.id}?clientTime=${encodeURIComponent(hoursAgo(1))}`;
    const headers = { ...file.headers, 'idempotency-key': `photo-${r.id}` };
    const first = await call(tech, 'POST', url, file.payload, { headers });
    expect(first.statusCode).toBe(201);
    const second = await call(tech, 'POST', url, file.payload, { headers });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    expect(await ctx.db.select().from(workMedia).where(eq(workMedia.requestId, r.id))).toHaveLength(1);
  });

  it('a location save replayed with the same key is audited once', async () => {
    const r = await make('IN_PROGRESS');
    const body = { latitude: 13.0827, longitude: 80.2707, accuracy: 12, clientTime: hoursAgo(1) };
    const url = `/api/customers/update-location/${r.customerId}`;
    const a = await call(tech, 'PUT', url, body, key(`loc-${r.id}`));
    const b = await call(tech, 'PUT', url, body, key(`loc-${r.id}`));
    expect(a.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.update_location'), eq(auditLog.actorId, tech.made.id)));
    expect(rows.filter((x) => (x.details as { clientTime?: string }).clientTime === body.clientTime)).toHaveLength(1);
  });

  it('a malformed clientTime on an upload is a 400', async () => {
    const r = await make('IN_PROGRESS');
    const file = multipart(await jpeg());
    const res = await call(tech, 'POST', `/api/uploads/work-media/${r.id}?clientTime=soon`, file.payload, {
      headers: file.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CLIENT_TIME_INVALID);
  });
});

describe('a queued action refused because the request moved on', () => {
  const officeNotes = async (requestId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.requestId, requestId), eq(notifications.event, 'offlineRefused')));

  it('reassigned while offline: 409 with the reason, the office notified once, nothing written', async () => {
    const r = await make('ASSIGNED');
    const re = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, {
      technicianId: other.made.id,
    });
    expect(re.statusCode).toBe(200);
    const body = { requestId: r.id, clientTime: hoursAgo(1) };
    const res = await call(tech, 'POST', '/api/technician-workflow/start', body, key(`re-${r.id}`));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUEUED_REASSIGNED);
    // The queue retries with the same key: the same answer, no second notification.
    const again = await call(tech, 'POST', '/api/technician-workflow/start', body, key(`re-${r.id}`));
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const notes = await officeNotes(r.id);
    expect(notes.map((n) => n.toUserId)).toContain(manager.made.id);
    expect(notes.filter((n) => n.toUserId === manager.made.id)).toHaveLength(1);
    expect(notes[0]?.message).toContain('could not be saved');
    expect(await logsOf(r.id)).toHaveLength(0);
    // The manager sees it in their notifications.
    const list = await call(manager, 'GET', '/api/notifications');
    expect(JSON.stringify(list.json())).toContain('could not be saved');
  });

  it('a queued photo for a reassigned task: 409 with the reason', async () => {
    const r = await make('ASSIGNED');
    await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, { technicianId: other.made.id });
    const file = multipart(await jpeg());
    const res = await call(
      tech,
      'POST',
      `/api/uploads/work-media/${r.id}?clientTime=${encodeURIComponent(hoursAgo(1))}`,
      file.payload,
      { headers: file.headers },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUEUED_REASSIGNED);
  });

  it('a queued location save for a reassigned task: 409 with the reason, the office told once, nothing saved', async () => {
    const r = await alone('ASSIGNED');
    const re = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, {
      technicianId: other.made.id,
    });
    expect(re.statusCode).toBe(200);
    const url = `/api/customers/update-location/${r.customerId}`;
    const body = { latitude: 12.9716, longitude: 77.5946, accuracy: 8, clientTime: hoursAgo(1), requestId: r.id };
    const res = await call(tech, 'PUT', url, body, key(`loc-re-${r.id}`));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUEUED_REASSIGNED);
    const again = await call(tech, 'PUT', url, body, key(`loc-re-${r.id}`));
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const notes = await officeNotes(r.id);
    expect(notes.filter((n) => n.toUserId === manager.made.id)).toHaveLength(1);
    expect(notes[0]?.message).toContain('could not be saved');
    const refused = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.offline_refused'), eq(auditLog.entityId, r.id)));
    expect(refused.map((a) => (a.details as { action?: string }).action)).toEqual(['captureLocation']);
    const saved = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.update_location'), eq(auditLog.entityId, r.customerId)));
    expect(saved.filter((a) => (a.details as { latitude?: number }).latitude === 12.9716)).toHaveLength(0);
  });

  it('a queued location save for a completed task: 409 naming the status', async () => {
    const r = await alone('IN_PROGRESS');
    await ctx.db.update(serviceRequests).set({ status: 'COMPLETED' }).where(eq(serviceRequests.id, r.id));
    const res = await call(tech, 'PUT', `/api/customers/update-location/${r.customerId}`, {
      latitude: 12.9716,
      longitude: 77.5946,
      clientTime: hoursAgo(1),
      requestId: r.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUEUED_MOVED_ON(statusLabel('COMPLETED')));
    expect((await officeNotes(r.id)).length).toBeGreaterThan(0);
  });

  it('a location save without requestId, or naming another customer’s task, answers as before and nobody is told', async () => {
    const r = await alone('ASSIGNED');
    await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, { technicianId: other.made.id });
    const plain = await call(tech, 'PUT', `/api/customers/update-location/${r.customerId}`, {
      latitude: 12.9716,
      longitude: 77.5946,
      clientTime: hoursAgo(1),
    });
    // Same region, no open task of theirs there: the 403 the spec's client gets.
    expect(plain.statusCode).toBe(403);
    const elsewhere = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    const otherCustomer = await makeCustomer(ctx.db, w.region.id);
    const wrong = await call(tech, 'PUT', `/api/customers/update-location/${otherCustomer.id}`, {
      latitude: 12.9716,
      longitude: 77.5946,
      clientTime: hoursAgo(1),
      requestId: elsewhere[0]?.id,
    });
    expect(wrong.statusCode).toBe(403);
    expect(await officeNotes(r.id)).toHaveLength(0);
  });

  it('a malformed requestId on a location save is a 400', async () => {
    const r = await make('IN_PROGRESS');
    const res = await call(tech, 'PUT', `/api/customers/update-location/${r.customerId}`, {
      latitude: 12.9716,
      longitude: 77.5946,
      requestId: 'not-a-uuid',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Invalid id');
  });

  it('acknowledged or rejected meanwhile: 409 naming the status, and the office told', async () => {
    const r = await make('IN_PROGRESS');
    await ctx.db.update(serviceRequests).set({ status: 'COMPLETED' }).where(eq(serviceRequests.id, r.id));
    const res = await call(tech, 'POST', '/api/technician-workflow/stop', {
      requestId: r.id,
      notes: 'offline notes',
      clientTime: hoursAgo(2),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUEUED_MOVED_ON(statusLabel('COMPLETED')));
    expect((await officeNotes(r.id)).length).toBeGreaterThan(0);
  });

  it('without clientTime (the spec’s client) the answers are as before and nobody is notified', async () => {
    const r = await make('ASSIGNED');
    await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, { technicianId: other.made.id });
    const res = await call(tech, 'POST', '/api/technician-workflow/start', { requestId: r.id });
    expect(res.statusCode).toBe(404);
    expect(await officeNotes(r.id)).toHaveLength(0);
  });

  it('a technician who was never on the job keeps the 404 (the request stays unseen)', async () => {
    const r = await make('ASSIGNED', other.made.id);
    const res = await call(tech, 'POST', '/api/technician-workflow/start', {
      requestId: r.id,
      clientTime: hoursAgo(1),
    });
    expect(res.statusCode).toBe(404);
    expect(await officeNotes(r.id)).toHaveLength(0);
  });
});
