/**
 * Issue 35 item 6 (ADR 046): the HTTP drivers against a local fake gateway on loopback. The
 * webhook driver POSTs each message signed with HMAC-SHA256 of the raw body; a 2xx is SENT with the
 * gateway's id, a 4xx FAILED at once, a 5xx or a timeout retried after 1, 5, 30, 120 and 720
 * minutes, then FAILED. The WhatsApp Cloud driver sends the approved template with its positional
 * parameters. The gateway's reports come back signed: DELIVERED, and a STOP reply opts out.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#server/db/schema/customers.ts';
import { customerMessages } from '#server/db/schema/messages.ts';
import { MESSAGE_BACKOFF_MINUTES } from '#shared/domain/messages.ts';
import { createTestApp, makeCustomer, makeRegion, type TestContext } from '#tests/harness/app.ts';

const SECRET = 'fake-gateway-secret-0123456789';

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
}

/** A gateway on loopback that answers each call with the next planned answer. */
async function fakeGateway() {
  const seen: Seen[] = [];
  const plan: { status: number; body?: unknown; hang?: boolean }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, raw });
      const next = plan.shift() ?? { status: 200, body: { id: `gw-${seen.length}` } };
      if (next.hang) return; // never answers: the driver's timeout
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(next.body ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, plan, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Gateway = Awaited<ReturnType<typeof fakeGateway>>;

async function queuedMessage(ctx: TestContext, opts: { whatsapp?: boolean } = {}) {
  const region = await makeRegion(ctx.db);
  const c = await makeCustomer(ctx.db, region.id);
  await ctx.db
    .update(customers)
    .set({ whatsappOptIn: opts.whatsapp ?? false, smsOptIn: true, language: 'kn' })
    .where(eq(customers.id, c.id));
  await ctx.db.transaction(async (tx) => {
    await ctx.app.deps.services.outbox.enqueue(tx, [
      { customerId: c.id, requestId: null, template: 'requestRegistered', params: () => ({ ticket: 'SR-000042' }) },
    ]);
  });
  const [m] = await ctx.db.select().from(customerMessages).where(eq(customerMessages.customerId, c.id));
  // Due now whatever the hour (the quiet hours have their own test).
  await ctx.db
    .update(customerMessages)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(customerMessages.id, m!.id));
  return { customer: c, id: m!.id };
}

const row = async (ctx: TestContext, id: string) =>
  (await ctx.db.select().from(customerMessages).where(eq(customerMessages.id, id)))[0]!;

const due = (ctx: TestContext, id: string) =>
  ctx.db
    .update(customerMessages)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(customerMessages.id, id));

describe('the webhook driver', () => {
  let gw: Gateway;
  let ctx: TestContext;
  beforeAll(async () => {
    gw = await fakeGateway();
    ctx = await createTestApp({
      MESSAGE_DRIVER: 'webhook',
      MESSAGE_WEBHOOK_URL: `${gw.url}/send`,
      MESSAGE_WEBHOOK_SECRET: SECRET,
      // Long enough for a loaded machine's first call; the hanging answer waits it out once.
      MESSAGE_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await gw.close();
  });

  it('sends the message signed over its raw body; a 2xx is SENT with the gateway id', async () => {
    gw.plan.push({ status: 202, body: { messageId: 'gw-abc' } });
    const { customer, id } = await queuedMessage(ctx);
    const out = await ctx.app.deps.services.messageDelivery.deliverDue();
    expect(out.sent).toBe(1);
    const call = gw.seen.at(-1)!;
    expect(call.headers['x-aquadesk-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(call.raw).digest('hex')}`,
    );
    const body = JSON.parse(call.raw);
    expect(body).toMatchObject({ id, channel: 'SMS', to: `+91${customer.primaryPhone}`, language: 'kn' });
    expect(body.text).toContain('SR-000042');
    expect(await row(ctx, id)).toMatchObject({ status: 'SENT', providerMessageId: 'gw-abc', attempts: 1 });
  });

  it('a 4xx is final: FAILED, no retry', async () => {
    gw.plan.push({ status: 400, body: { error: 'bad number' } });
    const { id } = await queuedMessage(ctx);
    await ctx.app.deps.services.messageDelivery.deliverDue();
    const m = await row(ctx, id);
    expect(m).toMatchObject({ status: 'FAILED', attempts: 1, errorKey: 'messageRefused', nextAttemptAt: null });
    expect(m.errorDetail).toContain('400');
  });

  it('a 5xx and a timeout are retried with backoff, then FAILED after the last', async () => {
    const { id } = await queuedMessage(ctx);
    const plan = [
      { status: 503 },
      { status: 0, hang: true },
      { status: 500 },
      { status: 502 },
      { status: 500 },
      { status: 500 },
    ];
    gw.plan.push(...plan);
    for (let attempt = 1; attempt <= MESSAGE_BACKOFF_MINUTES.length; attempt++) {
      const before = Date.now();
      await ctx.app.deps.services.messageDelivery.deliverDue();
      const m = await row(ctx, id);
      expect(m.status).toBe('QUEUED');
      expect(m.attempts).toBe(attempt);
      expect(m.errorKey).toBe('messageWillRetry');
      // The wait after this attempt, at least (the quiet hours may push it further).
      const wait = (m.nextAttemptAt as Date).getTime() - before;
      expect(wait).toBeGreaterThanOrEqual((MESSAGE_BACKOFF_MINUTES[attempt - 1] as number) * 60_000 - 1000);
      if (attempt === 2) expect(m.errorDetail).toMatch(/timed out/);
      await due(ctx, id);
    }
    await ctx.app.deps.services.messageDelivery.deliverDue();
    expect(await row(ctx, id)).toMatchObject({ status: 'FAILED', errorKey: 'messageRetriesExhausted', attempts: 6 });
  });

  it('takes the gateway reports back only when signed: DELIVERED, and STOP opts out', async () => {
    gw.plan.push({ status: 200, body: { id: 'gw-report-1' } });
    const { customer, id } = await queuedMessage(ctx);
    await ctx.app.deps.services.messageDelivery.deliverDue();
    const report = (payload: object, sign = SECRET) => {
      const raw = JSON.stringify(payload);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/public/messages/webhook',
        headers: {
          'content-type': 'application/json',
          'x-aquadesk-signature': `sha256=${createHmac('sha256', sign).update(raw).digest('hex')}`,
        },
        payload: raw,
      });
    };
    const forged = await report(
      { type: 'status', providerMessageId: 'gw-report-1', status: 'DELIVERED' },
      'wrong-secret-wrong-secret',
    );
    expect(forged.statusCode).toBe(401);
    expect((await row(ctx, id)).status).toBe('SENT');
    const ok = await report({ type: 'status', providerMessageId: 'gw-report-1', status: 'DELIVERED' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ updated: 1 });
    const m = await row(ctx, id);
    expect(m.status).toBe('DELIVERED');
    expect(m.deliveredAt).toBeTruthy();
    expect((await report({ type: 'nonsense' })).statusCode).toBe(400);
    expect((await report({ type: 'status', providerMessageId: 7, status: 'READ' })).statusCode).toBe(400);
    const huge = await report({ type: 'reply', from: '+919840012345', text: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/messages/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"type":"reply","from":"+919840012345","text":"STOP"}',
    });
    expect(unsigned.statusCode).toBe(401);
    const stop = await report({ type: 'reply', from: `+91${customer.primaryPhone}`, text: ' stop ' });
    expect(stop.json()).toEqual({ updated: 1 });
    const [c] = await ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(c).toMatchObject({ whatsappOptIn: false, smsOptIn: false, consentSource: 'REPLY' });
  });
});

describe('the WhatsApp Cloud driver', () => {
  it('sends the approved template with the placeholders in order, and reads the id', async () => {
    const gw = await fakeGateway();
    const ctx = await createTestApp({
      MESSAGE_DRIVER: 'whatsapp-cloud',
      WHATSAPP_TOKEN: 'test-token',
      WHATSAPP_PHONE_ID: '1234567890',
      WHATSAPP_API_URL: `${gw.url}/v21.0`,
      SERVICE_NAME: 'Neer Seva',
    });
    try {
      gw.plan.push({ status: 200, body: { messages: [{ id: 'wamid.XYZ' }] } });
      const { customer, id } = await queuedMessage(ctx, { whatsapp: true });
      await ctx.app.deps.services.messageDelivery.deliverDue();
      const call = gw.seen.at(-1)!;
      expect(call.path).toBe('/v21.0/1234567890/messages');
      expect(call.headers.authorization).toBe('Bearer test-token');
      const body = JSON.parse(call.raw);
      expect(body).toMatchObject({
        messaging_product: 'whatsapp',
        to: `91${customer.primaryPhone}`,
        type: 'template',
        template: { name: 'aquadesk_request_registered', language: { code: 'kn' } },
      });
      expect(body.template.components[0].parameters.map((p: { text: string }) => p.text)).toEqual([
        'Neer Seva',
        customer.name,
        'SR-000042',
        '',
      ]);
      expect(await row(ctx, id)).toMatchObject({ status: 'SENT', providerMessageId: 'wamid.XYZ' });
    } finally {
      await ctx.close();
      await gw.close();
    }
  });
});
