/**
 * Water-quality readings (issue 36 item 1): the technician records one on a job (through the
 * offline queue: Idempotency-Key and `clientTime`, like start and stop), and anyone who may read a
 * unit reads its series.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#server/lib/auth.ts';
import { queuedRefusalLimit } from '#server/lib/client-time.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import { readingCreateBody, readingItem, readingSeries } from '#shared/contracts/readings.ts';

const tags = ['readings'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;
  const { readings, requests } = services;

  // The offline queue's writes (they carry clientTime): a user's refusals are limited (429).
  const queuedWrite = queuedRefusalLimit(
    (req) => (req.body as { clientTime?: string } | undefined)?.clientTime !== undefined,
    (req) => requests.reserveQueuedRefusal(actorOf(req), req.ip),
  );

  app.post(
    '/service-requests/:id/readings',
    {
      preHandler: [...guards.guard('requestRead'), queuedWrite.preHandler],
      onSend: queuedWrite.onSend,
      schema: { tags, params: idParams, body: readingCreateBody, response: { 201: readingItem, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await readings.record(actorOf(req), req.params.id, req.body, req.ip)),
  );

  app.get(
    '/units/:id/readings',
    {
      preHandler: guards.guard('unitRead'),
      schema: { tags, params: idParams, response: { 200: readingSeries, ...errors } },
    },
    async (req, reply) => {
      const { items, capped } = await readings.series(actorOf(req), req.params.id);
      reply.header('x-total-count', String(items.length));
      if (capped) reply.header('x-result-capped', 'true');
      return items;
    },
  );
};
