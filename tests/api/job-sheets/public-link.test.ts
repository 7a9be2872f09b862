/**
 * Issue 35 item 3, the rest (ADR 048): a request's job sheet behind a signed, expiring link. The
 * details carry `jobSheetUrl` once the work is done (under PUBLIC_URL, the same all day, 30 days
 * and more ahead). The link opens the sheet without an account: the JSON the page shows (the
 * customer's name and language but not their phone or address, the technicians' first names, the
 * proof's kind and time but not its image or phone, signed photo thumbnails) and the PDF. A
 * malformed, tampered or expired token, and a request whose work is not done, answer the same 404
 * with words; an address past PUBLIC_READS_PER_IP_HOUR gets 429.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#server/db/schema/customers.ts';
import { productParts, workParts } from '#server/db/schema/maintenance.ts';
import { completionProofs } from '#server/db/schema/messages.ts';
import { users } from '#server/db/schema/people.ts';
import { waterReadings } from '#server/db/schema/readings.ts';
import { serviceRequests, workLogs } from '#server/db/schema/requests.ts';
import {
  checkJobSheetToken,
  JOB_SHEET_TOKEN_RE,
  jobSheetExpiry,
  jobSheetToken,
  jobSheetUrl,
} from '#server/lib/job-sheet-links.ts';
import { TokenService } from '#server/lib/tokens.ts';
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
import { pdfText } from './pdf-text.ts';

const DAY = 86_400_000;
const READS = 6;

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let admin: Session & { made: { id: string } };
let tech: Session & { made: { id: string } };
let address = 1;

beforeAll(async () => {
  ctx = await createTestApp({
    PUBLIC_URL: 'https://service.example.com',
    SERVICE_NAME: 'Jal Seva Water Solutions',
    SUPPORT_PHONE: '1800 425 1234',
    PUBLIC_READS_PER_IP_HOUR: String(READS),
  });
  call = caller(ctx);
  w = await makeWorld(ctx);
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  await ctx.db.update(users).set({ name: 'Ravi Kumar Subramanian' }).where(eq(users.id, tech.made.id));
});
afterAll(() => ctx.close());

/** A public call from a client address of its own (each test its own, so the address limit is the test's). */
const pub = (url: string, ip = `198.51.100.${address}`) =>
  ctx.app.inject({ method: 'GET', url, remoteAddress: ip } as InjectOptions);
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

const CUSTOMER = {
  name: 'Lakshmi Narayanan',
  primaryPhone: '9841077777',
  phoneNumbers: ['9841066666'],
  address: '14 Kamaraj Salai, Mylapore, Chennai',
};

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function upload(requestId: string, kind: string, color: string) {
  const boundary = '----aquadesklink';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(color),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const up = await call(tech, 'POST', `/api/uploads/work-media/${requestId}?kind=${kind}`, payload, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(up.statusCode, up.body).toBe(201);
}

/** A Tamil-speaking customer's job: a unit, a visit with notes, parts, a reading, photos; done, signed for. */
async function doneJob() {
  const customer = await makeCustomer(ctx.db, w.region.id, CUSTOMER);
  await ctx.db
    .update(customers)
    .set({ language: 'ta', address: CUSTOMER.address })
    .where(eq(customers.id, customer.id));
  const p = await call(admin, 'POST', '/api/products', {
    name: `Aqua Star ${address}`,
    brand: 'Neervana',
    technology: 'RO',
    parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
  });
  expect(p.statusCode, p.body).toBe(201);
  const u = await call(admin, 'POST', `/api/customers/${customer.id}/units`, {
    productId: p.json().id,
    serialNumber: `JS-LINK-${address}`,
    installedOn: '2025-03-14',
  });
  expect(u.statusCode, u.body).toBe(201);
  const request = await makeRequest(ctx.db, {
    customerId: customer.id,
    regionId: w.region.id,
    requestedById: admin.made.id,
    assignedToId: tech.made.id,
    status: 'IN_PROGRESS',
    unitId: u.json().id,
    description: 'Office note: customer prefers calls after 6 pm',
  });
  await upload(request.id, 'BEFORE', '#6d4c41');
  await upload(request.id, 'AFTER', '#0288d1');
  await upload(request.id, 'OTHER', '#9e9e9e');
  await ctx.db.insert(workLogs).values({
    requestId: request.id,
    technicianId: tech.made.id,
    startTime: new Date('2026-11-20T04:30:00Z'),
    endTime: new Date('2026-11-20T05:45:00Z'),
    notes: 'Changed the sediment filter; flow is good.',
  });
  const [part] = await ctx.db.select().from(productParts).where(eq(productParts.productId, p.json().id));
  await ctx.db.insert(workParts).values([
    { requestId: request.id, unitId: u.json().id, partId: part?.id ?? null, name: 'Sediment filter' },
    { requestId: request.id, unitId: u.json().id, name: 'Tap washer', quantity: 2 },
  ]);
  await ctx.db.insert(waterReadings).values({
    requestId: request.id,
    unitId: u.json().id,
    technicianId: tech.made.id,
    tdsIn: 900,
    tdsOut: 60,
    ph: 7.2,
    hardness: 120,
    takenAt: new Date('2026-11-20T05:00:00Z'),
  });
  await ctx.db
    .update(serviceRequests)
    .set({ status: 'WORK_COMPLETED', completedAt: new Date('2026-11-20T05:45:00Z') })
    .where(eq(serviceRequests.id, request.id));
  await ctx.db.insert(completionProofs).values({
    requestId: request.id,
    kind: 'SIGNATURE',
    signedBy: 'Lakshmi N',
    signatureKey: `signatures/${request.id}.png`,
    phone: CUSTOMER.primaryPhone,
    technicianId: tech.made.id,
    confirmedAt: new Date('2026-11-20T05:44:00Z'),
  });
  return { request, customer, unitId: u.json().id as string };
}

describe('jobSheetUrl on the details', () => {
  it('is null until the work is done, then a link under PUBLIC_URL that stays the same all day', async () => {
    address++;
    const request = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: admin.made.id,
      assignedToId: tech.made.id,
      status: 'IN_PROGRESS',
    });
    const open = await call(admin, 'GET', `/api/service-requests/${request.id}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().jobSheetUrl).toBeNull();

    for (const status of ['WORK_COMPLETED', 'COMPLETED'] as const) {
      await ctx.db.update(serviceRequests).set({ status }).where(eq(serviceRequests.id, request.id));
      const first = (await call(admin, 'GET', `/api/service-requests/${request.id}`)).json().jobSheetUrl as string;
      expect(first).toMatch(/^https:\/\/service\.example\.com\/j\/[A-Za-z0-9_-]{48}$/);
      expect((await call(admin, 'GET', `/api/service-requests/${request.id}`)).json().jobSheetUrl).toBe(first);
      // The technician's own task answers the same link.
      expect((await call(tech, 'GET', `/api/technicians/tasks/${request.id}`)).json().jobSheetUrl).toBe(first);
      const link = checkJobSheetToken(ctx.app.deps.tokens, tokenOf(first));
      expect(link).toMatchObject({ ok: true, requestId: request.id });
      const days = ((link.ok ? link.expiresAt.getTime() : 0) - Date.now()) / DAY;
      expect(days).toBeGreaterThanOrEqual(30);
      expect(days).toBeLessThanOrEqual(31);
    }
  });

  it('is made the same from morning to night, at least 30 days ahead; without PUBLIC_URL, a path', () => {
    const tokens = new TokenService('a-test-secret-of-at-least-32-characters!', 900);
    const id = '3f2a9c1e-8b4d-4e6f-a1b2-c3d4e5f60718';
    const morning = Date.parse('2026-11-28T00:00:01Z');
    const night = Date.parse('2026-11-28T23:59:59Z');
    expect(jobSheetToken(tokens, id, morning)).toBe(jobSheetToken(tokens, id, night));
    expect(jobSheetToken(tokens, id, night + 2000)).not.toBe(jobSheetToken(tokens, id, night));
    expect(jobSheetExpiry(night) * 1000 - night).toBeGreaterThanOrEqual(30 * DAY);
    expect(jobSheetExpiry(morning) * 1000 - morning).toBeLessThanOrEqual(31 * DAY);
    expect(jobSheetToken(tokens, id, morning)).toMatch(JOB_SHEET_TOKEN_RE);
    expect(jobSheetUrl(tokens, null, id, morning)).toBe(`/j/${jobSheetToken(tokens, id, morning)}`);
    expect(jobSheetUrl(tokens, 'http://aquadesk.lan:3000', id, morning)).toBe(
      `http://aquadesk.lan:3000/j/${jobSheetToken(tokens, id, morning)}`,
    );
    // Good until its expiry, not a second after; another secret's token is no token.
    const token = jobSheetToken(tokens, id, morning);
    const exp = jobSheetExpiry(morning) * 1000;
    expect(checkJobSheetToken(tokens, token, exp - 1000)).toMatchObject({ ok: true, requestId: id });
    expect(checkJobSheetToken(tokens, token, exp)).toEqual({ ok: false, reason: 'expired' });
    const other = new TokenService('another-secret-of-at-least-32-characters', 900);
    expect(checkJobSheetToken(other, token, morning)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('GET /api/public/job-sheets/:token', () => {
  it('shows the sheet without an account: only the fields the customer may keep', async () => {
    address++;
    const { request, customer, unitId } = await doneJob();
    const url = (await call(admin, 'GET', `/api/service-requests/${request.id}`)).json().jobSheetUrl as string;
    const res = await pub(`/api/public/job-sheets/${tokenOf(url)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    const sheet = res.json();
    expect(sheet).toMatchObject({
      serviceName: 'Jal Seva Water Solutions',
      supportPhone: '1800 425 1234',
      language: 'ta',
      ticketNumber: `SR-${String(request.ticketNo).padStart(6, '0')}`,
      type: 'SERVICE',
      status: 'WORK_COMPLETED',
      completedAt: '2026-11-20T05:45:00.000Z',
      customer: { name: CUSTOMER.name },
      unit: { brand: 'Neervana', serial: `JS-LINK-${address}` },
      visits: [
        {
          technician: 'Ravi',
          startTime: '2026-11-20T04:30:00.000Z',
          endTime: '2026-11-20T05:45:00.000Z',
          notes: 'Changed the sediment filter; flow is good.',
        },
      ],
      minutesOnSite: 75,
      parts: [
        { name: 'Sediment filter', quantity: 1, replaced: true },
        { name: 'Tap washer', quantity: 2, replaced: false },
      ],
      readings: [
        {
          tdsIn: 900,
          tdsOut: 60,
          ph: 7.2,
          hardness: 120,
          rejection: 93.3,
          flags: [],
          takenAt: '2026-11-20T05:00:00.000Z',
        },
      ],
      proof: { kind: 'SIGNATURE', signedBy: 'Lakshmi N', confirmedAt: '2026-11-20T05:44:00.000Z' },
    });
    expect(Object.keys(sheet).sort()).toEqual(
      [
        'serviceName',
        'supportPhone',
        'language',
        'ticketNumber',
        'type',
        'status',
        'completedAt',
        'customer',
        'unit',
        'visits',
        'minutesOnSite',
        'parts',
        'readings',
        'proof',
        'photos',
        'expiresAt',
      ].sort(),
    );
    expect(Object.keys(sheet.customer)).toEqual(['name']);
    expect(Object.keys(sheet.proof).sort()).toEqual(['confirmedAt', 'kind', 'signedBy']);
    // The before and after thumbnails (not the other photo), each a signed URL that loads.
    expect(sheet.photos.map((p: { kind: string }) => p.kind)).toEqual(['BEFORE', 'AFTER']);
    for (const photo of sheet.photos as { url: string }[]) {
      expect(photo.url).toMatch(/^\/api\/media\/.+\?exp=\d+&sig=[\w-]+$/);
      const img = await pub(photo.url);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toMatch(/^image\//);
    }
    // Nothing else of the customer, the office or the proof. (The request's id is no secret: the
    // token carries it, and the photos' keys are under it; without a session it opens nothing.)
    for (const secret of [
      CUSTOMER.primaryPhone,
      CUSTOMER.phoneNumbers[0] as string,
      CUSTOMER.address,
      'Kamaraj',
      'Office note',
      'Subramanian',
      'Kumar',
      customer.id,
      unitId,
      tech.made.id,
      'signatures/',
    ]) {
      expect(res.body, secret).not.toContain(secret);
    }
  });

  it('answers the same 404 with words for a malformed, tampered or expired token and for work not done', async () => {
    address++;
    const { request } = await doneJob();
    const tokens = ctx.app.deps.tokens;
    const good = jobSheetToken(tokens, request.id);
    const raw = Buffer.from(good, 'base64url');
    const flip = (at: number) => {
      const copy = Buffer.from(raw);
      copy[at] = (copy[at] as number) ^ 1;
      return copy.toString('base64url');
    };
    const pending = await makeRequest(ctx.db, {
      customerId: w.customer.id,
      regionId: w.region.id,
      requestedById: admin.made.id,
    });
    const refused = {
      malformed: 'not-a-token',
      // Longer than a token (past 100 characters the router itself answers 414).
      long: 'A'.repeat(96),
      'bad characters': `${good.slice(0, 47)}!`,
      'another request id': flip(3),
      'a later expiry': flip(19),
      'a changed signature': flip(35),
      'a forged request id': jobSheetToken(new TokenService('x'.repeat(40), 900), request.id),
      // Made 40 days ago: it expired 9 or 10 days ago.
      expired: jobSheetToken(tokens, request.id, Date.now() - 40 * DAY),
      'work not done': jobSheetToken(tokens, pending.id),
    };
    // The limit is the address's: these come from addresses of their own.
    let n = 0;
    for (const [why, token] of Object.entries(refused)) {
      for (const path of [`/api/public/job-sheets/${token}`, `/api/public/job-sheets/${token}/pdf`]) {
        const res = await pub(path, `198.51.101.${n++}`);
        expect(res.statusCode, `${why}: ${path}`).toBe(404);
        expect(res.json(), why).toEqual({ message: ERR.jobSheetNotFound.text, code: 'NOT_FOUND' });
      }
    }
    // In the reader's language.
    const tamil = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/job-sheets/${refused.expired}`,
      headers: { 'accept-language': 'ta' },
      remoteAddress: '198.51.101.250',
    } as InjectOptions);
    expect(tamil.statusCode).toBe(404);
    expect(tamil.json().message).toMatch(/[\u0B80-\u0BFF]/);
    // The good one opens.
    expect((await pub(`/api/public/job-sheets/${good}`)).statusCode).toBe(200);
  });

  it('gives the PDF the customer keeps: the same sheet, less their phone and address and the office note', async () => {
    address++;
    const { request } = await doneJob();
    const url = (await call(admin, 'GET', `/api/service-requests/${request.id}`)).json().jobSheetUrl as string;
    const res = await pub(`/api/public/job-sheets/${tokenOf(url)}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="job-sheet-SR-${String(request.ticketNo).padStart(6, '0')}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    for (const said of [
      'Jal Seva Water Solutions',
      `Job sheet SR-${String(request.ticketNo).padStart(6, '0')}`,
      CUSTOMER.name,
      `JS-LINK-${address}`,
      'Ravi: 20 Nov 2026, 10:00 am to 20 Nov 2026, 11:15 am',
      'Changed the sediment filter; flow is good.',
      '1 h 15 min',
      'Tap washer x 2',
      'rejection 93.3%',
    ]) {
      expect(text, said).toContain(said);
    }
    for (const secret of [CUSTOMER.primaryPhone, 'Kamaraj', 'Office note', 'Subramanian']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(2);
    // The office's sheet still has everything.
    const office = pdfText((await call(admin, 'GET', `/api/service-requests/${request.id}/job-sheet.pdf`)).rawPayload);
    for (const said of [CUSTOMER.primaryPhone, 'Kamaraj', 'Office note', 'Ravi Kumar Subramanian']) {
      expect(office, said).toContain(said);
    }
  });

  it(`takes ${READS} reads an address an hour, then 429 with Retry-After in words`, async () => {
    address++;
    const { request } = await doneJob();
    const token = jobSheetToken(ctx.app.deps.tokens, request.id);
    const ip = '198.51.102.7';
    for (let i = 0; i < READS; i++) {
      expect((await pub(`/api/public/job-sheets/${token}`, ip)).statusCode).toBe(200);
    }
    const over = await pub(`/api/public/job-sheets/${token}`, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ERR.publicIpLimit.text);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Refused links count too: a guesser gets no more tries than a reader.
    const guesser = '198.51.102.8';
    for (let i = 0; i < READS; i++) {
      expect((await pub('/api/public/job-sheets/guess', guesser)).statusCode).toBe(404);
    }
    expect((await pub(`/api/public/job-sheets/${token}`, guesser)).statusCode).toBe(429);
    // Another address still reads it.
    expect((await pub(`/api/public/job-sheets/${token}`, '198.51.102.9')).statusCode).toBe(200);
  });

  it('serves /j/<token> under the public pages’ strict policy, never indexed', async () => {
    const res = await pub('/j/anything');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("style-src 'self';");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
