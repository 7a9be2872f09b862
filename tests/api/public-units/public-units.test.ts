/**
 * Issue 36 items 2, 4 and 5 (ADR 043): a unit's public code and its page. The code is on the unit
 * (24 URL-safe characters, its page under PUBLIC_URL), re-issued by the office, the old one 404 at
 * once. The page shows the product, its dates and the open tickets' numbers and statuses, and
 * nothing of the customer; a malformed, unknown, re-issued or removed unit's code answers the
 * same 404 in the same time. A request from the page is a COMPLAINT in PENDING_APPROVAL for the
 * unit, its customer and region, raised by the QR system account with source QR, the phone marked
 * as the customer's or unverified, the office told; a filled honeypot, a bad phone or a long
 * description is refused with nothing written; a unit takes 3 an hour, an address 10 attempts.
 * "Send me updates on WhatsApp" (issue 35 item 5) opts the customer in to WhatsApp (source QR)
 * only from their primary phone, so the request's own message goes by WhatsApp; the answer is the
 * same whatever the phone.
 */
import { and, eq, gte } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { customerMessages } from '#server/db/schema/messages.ts';
import { users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { QR_EMAIL } from '#server/lib/system-accounts.ts';
import { PUBLIC_CODE_RE } from '#shared/domain/public-unit.ts';
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
let admin: Session & { made: { id: string } };
let manager: Session & { made: { id: string } };
let farManager: Session & { made: { id: string } };
let tech: Session & { made: { id: string } };
let productId: string;
let serial = 1;
let address = 1;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://service.example.com', SUPPORT_PHONE: '1800 123 4567' });
  call = caller(ctx);
  w = await makeWorld(ctx);
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  const p = await call(admin, 'POST', '/api/products', {
    name: 'Sticker Pure',
    brand: 'Neervana',
    technology: 'RO',
    parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
  });
  expect(p.statusCode, p.body).toBe(201);
  productId = p.json().id;
});
afterAll(() => ctx.close());

const CUSTOMER = { name: 'Savitri Venkatesan', primaryPhone: '9841012345', phoneNumbers: ['9841054321'] };

/** A unit at a customer of its own (whose name and phones the page must never show). */
async function unit() {
  const customer = await makeCustomer(ctx.db, w.region.id, { ...CUSTOMER, name: `${CUSTOMER.name} ${serial}` });
  const u = await call(admin, 'POST', `/api/customers/${customer.id}/units`, {
    productId,
    serialNumber: `QR-${serial++}`,
    installedOn: '2025-03-14',
  });
  expect(u.statusCode, u.body).toBe(201);
  return { id: u.json().id as string, code: u.json().publicCode as string, customer };
}

/** A public call from its own client address (each test its own, so the address limit is the test's). */
const pub = (method: 'GET' | 'POST', url: string, payload?: object, ip = `203.0.113.${address}`) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: ip,
    ...(payload ? { payload } : {}),
  } as InjectOptions);
const page = (code: string, ip?: string) => pub('GET', `/api/public/units/${code}`, undefined, ip);
const ask = (code: string, body: object, ip?: string) => pub('POST', `/api/public/units/${code}/requests`, body, ip);
const leak = (body: string, customer: { name: string; address: string; primaryPhone: string }) =>
  [customer.name, customer.address, customer.primaryPhone, CUSTOMER.phoneNumbers[0] as string].filter((s) =>
    body.includes(s),
  );

describe('the public code (item 2)', () => {
  it('is on the unit with its page under PUBLIC_URL, and the office re-issues it: the old one stops at once', async () => {
    const u = await unit();
    expect(u.code).toMatch(PUBLIC_CODE_RE);
    const got = await call(tech, 'GET', `/api/units/${u.id}`);
    expect(got.json().publicUrl).toBe(`https://service.example.com/s/${u.code}`);
    expect((await page(u.code)).statusCode).toBe(200);

    expect((await call(tech, 'POST', `/api/units/${u.id}/public-code`)).statusCode).toBe(403);
    expect((await call(farManager, 'POST', `/api/units/${u.id}/public-code`)).statusCode).toBe(404);
    const again = await call(manager, 'POST', `/api/units/${u.id}/public-code`);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = again.json().publicCode as string;
    expect(fresh).toMatch(PUBLIC_CODE_RE);
    expect(fresh).not.toBe(u.code);
    expect(again.json().publicUrl).toBe(`https://service.example.com/s/${fresh}`);
    expect((await page(u.code)).statusCode).toBe(404);
    expect((await page(fresh)).statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, u.id), eq(auditLog.action, 'unit.publicCode')));
    expect(row?.actorId).toBe(manager.made.id);
    expect(JSON.stringify(row?.details)).not.toContain(fresh);
  });
});

describe('the public page (item 4)', () => {
  it('shows the product, its dates and the open tickets by number and status, and nothing of the customer', async () => {
    address++;
    const u = await unit();
    const done = await makeRequest(ctx.db, {
      customerId: u.customer.id,
      regionId: w.region.id,
      requestedById: manager.made.id,
      status: 'COMPLETED',
      unitId: u.id,
    });
    await ctx.db
      .update(serviceRequests)
      .set({ completedAt: new Date('2026-06-01T20:00:00Z') })
      .where(eq(serviceRequests.id, done.id));
    const open = await makeRequest(ctx.db, {
      customerId: u.customer.id,
      regionId: w.region.id,
      requestedById: manager.made.id,
      assignedToId: tech.made.id,
      status: 'ASSIGNED',
      unitId: u.id,
      description: 'Secret note about the customer',
    });
    const res = await page(u.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const body = res.json();
    expect(body).toEqual({
      serviceName: 'AquaDesk Service',
      supportPhone: '1800 123 4567',
      product: { brand: 'Neervana', name: 'Sticker Pure' },
      installedOn: '2025-03-14',
      // 20:00 UTC is the next day in IST.
      lastServiceOn: '2026-06-02',
      nextDueOn: expect.any(String),
      openTickets: [
        {
          ticketNumber: `SR-${String(open.ticketNo).padStart(6, '0')}`,
          status: 'ASSIGNED',
          raisedOn: expect.any(String),
        },
      ],
    });
    expect(leak(res.body, u.customer)).toEqual([]);
    expect(res.body).not.toContain('Secret note');
    expect(res.body).not.toContain(u.id);
  });

  it('answers the same 404 for a malformed, an unknown and a removed unit’s code', async () => {
    address++;
    const u = await unit();
    expect((await call(admin, 'DELETE', `/api/units/${u.id}`)).statusCode).toBe(200);
    const bodies = [];
    for (const code of [u.code, 'A'.repeat(24), 'not-a-code', `${u.code}x`, '%27%20OR%201%3D1--']) {
      const res = await page(code);
      expect(res.statusCode, code).toBe(404);
      bodies.push(res.body);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] as string).message).toBe(ERR.publicNotFound.text);
  });

  it('takes as long for an unknown code as for a known one (median paired ratio within 50% over 40 tries)', async () => {
    address++;
    const u = await unit();
    // An address per pair: 120 reads would pass the address limit (60 an hour).
    let ip = '198.51.100.1';
    const time = async (code: string) => {
      const start = process.hrtime.bigint();
      const res = await page(code, ip);
      return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode };
    };
    await time(u.code);
    await time('B'.repeat(24));
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 40; i++) {
      ip = `198.51.100.${i + 2}`;
      const other = `${'C'.repeat(20)}${String(i).padStart(4, '0')}`;
      const [a, b] = i % 2 === 0 ? [await time(u.code), await time(other)] : [undefined, await time(other)];
      const k = a ?? (await time(u.code));
      expect(k.status).toBe(200);
      expect(b.status).toBe(404);
      known.push(k.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
    const paired = median(known.map((k, i) => k / (unknown[i] as number)));
    const ratio = Math.max(paired, 1 / paired);
    console.info(`public page timing: known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`);
    expect(ratio).toBeLessThan(1.5);
  }, 60_000);
});

describe('a request from the page (items 4 and 5)', () => {
  it('raises a COMPLAINT for the unit, its customer and region, from the QR account, and tells the office', async () => {
    address++;
    const u = await unit();
    const res = await ask(u.code, {
      problem: 'LEAKING',
      description: 'Water under the unit since morning <script>alert(1)</script>',
      phone: '+91 98410 12345',
      preferredTime: 'MORNING',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ticketNumber: expect.stringMatching(/^SR-\d{6,}$/), status: 'PENDING_APPROVAL' });
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, u.id));
    expect(row).toMatchObject({
      type: 'COMPLAINT',
      status: 'PENDING_APPROVAL',
      customerId: u.customer.id,
      regionId: w.region.id,
      unitId: u.id,
      job: {
        kind: 'qr',
        problem: 'LEAKING',
        phone: '9841012345',
        phoneMatchesCustomer: true,
        preferredTime: 'MORNING',
        serial: expect.stringMatching(/^QR-/),
      },
    });
    // Stored as text, as typed: the screens render it as text, never as HTML.
    expect(row?.description).toBe(
      "Leaking (reported by the customer from the unit's QR sticker): Water under the unit since morning <script>alert(1)</script>",
    );
    const [raiser] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, row?.requestedById as string));
    expect(raiser?.email).toBe(QR_EMAIL);
    expect(raiser?.status).toBe('INACTIVE');

    // The office sees it as any new request: source QR, in the manager's list and notifications.
    const details = await call(manager, 'GET', `/api/service-requests/${row?.id}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().source).toBe('QR');
    expect(details.json().qrReport).toEqual({
      problem: 'LEAKING',
      phone: '9841012345',
      phoneMatchesCustomer: true,
      preferredTime: 'MORNING',
    });
    expect(details.json().job).toBeNull();
    expect(details.json().requestedBy.name).toBe('Customer (QR sticker)');
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toUserId, manager.made.id), eq(notifications.requestId, row?.id as string)));
    expect(told.length).toBe(1);
    // The page now lists it.
    expect((await page(u.code)).json().openTickets).toEqual([
      { ticketNumber: res.json().ticketNumber, status: 'PENDING_APPROVAL', raisedOn: expect.any(String) },
    ]);
  });

  it('marks a phone that is none of the customer’s as unverified', async () => {
    address++;
    const u = await unit();
    expect((await ask(u.code, { problem: 'NO_WATER', description: '', phone: '7000012345' })).statusCode).toBe(201);
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, u.id));
    expect(row?.job).toMatchObject({ phone: '7000012345', phoneMatchesCustomer: false, preferredTime: null });
    expect(row?.description).toBe("No water (reported by the customer from the unit's QR sticker).");
  });

  it('refuses bad input with the field’s message, a filled honeypot, and writes nothing', async () => {
    address++;
    const u = await unit();
    const cases: [object, string, string][] = [
      [{ problem: 'LEAKING', description: 'x', phone: '12345' }, 'phone', ERR.publicPhone({ digits: 10 }).text],
      [{ problem: 'FIRE', description: 'x', phone: '9841012345' }, 'problem', ERR.publicProblem.text],
      [{ problem: 'OTHER', description: '', phone: '9841012345' }, 'description', ERR.publicDescriptionOther.text],
      [
        { problem: 'LEAKING', description: 'x'.repeat(1001), phone: '9841012345' },
        'description',
        ERR.publicDescriptionLong({ max: 1000 }).text,
      ],
      [
        { problem: 'LEAKING', description: 'x', phone: '9841012345', website: 'http://spam.example' },
        'website',
        ERR.publicHoneypot.text,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await ask(u.code, body, `192.0.2.${field.length}${address}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors?.[0]?.path ?? field).toBe(field);
      expect(res.json().message).toBe(message);
    }
    // In the reader's language too.
    const hi = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/units/${u.code}/requests`,
      remoteAddress: '192.0.2.250',
      headers: { 'accept-language': 'hi' },
      payload: { problem: 'LEAKING', description: 'x', phone: '12' },
    });
    expect(hi.json().message).toBe('10 अंकों का मोबाइल नंबर डालें');
    expect(await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, u.id))).toEqual([]);
    expect((await ask('D'.repeat(24), { problem: 'NOISE', description: '', phone: '9841012345' })).statusCode).toBe(
      404,
    );
  });

  it('takes 3 requests a unit an hour, then 429 with Retry-After; 10 attempts an address an hour', async () => {
    address++;
    const u = await unit();
    const since = new Date(Date.now() - 1000);
    for (let i = 0; i < 3; i++) {
      const res = await ask(u.code, { problem: 'NOISE', description: '', phone: '9841012345' }, `198.18.0.${i + 1}`);
      expect(res.statusCode, res.body).toBe(201);
    }
    const fourth = await ask(u.code, { problem: 'NOISE', description: '', phone: '9841012345' }, '198.18.0.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(ERR.publicUnitLimit.text);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500);
    const raised = await ctx.db
      .select()
      .from(serviceRequests)
      .where(and(eq(serviceRequests.unitId, u.id), gte(serviceRequests.createdAt, since)));
    expect(raised.length).toBe(3);

    // One address: 10 attempts, accepted or refused, then 429 whatever it sends.
    const other = await unit();
    const ip = '198.18.1.1';
    for (let i = 0; i < 10; i++) {
      const res = await ask(other.code, { problem: 'NOISE', description: '', phone: '123' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const eleventh = await ask(other.code, { problem: 'NOISE', description: '', phone: '9841012345' }, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(ERR.publicIpLimit.text);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, other.id))).toEqual([]);
  });
});

describe('"Send me updates on WhatsApp" from the page (issue 35 item 5, ADR 046)', () => {
  const consentOf = async (customerId: string) => {
    const [c] = await ctx.db
      .select({
        whatsapp: customers.whatsappOptIn,
        sms: customers.smsOptIn,
        at: customers.consentAt,
        source: customers.consentSource,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    return c;
  };
  const registered = async (customerId: string) =>
    ctx.db
      .select({ channel: customerMessages.channel, status: customerMessages.status, error: customerMessages.errorKey })
      .from(customerMessages)
      .where(and(eq(customerMessages.customerId, customerId), eq(customerMessages.template, 'requestRegistered')));
  /** A unit whose customer agreed to SMS from the office: the box must leave that as it was. */
  const smsUnit = async () => {
    const u = await unit();
    await ctx.db.update(customers).set({ smsOptIn: true }).where(eq(customers.id, u.customer.id));
    return u;
  };

  it('with the primary phone, sets WhatsApp consent (source QR, SMS as it was) before the request: its message goes by WhatsApp', async () => {
    address++;
    const u = await smsUnit();
    const before = Date.now();
    const res = await ask(u.code, {
      problem: 'LEAKING',
      description: '',
      phone: '+91 98410 12345',
      whatsappUpdates: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['status', 'ticketNumber']);
    const c = await consentOf(u.customer.id);
    expect(c).toMatchObject({ whatsapp: true, sms: true, source: 'QR' });
    expect(c?.at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await registered(u.customer.id)).toEqual([{ channel: 'WHATSAPP', status: expect.any(String), error: null }]);
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, u.id));
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row?.id as string), eq(auditLog.action, 'request.create')));
    expect(audit?.details).toMatchObject({ source: 'QR', phoneMatchesCustomer: true, consent: 'QR', whatsapp: true });
  });

  it('with another of the customer’s phones, a stranger’s, or the box unticked, changes nothing, and answers the same', async () => {
    const shapes: string[] = [];
    const cases: [string, boolean][] = [
      [CUSTOMER.phoneNumbers[0] as string, true],
      ['7000012345', true],
      [CUSTOMER.primaryPhone, false],
    ];
    for (const [phone, whatsappUpdates] of cases) {
      address++;
      const u = await smsUnit();
      const res = await ask(u.code, { problem: 'NOISE', description: '', phone, whatsappUpdates });
      expect(res.statusCode, res.body).toBe(201);
      shapes.push(JSON.stringify({ ...res.json(), ticketNumber: 'SR-x' }));
      expect(await consentOf(u.customer.id)).toEqual({ whatsapp: false, sms: true, at: null, source: null });
      expect(await registered(u.customer.id)).toEqual([{ channel: 'SMS', status: expect.any(String), error: null }]);
      const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.unitId, u.id));
      const [audit] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, row?.id as string), eq(auditLog.action, 'request.create')));
      expect(audit?.details).not.toHaveProperty('consent');
    }
    // The matching case's answer, for the same shape.
    address++;
    const u = await unit();
    const res = await ask(u.code, {
      problem: 'NOISE',
      description: '',
      phone: CUSTOMER.primaryPhone,
      whatsappUpdates: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    shapes.push(JSON.stringify({ ...res.json(), ticketNumber: 'SR-x' }));
    expect(new Set(shapes)).toEqual(new Set([JSON.stringify({ ticketNumber: 'SR-x', status: 'PENDING_APPROVAL' })]));
    expect(await consentOf(u.customer.id)).toMatchObject({ whatsapp: true, sms: false, source: 'QR' });
  });

  it('refuses a box that is not true or false with the field named', async () => {
    address++;
    const u = await unit();
    const res = await ask(u.code, { problem: 'NOISE', description: '', phone: '9841012345', whatsappUpdates: 'yes' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors?.[0]?.path).toBe('whatsappUpdates');
    expect(await consentOf(u.customer.id)).toMatchObject({ whatsapp: false, source: null });
  });
});
