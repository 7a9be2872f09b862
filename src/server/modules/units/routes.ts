/**
 * Installed units (issue 21): a customer's units, installing one, a unit with its schedule and
 * history, correcting it, removing it. Each route parses, guards (the policy table), calls one
 * service method and shapes the reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendExport } from '#server/lib/export/send.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, okBody, pageQuery } from '#shared/contracts/common.ts';
import { withExport } from '#shared/contracts/exports.ts';
import { unitCreateBody, unitDetails, unitItem, unitPatchBody } from '#shared/contracts/units.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['units'];

export const unitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.units;
  const g = (c: Parameters<typeof guards.guard>[0]) => guards.guard(c);

  app.get(
    '/customers/:id/units',
    {
      preHandler: g('unitRead'),
      schema: {
        tags,
        params: idParams,
        querystring: withExport(pageQuery),
        response: { 200: z.array(unitItem), ...errors },
      },
    },
    async (req, reply) => {
      // `format=csv|xlsx`: every unit of the customer, as a download (ADR 037).
      if (req.query.format) {
        const table = await service.exportUnitsOfCustomer(actorOf(req), req.params.id);
        return sendExport(req, reply, req.query.format, table);
      }
      const { items, total, window } = await service.unitsOfCustomer(actorOf(req), req.params.id, req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.post(
    '/customers/:id/units',
    {
      preHandler: g('unitWrite'),
      schema: { tags, params: idParams, body: unitCreateBody, response: { 201: unitDetails, ...errors } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createUnit(actorOf(req), req.params.id, req.body, req.ip)),
  );
  app.get(
    '/units/:id',
    {
      preHandler: g('unitRead'),
      schema: { tags, params: idParams, response: { 200: unitDetails, ...errors } },
    },
    async (req) => service.getUnit(actorOf(req), req.params.id),
  );
  app.patch(
    '/units/:id',
    {
      preHandler: g('unitWrite'),
      schema: { tags, params: idParams, body: unitPatchBody, response: { 200: unitDetails, ...errors } },
    },
    async (req) => service.updateUnit(actorOf(req), req.params.id, req.body, req.ip),
  );
  // A new QR code (issue 36 item 2, ADR 043): the old sticker stops working at once.
  app.post(
    '/units/:id/public-code',
    {
      preHandler: g('stickerManage'),
      schema: { tags, params: idParams, response: { 200: unitDetails, ...errors } },
    },
    async (req) => service.reissuePublicCode(actorOf(req), req.params.id, req.ip),
  );
  app.delete(
    '/units/:id',
    { preHandler: g('unitWrite'), schema: { tags, params: idParams, response: { 200: okBody, ...errors } } },
    async (req) => {
      await service.removeUnit(actorOf(req), req.params.id, req.ip);
      return { message: 'Unit removed' };
    },
  );
};
