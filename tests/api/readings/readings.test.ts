/**
 * Issue 36 item 1 (ADR 042): water-quality readings. The assigned technician records one on an
 * ASSIGNED or IN_PROGRESS job (nobody else, at no other moment), with bounds and the field's
 * message; the phone's queue sends it with an Idempotency-Key and is stored once; a queued
 * reading refused because the job moved on answers the 409 that says so; the stop body may carry
 * one; the unit's series is oldest first with rejection and the IS 10500 flags, for whoever may
 * read the unit; a membrane failing twice in a row tells the region's Service Manager, once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { waterReadings } from '#server/db/schema/readings.ts';
import { PH_MESSAGE, TDS_MESSAGE } from '#shared/contracts/readings.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { caller, makeWorld } from '#tests/api/service-requests/test-helpers.ts';
import {
  createTestApp,
  makeCustomer,
  makeRequest,
  ROLE,
  type Session,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let tech: Session & { made: { id: string } };
let other: Session & { made: { id: string } };
let manager: Session & { made: { id: string } };
let farManager: Session & { made: { id: string } };
let admin: Session & { made: { id: string } };
let productId: string;
let serial = 1;

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  other = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  const p = await call(admin, 'POST', '/api/products', {
    name: 'Reading Pure',
    brand: 'Neervana',
    technology: 'RO',
    parts: [{ name: 'Membrane', intervalMonths: 24 }],
  });
  expect(p.statusCode, p.body).toBe(201);
  productId = p.json().id;
});
afterAll(() => ctx.close());

/** A unit at a customer of its own, and a job on it in `status` for the technician. */
async function job(status: RequestStatus, assignedToId: string | null = tech.made.id) {
  const customer = await makeCustomer(ctx.db, w.region.id, { name: `Lakshmi Iyer ${serial}` });
  const u = await call(admin, 'POST', `/api/customers/${customer.id}/units`, {
    productId,
    serialNumber: `RD-${serial++}`,
    installedOn: '2025-01-10',
  });
  expect(u.statusCode, u.body).toBe(201);
  const request = await makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    assignedToId,
    status,
    unitId: u.json().id,
  });
  return { request, unitId: u.json().id as string, customer };
}

const reading = (requestId: string, body: object, session: Session = tech, headers: Record<string, string> = {}) =>
  call(session, 'POST', `/api/service-requests/${requestId}/readings`, body, { headers });
const rowsOf = (requestId: string) => ctx.db.select().from(waterReadings).where(eq(waterReadings.requestId, requestId));

describe('recording a reading', () => {
  it('the assigned technician records one while ASSIGNED or IN_PROGRESS: stored against the request and its unit, audited', async () => {
    for (const status of ['ASSIGNED', 'IN_PROGRESS'] as const) {
      const { request, unitId } = await job(status);
      const res = await reading(request.id, { tdsIn: 850, tdsOut: 42, ph: 7.2, hardness: 180 });
      expect(res.statusCode, res.body).toBe(201);
      const r = res.json();
      expect(r).toMatchObject({ requestId: request.id, unitId, tdsIn: 850, tdsOut: 42, ph: 7.2, hardness: 180 });
      expect(r.rejectionPercent).toBe(95.1);
      expect(r.flags).toEqual([]);
      expect(r.technician).toMatchObject({ id: tech.made.id });
      expect(r.ticketNumber).toMatch(/^SR-\d+/);
      const audits = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'request.reading'), eq(auditLog.entityId, request.id)));
      expect(audits).toHaveLength(1);
    }
  });

  it('refuses out-of-bounds numbers with the field’s message, and stores nothing', async () => {
    const { request } = await job('IN_PROGRESS');
    const cases: [object, string][] = [
      [{ tdsIn: 6000, tdsOut: 40 }, TDS_MESSAGE],
      [{ tdsIn: 300, tdsOut: -1 }, TDS_MESSAGE],
      [{ tdsIn: 300, tdsOut: 20, ph: 15 }, PH_MESSAGE],
      [{ tdsIn: '300', tdsOut: 20 }, TDS_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const res = await reading(request.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await rowsOf(request.id)).toHaveLength(0);
  });

  it('nobody else, and at no other moment: another technician 403, a manager 403, a completed job 409', async () => {
    const { request } = await job('IN_PROGRESS');
    const byOther = await reading(request.id, { tdsIn: 300, tdsOut: 20 }, other);
    expect([403, 404]).toContain(byOther.statusCode);
    const byManager = await reading(request.id, { tdsIn: 300, tdsOut: 20 }, manager);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(ERR.onlyTechnicianReading.text);
    const done = await job('WORK_COMPLETED');
    const late = await reading(done.request.id, { tdsIn: 300, tdsOut: 20 });
    expect(late.statusCode).toBe(409);
    expect(await rowsOf(request.id)).toHaveLength(0);
    expect(await rowsOf(done.request.id)).toHaveLength(0);
  });

  it('sent twice by the queue with one Idempotency-Key: stored once, the same answer; the phone’s time kept', async () => {
    const { request } = await job('IN_PROGRESS');
    const takenAt = new Date(Date.now() - 2 * 3600_000).toISOString();
    const body = { tdsIn: 400, tdsOut: 30, takenAt, clientTime: takenAt };
    const first = await reading(request.id, body, tech, { 'idempotency-key': 'reading-once-1' });
    const again = await reading(request.id, body, tech, { 'idempotency-key': 'reading-once-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json().takenAt).toBe(takenAt);
    expect(await rowsOf(request.id)).toHaveLength(1);
  });

  it('a queued reading that arrives after the job was reassigned answers the 409 that says so', async () => {
    const { request } = await job('ASSIGNED');
    const moved = await call(manager, 'POST', `/api/service-requests/${request.id}/manual-assign`, {
      technicianId: other.made.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await reading(request.id, { tdsIn: 300, tdsOut: 20, clientTime: new Date().toISOString() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ERR.queuedReassigned.text);
  });

  it('the stop body’s readings are stored with the completion; a bad one refuses the completion', async () => {
    const { request, unitId } = await job('IN_PROGRESS');
    const bad = await call(tech, 'POST', '/api/technician-workflow/stop', {
      requestId: request.id,
      readings: { tdsIn: 300, tdsOut: 9000 },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await call(tech, 'POST', '/api/technician-workflow/stop', {
      requestId: request.id,
      notes: 'Membrane flushed',
      readings: { tdsIn: 620, tdsOut: 35 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('WORK_COMPLETED');
    const rows = await rowsOf(request.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ unitId, tdsIn: 620, tdsOut: 35 });
  });
  it('an installation’s readings, taken before the unit existed, join the unit it installs', async () => {
    const customer = await makeCustomer(ctx.db, w.region.id);
    const request = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: w.region.id,
      requestedById: manager.made.id,
      assignedToId: tech.made.id,
      status: 'IN_PROGRESS',
      type: 'INSTALLATION',
    });
    expect((await reading(request.id, { tdsIn: 900, tdsOut: 40 })).statusCode).toBe(201);
    const done = await call(tech, 'POST', '/api/technician-workflow/stop', {
      requestId: request.id,
      installedUnit: { productId, serialNumber: `RD-${serial++}` },
      readings: { tdsIn: 900, tdsOut: 38 },
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await rowsOf(request.id);
    expect(rows).toHaveLength(2);
    const unitIds = new Set(rows.map((r) => r.unitId));
    expect(unitIds.size).toBe(1);
    expect([...unitIds][0]).toBeTruthy();
  });
});

describe('a unit’s series', () => {
  it('oldest first, with rejection and the IS 10500 flags; out of reach is 404', async () => {
    const { request, unitId } = await job('IN_PROGRESS');
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86400_000).toISOString();
    // Older than the queue's 72 hours: the server's time; so the first two are put in as taken.
    await ctx.db.insert(waterReadings).values([
      {
        requestId: request.id,
        unitId,
        technicianId: tech.made.id,
        tdsIn: 700,
        tdsOut: 30,
        ph: 7,
        takenAt: new Date(at(300)),
      },
      {
        requestId: request.id,
        unitId,
        technicianId: tech.made.id,
        tdsIn: 700,
        tdsOut: 560,
        ph: 9.1,
        takenAt: new Date(at(100)),
      },
    ]);
    const res = await reading(request.id, { tdsIn: 0, tdsOut: 0 });
    expect(res.statusCode).toBe(201);
    const series = await call(manager, 'GET', `/api/units/${unitId}/readings`);
    expect(series.statusCode).toBe(200);
    expect(series.headers['x-total-count']).toBe('3');
    const items = series.json();
    expect(items.map((r: { tdsOut: number }) => r.tdsOut)).toEqual([30, 560, 0]);
    expect(items[0]).toMatchObject({ rejectionPercent: 95.7, flags: [] });
    expect(items[1]).toMatchObject({ rejectionPercent: 20, flags: ['TDS_OUT_HIGH', 'PH_OUT_OF_RANGE'] });
    expect(items[2].rejectionPercent).toBeNull();
    expect((await call(farManager, 'GET', `/api/units/${unitId}/readings`)).statusCode).toBe(404);
    expect((await call(manager, 'GET', `/api/units/${crypto.randomUUID()}/readings`)).statusCode).toBe(404);
  });
});

describe('a failing membrane', () => {
  const noticesFor = (userId: string, requestId: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.toUserId, userId),
          eq(notifications.requestId, requestId),
          eq(notifications.event, 'membraneFailing'),
        ),
      );

  it('rejection below 80% twice in a row tells the region’s Service Manager once, in their words', async () => {
    const { request, customer } = await job('IN_PROGRESS');
    expect((await reading(request.id, { tdsIn: 500, tdsOut: 50 })).statusCode).toBe(201);
    expect((await reading(request.id, { tdsIn: 500, tdsOut: 150 })).statusCode).toBe(201);
    expect(await noticesFor(manager.made.id, request.id)).toHaveLength(0);
    expect((await reading(request.id, { tdsIn: 500, tdsOut: 125 })).statusCode).toBe(201);
    const [notice] = await noticesFor(manager.made.id, request.id);
    expect(notice?.message).toBe(
      `The purifier of ${customer.name} may need a new membrane: its last two readings rejected only 70% and 75% of the dissolved solids (below 80%). Suggest a membrane change.`,
    );
    // A third low reading does not tell again; the other region's manager never hears.
    expect((await reading(request.id, { tdsIn: 500, tdsOut: 200 })).statusCode).toBe(201);
    expect(await noticesFor(manager.made.id, request.id)).toHaveLength(1);
    expect(await noticesFor(farManager.made.id, request.id)).toHaveLength(0);
    expect(await noticesFor(tech.made.id, request.id)).toHaveLength(0);
  });
});
