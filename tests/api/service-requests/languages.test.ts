/**
 * ADR 022 for the workflow, uploads and requests: their errors and validation messages, and the
 * notifications the workflow writes, in the reader's language (their choice, else Accept-Language),
 * and byte for byte the English they always were for a caller who asks for nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/people.ts';
import { NOT_READY_MESSAGE } from '#server/modules/ops/lifecycle.ts';
import { NO_IMAGE } from '#server/modules/uploads/routes.ts';
import { REJECT_REASON_REQUIRED } from '#shared/contracts/service-requests.ts';
import hi from '#shared/i18n/locales/hi/server.json' with { type: 'json' };
import kn from '#shared/i18n/locales/kn/server.json' with { type: 'json' };
import ml from '#shared/i18n/locales/ml/server.json' with { type: 'json' };
import ta from '#shared/i18n/locales/ta/server.json' with { type: 'json' };
import te from '#shared/i18n/locales/te/server.json' with { type: 'json' };
import { createTestApp, login, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';
import { caller, makeCustomer, makeRegion, makeRequest, signedIn } from './test-helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let region: { id: string };
let customer: { id: string; name: string };
let manager: Session & { user: { id: string } };
/** A technician whose account speaks Tamil, and one who chose nothing. */
let tamil: Session & { made: { id: string; email: string } };
let plain: Session & { made: { id: string; email: string } };

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  region = await makeRegion(ctx.db);
  customer = await makeCustomer(ctx.db, region.id, { name: 'Selvi Traders' });
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
  tamil = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
  plain = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
  await ctx.db.update(users).set({ locale: 'ta' }).where(eq(users.id, tamil.made.id));
});
afterAll(() => ctx.close());

const request = (status: 'APPROVED' | 'ASSIGNED' | 'IN_PROGRESS', assignedToId: string | null = null) =>
  makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: region.id,
    requestedById: manager.user.id,
    status,
    type: 'INSTALLATION',
    assignedToId,
  });

describe('workflow errors in the reader’s language', () => {
  it('a 409 "moved on" in Tamil for a technician who chose Tamil, the status named in Tamil too; English for the spec’s client', async () => {
    const r = await request('IN_PROGRESS', tamil.made.id);
    const res = await call(tamil, 'POST', '/api/technician-workflow/start', { requestId: r.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ta.error.movedOnStatus.replace('{{status}}', ta.requestStatus.IN_PROGRESS));
    expect(res.json().message).toContain('வேலை நடக்கிறது');

    const r2 = await request('IN_PROGRESS', plain.made.id);
    const english = await call(plain, 'POST', '/api/technician-workflow/start', { requestId: r2.id });
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({
      message: 'This request has moved on: it is now IN PROGRESS. Reload to see its current state.',
      code: 'CONFLICT',
    });
  });

  it('a 403 in Hindi by Accept-Language; the same call without it answers the English', async () => {
    const r = await request('ASSIGNED', plain.made.id);
    const hindi = await call(
      manager,
      'POST',
      '/api/technician-workflow/start',
      { requestId: r.id },
      {
        headers: { 'accept-language': 'hi-IN,hi;q=0.9' },
      },
    );
    expect(hindi.statusCode).toBe(403);
    expect(hindi.json().message).toBe(hi.error.onlyTechnicianStart);
    const english = await call(manager, 'POST', '/api/technician-workflow/start', { requestId: r.id });
    expect(english.json().message).toBe('Only the assigned technician can start this work');
  });

  it('validation of a workflow body and an upload without a photo, per field, in Telugu and Malayalam', async () => {
    const r = await request('APPROVED');
    const reject = (headers: Record<string, string>) =>
      call(manager, 'POST', `/api/service-requests/${r.id}/reject`, { comments: '  ' }, { headers });
    const telugu = await reject({ 'accept-language': 'te' });
    expect(telugu.statusCode).toBe(400);
    expect(telugu.json().message).toBe(te.error.rejectReasonRequired);
    expect(telugu.json().errors).toEqual([{ path: 'comments', message: te.error.rejectReasonRequired }]);
    expect((await reject({})).json().message).toBe(REJECT_REASON_REQUIRED);

    const working = await request('IN_PROGRESS', plain.made.id);
    const upload = (headers: Record<string, string>) =>
      call(plain, 'POST', `/api/uploads/work-media/${working.id}`, undefined, { headers });
    const malayalam = await upload({ 'accept-language': 'ml-IN' });
    expect(malayalam.statusCode).toBe(400);
    expect(malayalam.json().message).toBe(ml.error.noImage);
    expect((await upload({})).json().message).toBe(NO_IMAGE);
  });

  it('a parameter of a contract message keeps its value (Description must be at least 10 characters)', async () => {
    const res = await call(
      manager,
      'POST',
      '/api/service-requests',
      { type: 'SERVICE', description: 'short', customerId: customer.id, regionId: region.id },
      { headers: { 'accept-language': 'ta' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ta.error.descriptionTooShort.replace('{{min}}', '10'));
  });

  it('an unknown API path answers its 404 in the asked language, English otherwise', async () => {
    const hindi = await ctx.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.json()).toEqual({ message: hi.error.notFound, code: 'NOT_FOUND' });
    const english = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(english.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });
});

describe('the answer while the server starts', () => {
  it('is in the asked language (no session is read yet), English otherwise', async () => {
    const lifecycle = ctx.app.deps.lifecycle;
    lifecycle.phase = 'migrating';
    try {
      const call503 = (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, headers });
      const kannada = await call503({ 'accept-language': 'kn-IN' });
      expect(kannada.statusCode).toBe(503);
      expect(kannada.json()).toEqual({ message: kn.error.migrating, code: 'UNAVAILABLE' });
      expect((await call503({})).json()).toEqual({ message: NOT_READY_MESSAGE.migrating, code: 'UNAVAILABLE' });
    } finally {
      lifecycle.phase = 'ready';
    }
  });
});

describe('a workflow notification', () => {
  it('reaches a Tamil technician in Tamil and an English reader in the English the spec’s client reads', async () => {
    const r = await request('APPROVED');
    const assigned = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, {
      technicianId: tamil.made.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const session = await login(ctx.app, tamil.made.email);
    const list = await call(session, 'GET', '/api/notifications?page=1&pageSize=5');
    const expected = ta.notification.assignedTechnician
      .replace('{{type}}', ta.requestType.INSTALLATION)
      .replace('{{customer}}', 'Selvi Traders');
    expect((list.json() as { message: string }[]).map((n) => n.message)).toContain(expected);

    // Another technician, who chose nothing, is assigned the next one: English, as always.
    const r2 = await request('APPROVED');
    await call(manager, 'POST', `/api/service-requests/${r2.id}/manual-assign`, { technicianId: plain.made.id });
    const theirs = await call(plain, 'GET', '/api/notifications?page=1&pageSize=5');
    expect((theirs.json() as { message: string }[]).map((n) => n.message)).toContain(
      'You have been assigned a Installation request for Selvi Traders',
    );
  });
});
