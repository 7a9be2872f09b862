/**
 * Issue 35 item 1 (ADR 047): PROOF_OF_COMPLETION = signature, otp or either. A stop without the
 * proof asked for is a 400 that names what is needed (nothing written); with it, the job completes;
 * GET /api/config tells the app which mode is on, so the Complete Work panel can say so first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProofMode } from '#shared/domain/messages.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { caller, makeWorld } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, makeRequest, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';
import { dataUrl, sentCode, signaturePng } from './helpers.ts';

describe.each([
  ['signature', ERR.proofSignatureRequired.text],
  ['otp', ERR.proofOtpRequired.text],
  ['either', ERR.proofRequired.text],
] as [ProofMode, string][])('PROOF_OF_COMPLETION=%s', (mode, needed) => {
  let ctx: TestContext;
  let call: ReturnType<typeof caller>;
  let tech: Session & { made: { id: string } };
  let job: () => Promise<{ id: string }>;

  beforeAll(async () => {
    ctx = await createTestApp({ PROOF_OF_COMPLETION: mode });
    call = caller(ctx);
    const w = await makeWorld(ctx);
    tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    job = () =>
      makeRequest(ctx.db, {
        customerId: w.customer.id,
        regionId: w.region.id,
        requestedById: manager.made.id,
        assignedToId: tech.made.id,
        status: 'IN_PROGRESS',
      });
  });
  afterAll(() => ctx.close());

  const stop = (requestId: string, body: object = {}) =>
    call(tech, 'POST', '/api/technician-workflow/stop', { requestId, notes: 'Done', ...body });

  it('the app is told the mode', async () => {
    const res = await call(null, 'GET', '/api/config');
    expect(res.json().proofOfCompletion).toBe(mode);
  });

  it('a stop without proof (the spec’s body) is a 400 naming what is needed', async () => {
    const r = await job();
    const res = await stop(r.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(needed);
    expect(res.json().errors[0]).toMatchObject({ path: mode === 'otp' ? 'otp' : 'signature', message: needed });
    const details = await call(tech, 'GET', `/api/service-requests/${r.id}`);
    expect(details.json()).toMatchObject({ status: 'IN_PROGRESS', proof: null });
  });

  it('a signature completes it where a signature will do; else 400', async () => {
    const r = await job();
    const res = await stop(r.id, { signature: dataUrl(await signaturePng()), signedBy: 'Meera Sundaram' });
    if (mode === 'otp') {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(needed);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().proof).toMatchObject({ kind: 'SIGNATURE', signedBy: 'Meera Sundaram' });
    }
  });

  it('a one-time code completes it where a code will do; else 400', async () => {
    const r = await job();
    const sent = await call(tech, 'POST', `/api/service-requests/${r.id}/completion-otp`);
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await stop(r.id, { otp: await sentCode(ctx, r.id) });
    if (mode === 'signature') {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(needed);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().proof).toMatchObject({ kind: 'OTP' });
    }
  });
});

describe('PROOF_OF_COMPLETION unset', () => {
  it('is optional, and the app is told so', async () => {
    const ctx = await createTestApp();
    try {
      expect(ctx.config.PROOF_OF_COMPLETION).toBe('optional');
      expect((await caller(ctx)(null, 'GET', '/api/config')).json().proofOfCompletion).toBe('optional');
    } finally {
      await ctx.close();
    }
  });
});
