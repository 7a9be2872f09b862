/**
 * Contracts of units (issue 21): a unit's contracts, adding and changing one, and the contracts
 * ending soon. Each route parses, guards (the policy table), calls one service method and shapes
 * the reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendExport } from '#server/lib/export/send.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import {
  contractBody,
  contractItem,
  contractPatchBody,
  expiringContract,
  expiringQuery,
} from '#shared/contracts/contracts.ts';
import { withExport } from '#shared/contracts/exports.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['contracts'];

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.contracts;
  const g = (c: Parameters<typeof guards.guard>[0]) => guards.guard(c);

  app.get(
    '/contracts/expiring',
    {
      preHandler: g('contractExpiring'),
      schema: {
        tags,
        querystring: withExport(expiringQuery),
        response: { 200: z.array(expiringContract), ...errors },
      },
    },
    async (req, reply) => {
      // `format=csv|xlsx`: every contract the list would page through, as a download (ADR 037).
      if (req.query.format) {
        return sendExport(req, reply, req.query.format, service.exportExpiring(actorOf(req), req.query));
      }
      const { items, total, window } = await service.expiring(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.get(
    '/units/:id/contracts',
    {
      preHandler: g('unitRead'),
      schema: { tags, params: idParams, response: { 200: z.array(contractItem), ...errors } },
    },
    async (req, reply) => {
      const items = await service.contractsOf(actorOf(req), req.params.id);
      sendTotal(reply, items.length);
      return items;
    },
  );
  app.post(
    '/units/:id/contracts',
    {
      preHandler: g('contractManage'),
      schema: { tags, params: idParams, body: contractBody, response: { 201: contractItem, ...errors } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createContract(actorOf(req), req.params.id, req.body, req.ip)),
  );
  app.patch(
    '/contracts/:id',
    {
      preHandler: g('contractManage'),
      schema: {
        tags,
        params: idParams,
        body: contractPatchBody,
        response: { 200: contractItem, ...errors },
      },
    },
    async (req) => service.updateContract(actorOf(req), req.params.id, req.body, req.ip),
  );
};
