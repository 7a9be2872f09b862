/**
 * Every refusal leaves an audit row (R14). The capability guard writes its own 'access.denied';
 * this hook writes the others, which the services throw to a signed-in caller: out of scope
 * (404, 'access.not_found'), a wrong role or person for a workflow step or a record (403,
 * 'access.denied') and a wrong moment (409, 'request.refused'). Sign-in failures are audited by
 * the auth service.
 *
 * It also writes 'auth.token_refused' for a bearer token refused on a protected route (401): a
 * forged, tampered, expired or malformed token (`details.reason` 'invalid', who unknown), or a
 * genuine token whose user was deactivated or whose session ended ('session_ended', `actorId` from
 * the verified token). Not for a call with no bearer token at all: that is every signed-out page
 * load and probe, the ordinary "please sign in", and would flood the trail without telling anyone
 * anything. Token refusals need no account, so one client address gets at most
 * TOKEN_REFUSALS_PER_MINUTE rows a minute per process; the rest are counted in the log only.
 *
 * Not audited: the 400 of an out-of-scope customerId in a new request's body. It is the same
 * VALIDATION answer as a customer that does not exist (on purpose: no enumeration), so nothing
 * here can tell the two apart.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from './audit.ts';
import { bearerOf } from './bearer.ts';
import { AppError } from './errors.ts';

const ACTION: Record<number, string> = { 403: 'access.denied', 404: 'access.not_found', 409: 'request.refused' };

/** Routes that check the bearer token in their handler rather than through the guard. */
export const BEARER_IN_HANDLER = new Set(['GET /api/notifications/stream']);

/** Token refusals audited per client address and minute (per process); the rest only logged. */
export const TOKEN_REFUSALS_PER_MINUTE = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Errors already audited where they were thrown (the capability guard). */
const audited = new WeakSet<Error>();
export function markAudited<E extends Error>(err: E): E {
  audited.add(err);
  return err;
}

function entityOf(req: FastifyRequest): string | null {
  const params = req.params as { id?: unknown } | undefined;
  if (typeof params?.id === 'string') return params.id;
  const body = req.body as { requestId?: unknown } | undefined;
  return typeof body?.requestId === 'string' ? body.requestId : null;
}

export function installRefusalAudit(app: FastifyInstance): void {
  // The routes behind the bearer check, as they are registered (installed before the modules).
  const protectedRoutes = new Set(BEARER_IN_HANDLER);
  app.addHook('onRoute', (r) => {
    if ([r.preHandler ?? []].flat().includes(app.deps.guards.authenticate)) {
      for (const method of [r.method].flat()) protectedRoutes.add(`${method} ${r.url}`);
    }
  });

  // Per client address: the minute it is counting and the rows written in it.
  const perClient = new Map<string, { minute: number; rows: number }>();
  function mayAuditTokenRefusal(ip: string): boolean {
    const minute = Math.floor(Date.now() / 60_000);
    if (perClient.size > 10_000) perClient.clear();
    const seen = perClient.get(ip);
    if (!seen || seen.minute !== minute) {
      perClient.set(ip, { minute, rows: 1 });
      return true;
    }
    seen.rows++;
    return seen.rows <= TOKEN_REFUSALS_PER_MINUTE;
  }

  async function tokenRefused(req: FastifyRequest, token: string) {
    if (!mayAuditTokenRefusal(req.ip)) {
      req.log.warn({ ip: req.ip }, 'token refusal not audited: too many from this address this minute');
      return;
    }
    const claims = await app.deps.tokens.verifyAccess(token);
    const sub = claims && typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
    await audit(app.deps.db, {
      actorId: sub,
      action: 'auth.token_refused',
      ip: req.ip,
      outcome: 'denied',
      details: {
        status: 401,
        method: req.method,
        route: req.routeOptions.url,
        reason: sub ? 'session_ended' : 'invalid',
      },
    });
  }

  app.addHook('onError', async (req, _reply, err) => {
    if (!(err instanceof AppError) || audited.has(err)) return;
    try {
      if (err.statusCode === 401) {
        const token = bearerOf(req);
        if (token && protectedRoutes.has(`${req.method} ${req.routeOptions.url}`)) await tokenRefused(req, token);
        return;
      }
      const action = ACTION[err.statusCode];
      const actor = req.actor;
      if (!action || !actor) return;
      await audit(app.deps.db, {
        actorId: actor.id,
        actorEmail: actor.email,
        action,
        entityId: entityOf(req),
        ip: req.ip,
        outcome: 'denied',
        details: { status: err.statusCode, method: req.method, route: req.routeOptions.url, message: err.message },
      });
    } catch (e) {
      req.log.warn({ err: e }, 'could not audit a refusal');
    }
  });
}
