/** Duplicate customers, merged and undone (issue 34 item 3, ADR 038): admins, and managers in their region. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import {
  duplicatesAnswer,
  duplicatesQuery,
  mergeAnswer,
  mergeBody,
  mergeItem,
  undoAnswer,
} from '#shared/contracts/customer-merge.ts';

export const customerMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.customerMerges;
  const merge = guards.guard('customerMerge');
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  app.get(
    '/customers/duplicates',
    {
      preHandler: merge,
      schema: { tags: ['customers'], querystring: duplicatesQuery, response: { 200: duplicatesAnswer, ...errors } },
    },
    async (req) => service.duplicates(actorOf(req), req.query),
  );

  app.get(
    '/customers/:id/merges',
    {
      preHandler: merge,
      schema: { tags: ['customers'], params: idParams, response: { 200: z.array(mergeItem), ...errors } },
    },
    async (req) => service.recent(actorOf(req), req.params.id),
  );

  app.post(
    '/customers/:id/merge',
    {
      preHandler: merge,
      schema: { tags: ['customers'], params: idParams, body: mergeBody, response: { 200: mergeAnswer, ...errors } },
    },
    async (req) => service.merge(actorOf(req), req.params.id, req.body, req.ip),
  );

  app.post(
    '/customers/merges/:id/undo',
    {
      preHandler: merge,
      schema: { tags: ['customers'], params: idParams, response: { 200: undoAnswer, ...errors } },
    },
    async (req) => service.undo(actorOf(req), req.params.id, req.ip),
  );
};
