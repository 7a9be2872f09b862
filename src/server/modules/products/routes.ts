/**
 * The product catalogue (issue 21): every signed-in role reads it, admins write it. Each
 * route parses, guards (the policy table), calls one service method and shapes the reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, okBody } from '#shared/contracts/common.ts';
import { productBody, productItem, productListQuery } from '#shared/contracts/products.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['products'];

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.products;
  const g = (c: Parameters<typeof guards.guard>[0]) => guards.guard(c);

  app.get(
    '/products',
    {
      preHandler: g('productRead'),
      schema: { tags, querystring: productListQuery, response: { 200: z.array(productItem), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await service.listProducts(req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.get(
    '/products/:id',
    {
      preHandler: g('productRead'),
      schema: { tags, params: idParams, response: { 200: productItem, ...errors } },
    },
    async (req) => service.getProduct(req.params.id),
  );
  app.post(
    '/products',
    {
      preHandler: g('productManage'),
      schema: { tags, body: productBody, response: { 201: productItem, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await service.createProduct(actorOf(req), req.body, req.ip)),
  );
  app.put(
    '/products/:id',
    {
      preHandler: g('productManage'),
      schema: { tags, params: idParams, body: productBody, response: { 200: productItem, ...errors } },
    },
    async (req) => service.updateProduct(actorOf(req), req.params.id, req.body, req.ip),
  );
  app.delete(
    '/products/:id',
    {
      preHandler: g('productManage'),
      schema: { tags, params: idParams, response: { 200: okBody, ...errors } },
    },
    async (req) => {
      await service.deleteProduct(actorOf(req), req.params.id, req.ip);
      return { message: 'Product deleted successfully!' };
    },
  );
};
