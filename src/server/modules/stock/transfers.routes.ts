/**
 * Transfers and part requests (issue 37, ADR 049): the list and one transfer, a transfer issued
 * at once, a technician's part request (queued offline: Idempotency-Key, `clientTime`), and a
 * transfer's issue, receipt and cancellation. Who may do which is the services' (per transfer).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { queuedRefusalLimit } from '#server/lib/client-time.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import {
  issueBody,
  partRequestBody,
  receiveBody,
  transferBody,
  transferItem,
  transferQuery,
} from '#shared/contracts/stock.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const tags = ['stock'];

export const stockTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;
  const { stockTransfers: transfers, stockTransferSteps: steps, requests } = services;
  // The offline queue's writes (they carry clientTime): a user's refusals are limited (429), as
  // the other technician writes'.
  const queuedWrite = queuedRefusalLimit(
    (req) => (req.body as { clientTime?: string } | undefined)?.clientTime !== undefined,
    (req) => requests.reserveQueuedRefusal(actorOf(req), req.ip),
  );

  app.get(
    '/stock/transfers',
    {
      preHandler: guards.guard('stockTransfer'),
      schema: { tags, querystring: transferQuery, response: { 200: z.array(transferItem), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await transfers.list(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.get(
    '/stock/transfers/:id',
    {
      preHandler: guards.guard('stockTransfer'),
      schema: { tags, params: idParams, response: { 200: transferItem, ...errors } },
    },
    async (req) => transfers.get(actorOf(req), req.params.id),
  );
  app.post(
    '/stock/transfers',
    {
      preHandler: guards.guard('stockTransfer'),
      schema: { tags, body: transferBody, response: { 201: transferItem, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await transfers.create(actorOf(req), req.body, req.ip)),
  );
  app.post(
    '/stock/part-requests',
    {
      preHandler: [...guards.guard('technicianVan'), queuedWrite.preHandler],
      onSend: queuedWrite.onSend,
      schema: { tags, body: partRequestBody, response: { 201: transferItem, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await transfers.partRequest(actorOf(req), req.body, req.ip)),
  );
  app.post(
    '/stock/transfers/:id/issue',
    {
      preHandler: guards.guard('stockMove'),
      schema: { tags, params: idParams, body: issueBody.optional(), response: { 200: transferItem, ...errors } },
    },
    async (req) => steps.issue(actorOf(req), req.params.id, req.body ?? {}, req.ip),
  );
  app.post(
    '/stock/transfers/:id/receive',
    {
      preHandler: [...guards.guard('stockTransfer'), queuedWrite.preHandler],
      onSend: queuedWrite.onSend,
      schema: { tags, params: idParams, body: receiveBody, response: { 200: transferItem, ...errors } },
    },
    async (req) => steps.receive(actorOf(req), req.params.id, req.body ?? {}, req.ip),
  );
  app.post(
    '/stock/transfers/:id/cancel',
    {
      preHandler: guards.guard('stockTransfer'),
      schema: { tags, params: idParams, body: receiveBody, response: { 200: transferItem, ...errors } },
    },
    async (req) => steps.cancel(actorOf(req), req.params.id, req.ip),
  );
};
