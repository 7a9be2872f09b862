/**
 * Issue 35 items 4, 5 and 7 (ADR 046): the outbox. A request's moments (registered, assigned,
 * completed) write a message in the same transaction (a refused transition writes none), in the
 * customer's language, by the channel they agreed to; no consent: SKIPPED with the reason. The
 * log driver marks them SENT; the Messages screen lists them with their text; retry, templates
 * with their placeholders checked, consent and its scope; the quiet hours.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { customerMessages } from '#server/db/schema/messages.ts';
import { sendableAt } from '#server/modules/messages/outbox.service.ts';
import { addDays, addMonths, todayIn } from '#shared/domain/maintenance.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { caller, makeWorld } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, makeCustomer, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let admin: Session & { made: { id: string } };
let manager: Session & { made: { id: string } };
let farManager: Session & { made: { id: string } };
let tech: Session & { made: { id: string } };

beforeAll(async () => {
  ctx = await createTestApp({ SERVICE_NAME: 'Neer Seva', SUPPORT_PHONE: '1800 123 4567' });
  call = caller(ctx);
  w = await makeWorld(ctx);
  admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
  manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
  farManager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.other.id });
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
});
afterAll(() => ctx.close());

const messagesOf = (customerId: string) =>
  ctx.db.select().from(customerMessages).where(eq(customerMessages.customerId, customerId));

/** A customer of the region who speaks `language`, agreeing (or not) to WhatsApp. */
async function customer(language: string, whatsapp: boolean) {
  const c = await makeCustomer(ctx.db, w.region.id);
  const put = await call(manager, 'PUT', `/api/customers/${c.id}`, {
    name: c.name,
    address: '12 Gandhi Road, Chennai',
    primaryPhone: c.primaryPhone,
    phoneNumbers: [],
    regionId: w.region.id,
    language,
  });
  expect(put.statusCode, put.body).toBe(200);
  expect(put.json().language).toBe(language);
  if (whatsapp) {
    const consent = await call(manager, 'PUT', `/api/customers/${c.id}/consent`, {
      whatsapp: true,
      sms: false,
      source: 'OFFICE',
    });
    expect(consent.statusCode, consent.body).toBe(200);
    expect(consent.json().consent).toMatchObject({ whatsapp: true, sms: false, source: 'OFFICE' });
  }
  return c;
}

async function raise(customerId: string) {
  const res = await call(manager, 'POST', '/api/service-requests', {
    type: 'SERVICE',
    description: 'Water tastes salty since Monday',
    customerId,
    regionId: w.region.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; ticketNumber: string };
}

describe('the outbox', () => {
  it('a registered request writes a WhatsApp message in the customer language, which the log driver sends', async () => {
    const c = await customer('ta', true);
    const r = await raise(c.id);
    const [m] = await messagesOf(c.id);
    expect(m).toMatchObject({
      channel: 'WHATSAPP',
      recipient: `+91${c.primaryPhone}`,
      template: 'requestRegistered',
      language: 'ta',
      requestId: r.id,
    });
    expect(m?.params).toMatchObject({ business: 'Neer Seva', ticket: r.ticketNumber, phone: '1800 123 4567' });
    // Written at any hour: QUEUED now, or (quiet hours) for 08:00.
    expect(m?.status).toBe('QUEUED');
    await ctx.db.update(customerMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await ctx.app.deps.services.messageDelivery.deliverDue();
    const list = await call(admin, 'GET', `/api/messages?search=${c.primaryPhone}&pageSize=10`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    const [item] = list.json();
    expect(item).toMatchObject({ status: 'SENT', attempts: 1, channel: 'WHATSAPP', language: 'ta' });
    expect(item.providerMessageId).toMatch(/^log-/);
    expect(item.request).toEqual({ id: r.id, ticketNumber: r.ticketNumber });
    // The Tamil template, filled.
    expect(item.text).toContain('பதிவு செய்யப்பட்டது');
    expect(item.text).toContain(r.ticketNumber);
  });

  it('a customer who agreed to nothing gets no message: SKIPPED with the reason', async () => {
    const c = await customer('en-IN', false);
    await raise(c.id);
    const [m] = await messagesOf(c.id);
    expect(m).toMatchObject({ status: 'SKIPPED', errorKey: 'messageNoConsent', nextAttemptAt: null });
    const list = await call(admin, 'GET', `/api/messages?status=SKIPPED&search=${c.primaryPhone}`);
    expect(list.json()[0].error).toBe(ERR.messageNoConsent.text);
    // Retried before consent: refused; after it, queued by the channel agreed to.
    const early = await call(admin, 'POST', `/api/messages/${m?.id}/retry`);
    expect(early.statusCode).toBe(409);
    await call(manager, 'PUT', `/api/customers/${c.id}/consent`, { whatsapp: false, sms: true, source: 'OFFICE' });
    const again = await call(admin, 'POST', `/api/messages/${m?.id}/retry`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'QUEUED', channel: 'SMS', error: null });
    const sent = await call(admin, 'POST', `/api/messages/${m?.id}/retry`);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(ERR.messageNotRetryable.text);
  });

  it('an assignment writes its message with the technician and the day; a refused one writes none', async () => {
    const c = await customer('hi', true);
    const r = await raise(c.id);
    const approve = await call(admin, 'POST', `/api/service-requests/${r.id}/service-approve`, {});
    expect(approve.statusCode, approve.body).toBe(200);
    const wrong = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, {
      technicianId: w.customer.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect((await messagesOf(c.id)).map((m) => m.template)).toEqual(['requestRegistered']);
    const assign = await call(manager, 'POST', `/api/service-requests/${r.id}/manual-assign`, {
      technicianId: tech.made.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const assigned = (await messagesOf(c.id)).find((m) => m.template === 'technicianAssigned');
    expect(assigned?.language).toBe('hi');
    expect(assigned?.params.technician).toBeTruthy();
    expect(assigned?.params.day).toMatch(/\d{4}/);
    // Completed: the message carries the job sheet's public link.
    const start = await call(tech, 'POST', '/api/technician-workflow/start', { requestId: r.id });
    expect(start.statusCode, start.body).toBe(200);
    const stop = await call(tech, 'POST', '/api/technician-workflow/stop', {
      requestId: r.id,
      notes: 'Membrane changed',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const done = (await messagesOf(c.id)).find((m) => m.template === 'jobCompleted');
    expect(done?.params.link).toContain('/j/');
    expect(done?.params.link).toBe(stop.json().jobSheetUrl);
  });
});

describe('consent', () => {
  it('is the office of the region: another region 404, a technician 403, written to the audit trail', async () => {
    const body = { whatsapp: true, sms: true, source: 'OFFICE' };
    expect((await call(farManager, 'PUT', `/api/customers/${w.customer.id}/consent`, body)).statusCode).toBe(404);
    expect((await call(tech, 'PUT', `/api/customers/${w.customer.id}/consent`, body)).statusCode).toBe(403);
    const bad = await call(manager, 'PUT', `/api/customers/${w.customer.id}/consent`, { ...body, source: 'PHONE' });
    expect(bad.statusCode).toBe(400);
    const ok = await call(manager, 'PUT', `/api/customers/${w.customer.id}/consent`, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().consent.at).toBeTruthy();
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'customer.consent'));
    expect(rows.some((r) => r.entityId === w.customer.id)).toBe(true);
  });
});

describe('templates', () => {
  it('are checked on save, rendered in messages, and reset to the catalogue', async () => {
    const all = await call(admin, 'GET', '/api/message-templates');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(6 * 6);
    const bad = await call(admin, 'PUT', '/api/message-templates/requestRegistered/en-IN', {
      text: 'Hello {{customer}}, {{otp}} for {{ticket}}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('{{otp}}');
    const good = await call(admin, 'PUT', '/api/message-templates/requestRegistered/en-IN', {
      text: 'Vanakkam {{customer}}, ticket {{ticket}} is with us.',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ custom: true, placeholders: ['business', 'customer', 'ticket', 'phone'] });
    const c = await customer('en-IN', true);
    const r = await raise(c.id);
    const list = await call(admin, 'GET', `/api/messages?search=${c.primaryPhone}`);
    expect(list.json()[0].text).toBe(`Vanakkam ${c.name}, ticket ${r.ticketNumber} is with us.`);
    const reset = await call(admin, 'PUT', '/api/message-templates/requestRegistered/en-IN', { text: null });
    expect(reset.json().custom).toBe(false);
    expect(reset.json().text).toContain('is registered');
    expect((await call(manager, 'GET', '/api/message-templates')).statusCode).toBe(403);
    expect((await call(admin, 'PUT', '/api/message-templates/nope/en-IN', { text: 'x' })).statusCode).toBe(400);
  });
});

describe('the schedule', () => {
  it('a filter due raises its message once; an AMC ending in 30 days its reminder once', async () => {
    const c = await customer('te', true);
    const product = await call(admin, 'POST', '/api/products', {
      name: 'Aqua Shakti RO 8 L',
      brand: 'Jalsuddhi',
      technology: 'RO',
      parts: [{ name: 'Sediment filter', intervalMonths: 6 }],
    });
    expect(product.statusCode, product.body).toBe(201);
    const today = todayIn('Asia/Kolkata');
    const unit = await call(admin, `POST`, `/api/customers/${c.id}/units`, {
      productId: product.json().id,
      serialNumber: `AS-${c.primaryPhone}`,
      installedOn: addDays(addMonths(today, -6), 3),
    });
    expect(unit.statusCode, unit.body).toBe(201);
    const ends = addDays(today, 30);
    const amc = await call(manager, 'POST', `/api/units/${unit.json().id}/contracts`, {
      type: 'AMC',
      startsOn: addDays(ends, -364),
      endsOn: ends,
      visitsPerYear: 0,
      price: 249900,
    });
    expect(amc.statusCode, amc.body).toBe(201);
    for (let i = 0; i < 2; i++) {
      const run = await call(manager, 'POST', '/api/maintenance/run', {});
      expect(run.statusCode, run.body).toBe(200);
    }
    const mine = await messagesOf(c.id);
    const due = mine.filter((m) => m.template === 'filterDue');
    expect(due).toHaveLength(1);
    expect(due[0]?.params.product).toBe('Aqua Shakti RO 8 L');
    expect(due[0]?.language).toBe('te');
    const reminders = mine.filter((m) => m.template === 'amcExpiring');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.params.ends).toMatch(/\d{4}/);
    // No "request registered" beside the filter's own message.
    expect(mine.filter((m) => m.template === 'requestRegistered')).toHaveLength(0);
  });
});

describe('the totals', () => {
  it('come from the counters the trigger keeps, and match the rows for every status and channel', async () => {
    const c = await customer('kn', true);
    await raise(c.id);
    // Moves through statuses and channels as delivery and a retry do.
    await ctx.app.deps.services.messageDelivery.deliverDue();
    const rows = await ctx.db.select().from(customerMessages);
    const total = async (query: string) =>
      Number((await call(admin, 'GET', `/api/messages?pageSize=1${query}`)).headers['x-total-count']);
    expect(await total('')).toBe(rows.length);
    for (const status of ['QUEUED', 'SENT', 'SKIPPED', 'FAILED', 'DELIVERED']) {
      expect(await total(`&status=${status}`), status).toBe(rows.filter((m) => m.status === status).length);
      for (const channel of ['WHATSAPP', 'SMS']) {
        expect(await total(`&status=${status}&channel=${channel}`), `${status} ${channel}`).toBe(
          rows.filter((m) => m.status === status && m.channel === channel).length,
        );
      }
    }
    await ctx.db.delete(customerMessages).where(eq(customerMessages.customerId, c.id));
    expect(await total('')).toBe(rows.filter((m) => m.customerId !== c.id).length);
  });
});

describe('quiet hours', () => {
  const tz = 'Asia/Kolkata';
  it('a message written between 21:00 and 08:00 IST waits for 08:00; a one-time code does not', () => {
    const late = new Date('2026-11-28T16:00:00Z'); // 21:30 IST
    expect(sendableAt(late, tz).toISOString()).toBe('2026-11-29T02:30:00.000Z'); // 08:00 IST
    expect(sendableAt(late, tz, true)).toEqual(late);
    const early = new Date('2026-11-29T01:00:00Z'); // 06:30 IST
    expect(sendableAt(early, tz).toISOString()).toBe('2026-11-29T02:30:00.000Z');
    const day = new Date('2026-11-29T06:00:00Z'); // 11:30 IST
    expect(sendableAt(day, tz)).toEqual(day);
    // MESSAGE_QUIET_HOURS: another window, or none.
    const window = loadConfig({ MESSAGE_QUIET_HOURS: '22-07' } as NodeJS.ProcessEnv).MESSAGE_QUIET_HOURS;
    expect(window).toEqual({ from: 22, to: 7 });
    expect(sendableAt(late, tz, false, window)).toEqual(late); // 21:30 is not quiet then
    expect(loadConfig({ MESSAGE_QUIET_HOURS: 'off' } as NodeJS.ProcessEnv).MESSAGE_QUIET_HOURS).toBeNull();
    expect(sendableAt(late, tz, false, null)).toEqual(late);
    expect(() => loadConfig({ MESSAGE_QUIET_HOURS: '9pm' } as NodeJS.ProcessEnv)).toThrow(/MESSAGE_QUIET_HOURS/);
  });
});
