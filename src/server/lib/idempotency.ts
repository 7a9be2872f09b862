/**
 * Idempotency-Key on the writes of the request workflow (POST/PATCH under /api/service-requests
 * and /api/technician-workflow), the technician's photo upload and location save, and their part
 * request and receipt of parts (issue 37). A client that retries a write after a lost answer sends the same
 * key and gets the first answer back (status and body), and the write happens once.
 *
 * - Keys are per user and per route; one row in idempotency_keys per key.
 * - The key is claimed after the route's guards (so a replay is never served to someone who could
 *   not make the call) and before the handler; the answer is recorded before it is sent.
 * - The same key with a different request (URL or body) answers 409; a key whose first request is
 *   still running answers 409 "still being processed"; a 5xx is not recorded, so it can be retried.
 * - A refusal (4xx) is recorded like any answer: a lost reply gets it again, and the office told of
 *   a refused offline change is told once. Trying again after the situation changed is a new
 *   request with a new key: the app's Retry of a refused change sends one (ADR 027, round 3).
 */
import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/schema/activity.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { conflict, invalid } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_INVALID = ERR.idempotencyKeyInvalid.text;
export const KEY_REUSED = ERR.idempotencyKeyReused.text;
export const KEY_IN_FLIGHT = ERR.idempotencyInProgress.text;

const KEY = /^[A-Za-z0-9._:-]{1,200}$/;
/** A claim whose request never finished (the process died) may be taken over after this long. */
const STALE_MS = 60_000;
/** Keys are kept this long. */
const KEEP_MS = 24 * 3600 * 1000;

interface Claim {
  key: string;
  userId: string;
  route: string;
  hash: string;
}
interface Stored {
  hash: string;
  response?: unknown;
}

const claims = new WeakMap<FastifyRequest, Claim>();

/**
 * Which routes take the header: the workflow's writes, and the technician's other writes the
 * offline queue replays (a photo upload, saving the customer's location; ADR 027). A photo's
 * multipart body is not read before the claim, so its key stands for the photo: the queue gives
 * each photo its own key.
 */
export function takesIdempotencyKey(method: string, url: string): boolean {
  if (method === 'POST' && url.startsWith('/api/uploads/work-media/')) return true;
  if (method === 'PUT' && url.startsWith('/api/customers/update-location/')) return true;
  // Issue 37: a technician's part request and a receipt of parts, queued offline on the phone.
  if (
    method === 'POST' &&
    (url === '/api/stock/part-requests' || /^\/api\/stock\/transfers\/[^/]+\/receive$/.test(url))
  )
    return true;
  return (
    (method === 'POST' || method === 'PATCH') &&
    (url.startsWith('/api/service-requests') || url.startsWith('/api/technician-workflow'))
  );
}

type Hook = (...args: never[]) => unknown;
const asList = (h: Hook | Hook[] | undefined): Hook[] => (h ? (Array.isArray(h) ? h : [h]) : []);

export function installIdempotency(app: FastifyInstance, db: Db): void {
  const where = (c: Pick<Claim, 'key' | 'userId' | 'route'>) =>
    and(eq(idempotencyKeys.userId, c.userId), eq(idempotencyKeys.route, c.route), eq(idempotencyKeys.key, c.key));

  async function claim(req: FastifyRequest, reply: FastifyReply) {
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY.test(header)) throw invalid('Idempotency-Key', ERR.idempotencyKeyInvalid);
    const actor = req.actor;
    if (!actor) return;
    const route = `${req.method} ${req.routeOptions.url ?? req.url}`;
    const hash = crypto
      .createHash('sha256')
      .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
      .digest('hex');
    const c: Claim = { key: header, userId: actor.id, route, hash };
    for (let attempt = 0; attempt < 3; attempt++) {
      const won = await db
        .insert(idempotencyKeys)
        .values({ key: c.key, userId: c.userId, route: c.route, statusCode: 0, body: { hash } satisfies Stored })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (won.length > 0) {
        claims.set(req, c);
        if (Math.random() < 0.01) {
          db.delete(idempotencyKeys)
            .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS)))
            .catch((err: unknown) => req.log.warn({ err }, 'idempotency sweep failed'));
        }
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(where(c)).limit(1);
      if (!row) continue;
      const stored = (row.body ?? { hash: '' }) as Stored;
      if (stored.hash !== hash) throw conflict(ERR.idempotencyKeyReused);
      if (row.statusCode === 0) {
        if (Date.now() - row.createdAt.getTime() < STALE_MS) throw conflict(ERR.idempotencyInProgress);
        await db.delete(idempotencyKeys).where(and(where(c), eq(idempotencyKeys.statusCode, 0)));
        continue;
      }
      return reply.header(REPLAYED_HEADER, 'true').status(row.statusCode).send(stored.response);
    }
    throw conflict(ERR.idempotencyInProgress);
  }

  async function record(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const c = claims.get(req);
    if (!c) return payload;
    claims.delete(req);
    try {
      if (reply.statusCode >= 500) {
        await db.delete(idempotencyKeys).where(and(where(c), eq(idempotencyKeys.statusCode, 0)));
        return payload;
      }
      let response: unknown = null;
      if (typeof payload === 'string') {
        try {
          response = JSON.parse(payload);
        } catch {
          response = payload;
        }
      }
      await db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, body: { hash: c.hash, response } satisfies Stored })
        .where(where(c));
    } catch (err) {
      req.log.warn({ err }, 'could not record the idempotent answer');
    }
    return payload;
  }

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => takesIdempotencyKey(m, route.url))) return;
    // After the route's own guards, so only a caller who may make the call gets a replay.
    route.preHandler = [...asList(route.preHandler as Hook | Hook[] | undefined), claim] as typeof route.preHandler;
    route.onSend = [...asList(route.onSend as Hook | Hook[] | undefined), record] as typeof route.onSend;
  });
}
