/**
 * Issue 35 items 1 and 3 (ADR 047): the job sheet's proof section says who signed and when, or
 * that a one-time code sent to the customer's phone (masked) confirmed it; read back out of the PDF.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfText } from '#tests/api/job-sheets/pdf-text.ts';
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
import { dataUrl, sentCode, signaturePng } from './helpers.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let tech: Session & { made: { id: string } };
let job: () => Promise<{ id: string }>;

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  const w = await makeWorld(ctx);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
  job = async () =>
    makeRequest(ctx.db, {
      customerId: (await makeCustomer(ctx.db, w.region.id, { primaryPhone: '9840012321' })).id,
      regionId: w.region.id,
      requestedById: manager.made.id,
      assignedToId: tech.made.id,
      status: 'IN_PROGRESS',
    });
});
afterAll(() => ctx.close());

const sheet = async (id: string) => {
  const res = await call(tech, 'GET', `/api/service-requests/${id}/job-sheet.pdf`);
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
};

it('a signed job: who signed, and when', async () => {
  const r = await job();
  const done = await call(tech, 'POST', '/api/technician-workflow/stop', {
    requestId: r.id,
    signature: dataUrl(await signaturePng()),
    signedBy: 'Meera Sundaram',
  });
  expect(done.statusCode, done.body).toBe(200);
  const text = await sheet(r.id);
  expect(text).toContain('Proof of completion');
  expect(text).toContain('Signed by');
  expect(text).toContain('Meera Sundaram');
  expect(text).not.toContain('No signature or one-time code was recorded for this job.');
  // The office's sheet carries the signature's image (no photos on this job: the one image);
  // the customer's, through the public link, names the signer only (ADR 048).
  const office = await call(tech, 'GET', `/api/service-requests/${r.id}/job-sheet.pdf`);
  expect(office.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(1);
  const link = new URL(done.json().jobSheetUrl, 'http://x').pathname.replace('/j/', '');
  const customer = await ctx.app.inject({ method: 'GET', url: `/api/public/job-sheets/${link}/pdf` });
  expect(customer.statusCode).toBe(200);
  expect(customer.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toBeNull();
  expect(pdfText(customer.rawPayload)).toContain('Meera Sundaram');
});

it('a job confirmed by a one-time code: the masked phone, and when', async () => {
  const r = await job();
  expect((await call(tech, 'POST', `/api/service-requests/${r.id}/completion-otp`)).statusCode).toBe(200);
  const done = await call(tech, 'POST', '/api/technician-workflow/stop', {
    requestId: r.id,
    otp: await sentCode(ctx, r.id),
  });
  expect(done.statusCode, done.body).toBe(200);
  const text = await sheet(r.id);
  expect(text).toMatch(
    /Confirmed by a one-time code sent to 98xxxxxx21 on \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)\./,
  );
});
