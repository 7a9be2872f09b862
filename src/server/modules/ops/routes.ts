/**
 * Operations endpoints and the hooks every request passes through (ADR 011):
 * - GET /api/health: liveness, never touches the database;
 * - GET /api/ready: readiness, 503 while migrations run, while the database does not answer
 *   `SELECT 1` within a second, and once shutdown began;
 * - GET /metrics: Prometheus text, behind `Authorization: Bearer <METRICS_TOKEN>` (404 when no
 *   token is configured);
 * - every answer carries its request id in `x-request-id`; API calls other than the probes answer
 *   503 until the database is migrated;
 * - one log line per request, when its answer is sent (`request completed`: method, url,
 *   statusCode, responseTime in ms, reqId, userId, ip); at LOG_LEVEL=debug also `incoming request`
 *   when it arrives.
 *
 * Installed on the root instance (not as an encapsulated plugin), so its hooks see every route.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeOf, translate } from '#server/lib/i18n.ts';
import { METRICS_CONTENT_TYPE } from '#server/lib/metrics.ts';
import { withHook } from '#server/lib/route-hooks.ts';
import { type ErrorBody, errorBody } from '#shared/contracts/common.ts';
import { NOT_READY, NOT_READY_MESSAGE } from './lifecycle.ts';
import { loggableUrl } from './logging.ts';
import { databaseAnswers } from './service.ts';

export const HEALTH_PATH = '/api/health';
export const READY_PATH = '/api/ready';
export const METRICS_PATH = '/metrics';
const READY_TIMEOUT_MS = 1000;

const unavailable = (message: string): ErrorBody => ({ message, code: 'UNAVAILABLE' });

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

async function answersWithinTimeout(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([databaseAnswers(app.deps.db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function installOps(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, lifecycle, metrics } = app.deps;

  // Decided once: the level does not change while running, and Fastify's null logger (tests) has no
  // isLevelEnabled.
  const log = app.log as { isLevelEnabled?: (level: string) => boolean };
  const level = (name: string) => typeof log.isLevelEnabled === 'function' && log.isLevelEnabled(name);
  const logArrivals = level('debug');
  const logAnswers = level('info');

  // Callback hooks, not async ones: no promise per request for work that never waits.
  app.addHook('onRequest', (req, reply, done) => {
    // A reply header (the SSE stream copies the reply's headers when it takes the response over).
    reply.header('x-request-id', req.id);
    // An unmatched URL (the 404 handler, the web app's index.html) has no route, so no route's own
    // onResponse hook: it is counted when its answer is sent. An instance-wide onResponse hook
    // would run on every answer to find these few (issue 20).
    if (req.is404) reply.raw.once('finish', () => answered(req, reply, 'unmatched'));
    if (logArrivals) req.log.debug({ method: req.method, url: loggableUrl(req.url) }, 'incoming request');
    if (lifecycle.phase === 'starting' || lifecycle.phase === 'migrating') {
      const url = req.url.split('?')[0] ?? '';
      if (url.startsWith('/api/') && url !== HEALTH_PATH && url !== READY_PATH) {
        // In the caller's language (ADR 022; no session is read yet, so by Accept-Language).
        const message = translate(localeOf(req), NOT_READY[lifecycle.phase]);
        reply.status(503).header('retry-after', '5').send(unavailable(message));
        return;
      }
    }
    done();
  });

  const answered = (req: FastifyRequest, reply: FastifyReply, route: string) => {
    const ms = reply.elapsedTime;
    metrics.observeRequest(req.method, route, reply.statusCode, ms / 1000);
    // aquadesk_workflow_transitions_total is counted by the workflow service after its commit
    // (countTransition), not from answers here: an Idempotency-Key replay answers 2xx again.
    if (logAnswers) {
      // The root logger with the request's id: the same line its child would write, without
      // making a child per request (lib/request-logger.ts).
      app.log.info(
        {
          reqId: req.id,
          method: req.method,
          url: loggableUrl(req.url),
          statusCode: reply.statusCode,
          responseTime: Math.round(ms * 10) / 10,
          userId: req.actor?.id ?? null,
          ip: req.ip,
        },
        'request completed',
      );
    }
  };
  // Each route's own onResponse hook knows its pattern (the metrics label): Fastify's
  // `request.routeOptions` builds a fresh object on every read (issue 20).
  app.addHook('onRoute', (route) => {
    const pattern = route.url;
    const hook: onResponseHookHandler = (req, reply, done) => {
      answered(req, reply, pattern);
      done();
    };
    route.onResponse = withHook(route.onResponse, hook, 'last');
  });

  app.get(
    HEALTH_PATH,
    { schema: { tags: ['operations'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    READY_PATH,
    {
      schema: {
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorBody },
      },
    },
    async (req, reply) => {
      if (lifecycle.phase !== 'ready') {
        return reply.status(503).send(unavailable(NOT_READY_MESSAGE[lifecycle.phase]));
      }
      try {
        await answersWithinTimeout(app);
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'readiness: the database did not answer');
        return reply.status(503).send(unavailable('The database is not reachable. Please try again shortly.'));
      }
      return { status: 'ready' as const };
    },
  );

  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    const token = config.METRICS_TOKEN;
    if (!token) return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' } satisfies ErrorBody);
    const header = req.headers.authorization ?? '';
    const given = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
    if (!given || !sameSecret(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid metrics token is required', code: 'UNAUTHENTICATED' } satisfies ErrorBody);
    }
    const body = await metrics.render();
    return reply.header('content-type', METRICS_CONTENT_TYPE).header('cache-control', 'no-store').send(body);
  });
}
