/**
 * A unit's public page (issue 36 items 4–5, ADR 043): no account. Each route is limited per
 * client address before anything else runs (the limit counts every attempt, accepted or not), and
 * can read or raise nothing but what the service allows: the page's fields, one COMPLAINT.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/errors.ts';
import { errorBody } from '#shared/contracts/common.ts';
import {
  publicCodeParams,
  publicRequestBody,
  publicRequestCreated,
  publicUnit,
} from '#shared/contracts/public-units.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

/** The public page's own entry in dist/web (vite.config.ts), served for GET /s/<code> (app.ts). */
export const PUBLIC_PAGE_HTML = 'public-unit.html';

const tags = ['public'];
const errors = { 400: errorBody, 404: errorBody, 429: errorBody };
const HOUR = 3_600_000;

/** The address limit's refusal: the page's own words, and when to try again. */
function limited(_req: unknown, context: { ttl: number }) {
  return Object.assign(new AppError('RATE_LIMITED', ERR.publicIpLimit), {
    retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
  });
}

export const publicUnitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, services } = app.deps;
  const service = services.publicUnits;

  app.get(
    '/public/units/:code',
    {
      config: {
        rateLimit: {
          max: config.PUBLIC_READS_PER_IP_HOUR,
          timeWindow: HOUR,
          keyGenerator: (req) => `public-read:${req.ip}`,
          errorResponseBuilder: limited,
        },
      },
      schema: { tags, params: publicCodeParams, response: { 200: publicUnit, ...errors } },
    },
    async (req, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      return service.view(req.params.code);
    },
  );

  app.post(
    '/public/units/:code/requests',
    {
      config: {
        rateLimit: {
          max: config.PUBLIC_ATTEMPTS_PER_IP_HOUR,
          timeWindow: HOUR,
          keyGenerator: (req) => `public-request:${req.ip}`,
          errorResponseBuilder: limited,
        },
      },
      schema: {
        tags,
        params: publicCodeParams,
        body: publicRequestBody,
        response: { 201: publicRequestCreated, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.status(201).send(await service.raise(req.params.code, req.body, req.ip));
    },
  );
};
