/**
 * Issue 35 item 1 (ADR 047): proof of completion with PROOF_OF_COMPLETION=optional (the default).
 * The spec's stop (no proof) still completes; a signature (PNG data URL + the signer's name) is
 * checked, re-encoded and stored, shown on the details as a signed image URL, and never left in the
 * storage by a completion that rolls back; a one-time code is sent by the assigned technician of a
 * job in progress (at most 3 an hour, 429 with Retry-After), stored only as its HMAC, good for 10
 * minutes and 5 tries (a wrong try counts although its completion rolls back; a queued completion's
 * wrong code is a 400 with the reason, which the phone's queue keeps under Needs attention); the
 * managers list the requests completed without proof.
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { auditLog } from '#server/db/schema/activity.ts';
import { completionOtps, completionProofs } from '#server/db/schema/messages.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { AppError } from '#server/lib/errors.ts';
import { OTP } from '#shared/domain/messages.ts';
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
import { dataUrl, sentCode, signaturePng, storedFiles, wrongCode } from './helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let tech: Session & { made: { id: string } };
let otherTech: Session & { made: { id: string } };
let manager: Session & { made: { id: string } };
let lead: Session & { made: { id: string } };
let admin: Session & { made: { id: string } };
/** Requests whose completion a test subscriber fails after proof has stored its signature. */
const failAfterProof = new Set<string>();

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  otherTech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
  lead = await signedIn(ctx, ROLE.SERVICE_TEAM_LEAD, { regionId: w.region.id });
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  // Registered after proof: it fails the completion once the signature is stored.
  ctx.app.deps.services.visits.subscribe({
    name: 'test-fails-after-proof',
    part: z.object({}),
    async onCompleted(_tx, visit) {
      if (failAfterProof.has(visit.request.id)) throw new AppError('CONFLICT', 'A later step failed');
      return undefined;
    },
  });
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A job in `status` for the technician, at a customer of its own (phone 98400 12321). */
async function job(status: RequestStatus = 'IN_PROGRESS', phone = '9840012321') {
  const customer = await makeCustomer(ctx.db, w.region.id, { primaryPhone: phone });
  return makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: w.region.id,
    requestedById: manager.made.id,
    assignedToId: tech.made.id,
    status,
  });
}

const stop = (requestId: string, body: object = {}, session: Session = tech, headers: Record<string, string> = {}) =>
  call(
    session,
    'POST',
    '/api/technician-workflow/stop',
    { requestId, notes: 'Changed the filter', ...body },
    { headers },
  );
const sendOtp = (requestId: string, session: Session = tech) =>
  call(session, 'POST', `/api/service-requests/${requestId}/completion-otp`);
const rowOf = async (id: string) => (await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0];
const proofOf = async (id: string) =>
  (await ctx.db.select().from(completionProofs).where(eq(completionProofs.requestId, id)))[0];
const otpOf = async (id: string) =>
  (await ctx.db.select().from(completionOtps).where(eq(completionOtps.requestId, id)))[0];

describe('the spec’s stop, without proof', () => {
  it('completes as before: no proof on the request or its details', async () => {
    const r = await job();
    const res = await stop(r.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'WORK_COMPLETED', proof: null });
    expect((await rowOf(r.id))?.proof).toBeNull();
    expect(await proofOf(r.id)).toBeUndefined();
  });
});

describe('a signature', () => {
  it('is re-encoded (flattened on white, at most 600 px wide), stored and shown with the signer’s name', async () => {
    const r = await job();
    const res = await stop(r.id, { signature: dataUrl(await signaturePng(1200, 400)), signedBy: '  Meera Sundaram ' });
    expect(res.statusCode, res.body).toBe(200);
    const proof = res.json().proof;
    expect(proof).toMatchObject({
      kind: 'SIGNATURE',
      signedBy: 'Meera Sundaram',
      phone: null,
      technician: { id: tech.made.id },
    });
    expect(proof.signatureUrl).toMatch(new RegExp(`^/api/media/requests/${r.id}/signature-[0-9a-f-]+\\.png\\?exp=`));
    const image = await call(null, 'GET', proof.signatureUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 200, hasAlpha: false });
    expect((await rowOf(r.id))?.proof).toBe('SIGNATURE');
    expect(await proofOf(r.id)).toMatchObject({
      kind: 'SIGNATURE',
      signedBy: 'Meera Sundaram',
      technicianId: tech.made.id,
    });
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, r.id), eq(auditLog.action, 'request.completion_proof')));
    expect(audited?.details).toMatchObject({ kind: 'SIGNATURE', signedBy: 'Meera Sundaram' });
    // The details read later show the same.
    const details = await call(manager, 'GET', `/api/service-requests/${r.id}`);
    expect(details.json().proof).toMatchObject({ kind: 'SIGNATURE', signedBy: 'Meera Sundaram' });
  });

  it('needs the signer’s name, and a name needs a signature: 400, nothing written', async () => {
    const r = await job();
    const png = dataUrl(await signaturePng());
    const noName = await stop(r.id, { signature: png });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(ERR.signedByRequired.text);
    const noSignature = await stop(r.id, { signedBy: 'Meera Sundaram' });
    expect(noSignature.statusCode).toBe(400);
    expect(noSignature.json().message).toBe(ERR.signatureMissing.text);
    const both = await stop(r.id, { signature: png, signedBy: 'Meera Sundaram', otp: '123456' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(ERR.proofBoth.text);
    expect((await rowOf(r.id))?.status).toBe('IN_PROGRESS');
    expect(storedFiles(ctx, r.id)).toEqual([]);
  });

  it('must be a PNG of at most 200 kB, and not blank: 400 with the message, nothing stored', async () => {
    const r = await job();
    const jpeg = await sharp(await signaturePng())
      .jpeg()
      .toBuffer();
    const huge = Buffer.alloc(210 * 1024, 1);
    const cases: [string, string][] = [
      [dataUrl(jpeg), ERR.signatureInvalid.text],
      ['data:image/png;base64,AAAA', ERR.signatureInvalid.text],
      [dataUrl(jpeg, 'image/jpeg'), ERR.signatureInvalid.text],
      [dataUrl(huge), ERR.signatureInvalid.text],
      [dataUrl(await signaturePng(320, 120, false)), ERR.signatureEmpty.text],
    ];
    for (const [signature, message] of cases) {
      const res = await stop(r.id, { signature, signedBy: 'Meera Sundaram' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    // A pixel flood inside 200 kB: 5000 × 5000 of nothing compresses to a few kB.
    const flood = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(flood.length).toBeLessThan(200 * 1024);
    const flooded = await stop(r.id, { signature: dataUrl(flood), signedBy: 'Meera Sundaram' });
    expect(flooded.statusCode).toBe(400);
    expect(flooded.json().message).toBe(ERR.signatureInvalid.text);
    expect((await rowOf(r.id))?.status).toBe('IN_PROGRESS');
    expect(await proofOf(r.id)).toBeUndefined();
    expect(storedFiles(ctx, r.id)).toEqual([]);
  });

  it('is not left behind when its completion rolls back after it was stored', async () => {
    const r = await job();
    failAfterProof.add(r.id);
    const res = await stop(r.id, { signature: dataUrl(await signaturePng()), signedBy: 'Meera Sundaram' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A later step failed');
    expect((await rowOf(r.id))?.status).toBe('IN_PROGRESS');
    expect((await rowOf(r.id))?.proof).toBeNull();
    expect(await proofOf(r.id)).toBeUndefined();
    expect(storedFiles(ctx, r.id)).toEqual([]);
    // Once the later step passes, the same completion goes through with one file.
    failAfterProof.delete(r.id);
    const again = await stop(r.id, { signature: dataUrl(await signaturePng()), signedBy: 'Meera Sundaram' });
    expect(again.statusCode, again.body).toBe(200);
    expect(storedFiles(ctx, r.id)).toHaveLength(1);
  });
});

describe('POST /api/service-requests/:id/completion-otp', () => {
  it('sends a 6-digit code to the customer’s phone, stores only its hash, audits without it', async () => {
    const r = await job('IN_PROGRESS', '9840012321');
    const before = Date.now();
    const res = await sendOtp(r.id);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({ phone: '98xxxxxx21', sendsLeft: 2 });
    const expires = Date.parse(sent.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(OTP.validMinutes * 60_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(OTP.validMinutes * 60_000 + 5000);
    const code = await sentCode(ctx, r.id);
    expect(code).toMatch(/^\d{6}$/);
    const row = await otpOf(r.id);
    expect(row).toMatchObject({ phone: '9840012321', tries: 0, sentById: tech.made.id });
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, r.id), eq(auditLog.action, 'request.completion_otp_sent')));
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited[0])).not.toContain(code);
    expect(audited[0]?.details).toMatchObject({ phone: '98xxxxxx21' });
  });

  it('only for the assigned technician of a job in progress', async () => {
    const r = await job();
    expect((await sendOtp(r.id, otherTech)).statusCode).toBe(404);
    const byManager = await sendOtp(r.id, manager);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe(ERR.onlyTechnicianComplete.text);
    const assigned = await job('ASSIGNED');
    expect((await sendOtp(assigned.id)).statusCode).toBe(409);
    const done = await job('WORK_COMPLETED');
    expect((await sendOtp(done.id)).statusCode).toBe(409);
    expect(await otpOf(r.id)).toBeUndefined();
  });

  it('at most 3 an hour per request: the 4th is 429 with Retry-After and a message, and writes nothing', async () => {
    const r = await job();
    const left: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await sendOtp(r.id);
      expect(res.statusCode, res.body).toBe(200);
      left.push(res.json().sendsLeft);
    }
    expect(left).toEqual([2, 1, 0]);
    const last = await sentCode(ctx, r.id);
    const fourth = await sendOtp(r.id);
    expect(fourth.statusCode).toBe(429);
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(fourth.json().message).toBe(ERR.otpTooManySends({ max: 3, minutes: 60 }).text);
    // The third code still stands.
    expect(await sentCode(ctx, r.id)).toBe(last);
    const done = await stop(r.id, { otp: last });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('a one-time code at completion', () => {
  it('the right code completes; the proof shows the masked phone; the code is used up', async () => {
    const r = await job('IN_PROGRESS', '9876543210');
    await sendOtp(r.id);
    const res = await stop(r.id, { otp: await sentCode(ctx, r.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().proof).toMatchObject({ kind: 'OTP', phone: '98xxxxxx10', signedBy: null, signatureUrl: null });
    expect((await rowOf(r.id))?.proof).toBe('OTP');
    expect(await proofOf(r.id)).toMatchObject({ kind: 'OTP', phone: '9876543210' });
    expect(await otpOf(r.id)).toBeUndefined();
  });

  it('without a code sent: 400 saying to send one', async () => {
    const r = await job();
    const res = await stop(r.id, { otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ERR.otpMissing.text);
  });

  it('a wrong try counts although its completion rolls back; 5 wrong tries burn the code; a new send resets', async () => {
    const r = await job();
    await sendOtp(r.id);
    const code = await sentCode(ctx, r.id);
    const wrong = wrongCode(code);
    for (let i = 1; i <= OTP.maxTries; i++) {
      const res = await stop(r.id, { otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        i < OTP.maxTries ? ERR.otpWrong({ left: OTP.maxTries - i }).text : ERR.otpBurnt.text,
      );
      expect((await otpOf(r.id))?.tries).toBe(i);
    }
    const burnt = await stop(r.id, { otp: code });
    expect(burnt.statusCode).toBe(400);
    expect(burnt.json().message).toBe(ERR.otpBurnt.text);
    expect((await rowOf(r.id))?.status).toBe('IN_PROGRESS');
    const wrongs = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, r.id), eq(auditLog.action, 'request.completion_otp_wrong')));
    expect(wrongs).toHaveLength(OTP.maxTries);
    // A new code: tries back to 0, and it works.
    await sendOtp(r.id);
    expect((await otpOf(r.id))?.tries).toBe(0);
    const fresh = await sentCode(ctx, r.id);
    const old = await stop(r.id, { otp: code === fresh ? wrong : code });
    expect(old.statusCode).toBe(400);
    const ok = await stop(r.id, { otp: fresh });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('expires after 10 minutes (a fake clock)', async () => {
    const r = await job();
    await sendOtp(r.id);
    const code = await sentCode(ctx, r.id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + OTP.validMinutes * 60_000 + 1000 });
    const res = await stop(r.id, { otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ERR.otpExpired({ minutes: OTP.validMinutes }).text);
    vi.useRealTimers();
    expect((await rowOf(r.id))?.status).toBe('IN_PROGRESS');
  });

  it('a queued completion (clientTime) with a wrong code: 400 with the reason, the job still in progress', async () => {
    const r = await job();
    await sendOtp(r.id);
    const code = await sentCode(ctx, r.id);
    const res = await stop(
      r.id,
      { otp: wrongCode(code), clientTime: new Date(Date.now() - 60_000).toISOString() },
      tech,
      { 'idempotency-key': `queued-${r.id}` },
    );
    // Not a refusal by a request that moved on (403/404/409, queued.ts): the server's reason as
    // it is, which the phone's queue keeps under Needs attention (offline-actions.test.ts).
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ERR.otpWrong({ left: OTP.maxTries - 1 }).text);
    expect((await rowOf(r.id))?.status).toBe('IN_PROGRESS');
    // Retried from Needs attention with the right code (a new key): completed at the phone's time.
    const retried = await stop(r.id, { otp: code, clientTime: new Date(Date.now() - 60_000).toISOString() }, tech, {
      'idempotency-key': `queued-${r.id}-retry`,
    });
    expect(retried.statusCode, retried.body).toBe(200);
  });
});

describe('GET /api/service-requests?proof=none', () => {
  it('the managers’ list of requests completed without proof', async () => {
    const none = await job('IN_PROGRESS');
    expect((await stop(none.id)).statusCode).toBe(200);
    const signed = await job('IN_PROGRESS');
    const s = await stop(signed.id, { signature: dataUrl(await signaturePng()), signedBy: 'Kavya Raman' });
    expect(s.statusCode).toBe(200);
    const open = await job('IN_PROGRESS');
    for (const who of [manager, admin]) {
      const res = await call(who, 'GET', '/api/service-requests?proof=none&pageSize=100');
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json().map((x: { id: string }) => x.id);
      expect(ids).toContain(none.id);
      expect(ids).not.toContain(signed.id);
      expect(ids).not.toContain(open.id);
      expect(res.json().every((x: { status: string }) => ['WORK_COMPLETED', 'COMPLETED'].includes(x.status))).toBe(
        true,
      );
      expect(Number(res.headers['x-total-count'])).toBe(ids.length);
    }
  });

  it('403 for a team lead and a technician; 400 for another value', async () => {
    for (const who of [lead, tech]) {
      expect((await call(who, 'GET', '/api/service-requests?proof=none')).statusCode).toBe(403);
    }
    expect((await call(manager, 'GET', '/api/service-requests?proof=all')).statusCode).toBe(400);
  });
});
