/**
 * Every refusal a signed-in caller meets leaves an audit row (R14): the capability guard writes
 * its own 'access.denied'; this hook writes the others, which the services throw: out of scope
 * (404, 'access.not_found'), a wrong role or person for a workflow step or a record (403,
 * 'access.denied') and a wrong moment (409, 'request.refused'). Sign-in failures are audited by
 * the auth service.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';

const ACTION: Record<number, string> = { 403: 'access.denied', 404: 'access.not_found', 409: 'request.refused' };

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
  app.addHook('onError', async (req, _reply, err) => {
    if (!(err instanceof AppError) || audited.has(err)) return;
    const action = ACTION[err.statusCode];
    const actor = req.actor;
    if (!action || !actor) return;
    try {
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
