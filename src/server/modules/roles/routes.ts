/** Role Management endpoints (spec section 7): admins only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, okBody } from '#shared/contracts/common.ts';
import { createRoleBody, roleItem, updateRoleBody } from '#shared/contracts/roles.ts';

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.roles;
  const guard = guards.guard('roleManage');
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  app.get(
    '/roles',
    { preHandler: guard, schema: { tags: ['roles'], response: { 200: z.array(roleItem), ...errors } } },
    async (_req, reply) => {
      const list = await service.list();
      sendTotal(reply, list.length);
      return list;
    },
  );

  app.get(
    '/roles/:id',
    { preHandler: guard, schema: { tags: ['roles'], params: idParams, response: { 200: roleItem, ...errors } } },
    async (req) => service.get(req.params.id),
  );

  app.post(
    '/roles',
    { preHandler: guard, schema: { tags: ['roles'], body: createRoleBody, response: { 201: roleItem, ...errors } } },
    async (req, reply) => {
      const role = await service.create(actorOf(req), req.body, req.ip);
      return reply.status(201).send(role);
    },
  );

  app.put(
    '/roles/:id',
    {
      preHandler: guard,
      schema: { tags: ['roles'], params: idParams, body: updateRoleBody, response: { 200: roleItem, ...errors } },
    },
    async (req) => service.update(actorOf(req), req.params.id, req.body, req.ip),
  );

  app.delete(
    '/roles/:id',
    { preHandler: guard, schema: { tags: ['roles'], params: idParams, response: { 200: okBody, ...errors } } },
    async (req) => {
      await service.remove(actorOf(req), req.params.id, req.ip);
      return { message: 'Role deleted successfully!' };
    },
  );
};
