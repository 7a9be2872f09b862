/** User Management endpoints (spec section 7) and the caller's own hierarchy views. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendExport } from '#server/lib/export/send.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, okBody } from '#shared/contracts/common.ts';
import { withExport } from '#shared/contracts/exports.ts';
import {
  assignableRole,
  createUserBody,
  myHierarchy,
  updateUserBody,
  userItem,
  userListQuery,
} from '#shared/contracts/users.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.users;
  const manage = guards.guard('userManage');
  const signedIn = guards.authenticate;
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  app.get(
    '/users',
    {
      preHandler: manage,
      schema: {
        tags: ['users'],
        querystring: withExport(userListQuery),
        response: { 200: z.array(userItem), ...errors },
      },
    },
    async (req, reply) => {
      // `format=csv|xlsx`: the whole table as a download (ADR 037).
      if (req.query.format) {
        return sendExport(req, reply, req.query.format, await service.exportList(actorOf(req), req.query));
      }
      const { items, total } = await service.list(actorOf(req), req.query);
      sendTotal(reply, total);
      return items;
    },
  );

  // The fixed paths are registered before /users/:id; find-my-way prefers static segments anyway.
  app.get(
    '/users/assignable-roles',
    { preHandler: manage, schema: { tags: ['users'], response: { 200: z.array(assignableRole), ...errors } } },
    async (req) => service.assignableRoles(actorOf(req)),
  );

  app.get(
    '/users/my-subordinates',
    { preHandler: signedIn, schema: { tags: ['users'], response: { 200: z.array(userItem), ...errors } } },
    async (req, reply) => {
      const list = await service.subordinates(actorOf(req));
      sendTotal(reply, list.length);
      return list;
    },
  );

  app.get(
    '/users/my-hierarchy',
    { preHandler: signedIn, schema: { tags: ['users'], response: { 200: myHierarchy, ...errors } } },
    async (req) => service.hierarchy(actorOf(req)),
  );

  app.get(
    '/users/:id',
    { preHandler: manage, schema: { tags: ['users'], params: idParams, response: { 200: userItem, ...errors } } },
    async (req) => service.get(actorOf(req), req.params.id),
  );

  app.post(
    '/users',
    { preHandler: manage, schema: { tags: ['users'], body: createUserBody, response: { 201: userItem, ...errors } } },
    async (req, reply) => reply.status(201).send(await service.create(actorOf(req), req.body, req.ip)),
  );

  app.put(
    '/users/:id',
    {
      preHandler: manage,
      schema: { tags: ['users'], params: idParams, body: updateUserBody, response: { 200: userItem, ...errors } },
    },
    async (req) => service.update(actorOf(req), req.params.id, req.body, req.ip),
  );

  app.post(
    '/users/:id/sign-out-everywhere',
    {
      preHandler: manage,
      schema: { tags: ['users'], params: idParams, body: z.unknown().optional(), response: { 200: okBody, ...errors } },
    },
    async (req) => {
      await service.signOutEverywhere(actorOf(req), req.params.id, req.ip);
      return { message: 'Signed out everywhere' };
    },
  );

  app.delete(
    '/users/:id',
    { preHandler: manage, schema: { tags: ['users'], params: idParams, response: { 200: okBody, ...errors } } },
    async (req) => {
      await service.remove(actorOf(req), req.params.id, req.ip);
      return { message: 'User deleted successfully!' };
    },
  );
};
