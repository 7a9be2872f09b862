/** Regions (spec section 7): every signed-in role reads them (the request form needs them); admins manage them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, okBody } from '#shared/contracts/common.ts';
import { regionBody, regionItem } from '#shared/contracts/regions.ts';

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.regions;
  const read = guards.guard('regionRead');
  const manage = guards.guard('regionManage');
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  app.get(
    '/regions',
    { preHandler: read, schema: { tags: ['regions'], response: { 200: z.array(regionItem), ...errors } } },
    async (_req, reply) => {
      const list = await service.list();
      sendTotal(reply, list.length);
      return list;
    },
  );

  app.get(
    '/regions/:id',
    { preHandler: read, schema: { tags: ['regions'], params: idParams, response: { 200: regionItem, ...errors } } },
    async (req) => service.get(req.params.id),
  );

  app.post(
    '/regions',
    { preHandler: manage, schema: { tags: ['regions'], body: regionBody, response: { 201: regionItem, ...errors } } },
    async (req, reply) => reply.status(201).send(await service.create(actorOf(req), req.body.name, req.ip)),
  );

  app.put(
    '/regions/:id',
    {
      preHandler: manage,
      schema: { tags: ['regions'], params: idParams, body: regionBody, response: { 200: regionItem, ...errors } },
    },
    async (req) => service.update(actorOf(req), req.params.id, req.body.name, req.ip),
  );

  app.delete(
    '/regions/:id',
    { preHandler: manage, schema: { tags: ['regions'], params: idParams, response: { 200: okBody, ...errors } } },
    async (req) => {
      await service.remove(actorOf(req), req.params.id, req.ip);
      return { message: 'Region deleted successfully!' };
    },
  );
};
