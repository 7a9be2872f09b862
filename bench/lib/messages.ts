/**
 * Customer messages (issue 35 items 4–7, ADR 046), our server alone (the baseline has no outbox
 * screen and no deliverer). Over the generated outbox (dataset.ts: about 1.9 messages per request):
 * - MS1: `GET /api/messages?page=1&pageSize=25` as the Super Admin, the Messages screen's first page
 *   (the page newest first and its exact `count(*)` over the whole outbox);
 * - MS1f: the same with `status=FAILED` (the `(status, created_at, id)` index);
 * - MS1s: `?search=<a phone>` (the trigram index on `search_text`), over 50 customers' phones in turn;
 *   each on one connection;
 * - MS2: delivery throughput. The server exposes no route for it and the bench's server runs
 *   without a job runner (MAINTENANCE_SCHEDULER=off), so it is measured in the bench process,
 *   against the bench database, before the servers start (PGlite allows one process): `n` due
 *   QUEUED messages are written, then `MessageDelivery.deliverDue` with the log driver (our own
 *   deliverer: claims of 20 with SKIP LOCKED, the text rendered from the template in force, the
 *   row marked SENT) is timed until nothing is due.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { MessageDelivery } from '#server/modules/messages/delivery.service.ts';
import { driverFor } from '#server/modules/messages/drivers.ts';
import type { Endpoint, Fixtures } from './endpoints.ts';
import { cycle } from './endpoints.ts';
import { type Measure, measureUnloaded } from './load.ts';
import type { Server } from './servers.ts';
import type { Sql, Target } from './target.ts';

/** Due messages the deliverer is timed on (MS2). */
export const DELIVERY_MESSAGES = 2_000;

export interface DeliveryResult {
  queued: number;
  sent: number;
  retried: number;
  failed: number;
  seconds: number;
  perSecond: number;
  /** Due QUEUED messages left once the deliverer was done (0 expected). */
  leftDue: number;
}

export interface MessagesResult {
  /** Rows in the outbox when the list was read, and of them FAILED. */
  outbox: number;
  failedRows: number;
  page: Measure;
  failed: Measure;
  search: Measure;
  delivery: DeliveryResult;
}

export interface MessageFixtures {
  outbox: number;
  failedRows: number;
  /** Primary phones (10 digits) of customers who have messages: the search terms of MS1s. */
  phones: string[];
}

/** Read with the generator's session, before the servers start. */
export async function messageFixtures(db: Sql): Promise<MessageFixtures> {
  const [counts] = await db.query<{ n: number; failed: number }>(
    `SELECT count(*)::int AS n, (count(*) FILTER (WHERE status = 'FAILED'))::int AS failed FROM customer_messages`,
  );
  const phones = await db.query<{ phone: string }>(
    `SELECT c.primary_phone AS phone FROM customers c
      WHERE EXISTS (SELECT 1 FROM customer_messages m WHERE m.customer_id = c.id)
      ORDER BY c.id LIMIT 50`,
  );
  return { outbox: counts?.n ?? 0, failedRows: counts?.failed ?? 0, phones: phones.map((r) => r.phone) };
}

/**
 * MS2: writes `n` due messages (customers who agreed to WhatsApp, the "registered" template) and
 * times our deliverer with the log driver until none is due. The target's database must be free
 * (PGlite: nobody else has it open).
 */
export async function measureDelivery(target: Target, n = DELIVERY_MESSAGES): Promise<DeliveryResult> {
  const database = await openDatabase(
    target.kind === 'postgres'
      ? { databaseUrl: target.url as string, poolMax: 4 }
      : { dataDir: target.dataDir as string },
  );
  try {
    // n messages over the customers who agreed to WhatsApp, in turn.
    await database.db.execute(
      sql.raw(`
      INSERT INTO customer_messages (channel, recipient, customer_id, template, params, language, status, next_attempt_at, search_text)
        SELECT 'WHATSAPP', '+91' || c.primary_phone, c.id, 'requestRegistered',
               jsonb_build_object('business', 'AquaDesk Service', 'customer', c.name, 'phone', '',
                                  'ticket', 'SR-' || lpad((900000 + g.i)::text, 6, '0')),
               c.language, 'QUEUED', now() - interval '1 minute',
               c.primary_phone || ' ' || lower(c.name) || ' sr-' || lpad((900000 + g.i)::text, 6, '0')
          FROM generate_series(0, ${n - 1}) AS g(i)
          JOIN (SELECT id, name, primary_phone, language, (row_number() OVER (ORDER BY id) - 1)::int AS rn
                  FROM customers WHERE whatsapp_opt_in) c
            ON c.rn = g.i % (SELECT count(*) FROM customers WHERE whatsapp_opt_in)::int`),
    );
    const errors: unknown[] = [];
    const delivery = new MessageDelivery(
      database.db,
      driverFor({ driver: 'log', whatsappApiUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }),
      'Asia/Kolkata',
      (err) => errors.push(err),
    );
    const started = performance.now();
    const out = await delivery.deliverDue();
    const seconds = (performance.now() - started) / 1000;
    if (errors.length) throw new Error(`MS2: the deliverer failed: ${String(errors[0])}`);
    const left = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM customer_messages WHERE status = 'QUEUED' AND next_attempt_at <= now()`,
    );
    const leftDue = Number((left.rows[0] as { n: number } | undefined)?.n ?? 0);
    return { queued: n, ...out, seconds, perSecond: out.sent / seconds, leftDue };
  } finally {
    await database.close();
  }
}

const endpoint = (id: string, label: string, calls: () => () => { path: string }): Endpoint => ({
  id,
  label,
  method: 'GET',
  status: 200,
  actor: (f) => f.admin,
  calls,
});

export async function measureMessages(o: {
  server: Server;
  fixtures: Fixtures;
  msg: MessageFixtures;
  delivery: DeliveryResult;
  seconds: number;
  refresh: () => Promise<void>;
}): Promise<MessagesResult> {
  const page = endpoint('messages', 'the Messages screen, page 1', () => () => ({
    path: '/api/messages?page=1&pageSize=25',
  }));
  const failed = endpoint('messages-failed', 'the Messages screen, FAILED, page 1', () => () => ({
    path: '/api/messages?status=FAILED&page=1&pageSize=25',
  }));
  const search = endpoint('messages-search', 'the Messages screen, a phone searched', () =>
    cycle(o.msg.phones, (phone) => ({ path: `/api/messages?search=${phone}&page=1&pageSize=25` })),
  );
  const measure = async (e: Endpoint) => {
    await o.refresh();
    return measureUnloaded({ server: o.server, endpoint: e, fixtures: o.fixtures, seconds: o.seconds });
  };
  return {
    outbox: o.msg.outbox + o.delivery.queued,
    failedRows: o.msg.failedRows,
    page: await measure(page),
    failed: await measure(failed),
    search: await measure(search),
    delivery: o.delivery,
  };
}
