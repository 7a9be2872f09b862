/** Customers (spec section 7). PUT /customers/update-location/{id} belongs to the request workflow module. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendExport } from '#server/lib/export/send.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, okBody } from '#shared/contracts/common.ts';
import { customerBody, customerHistory, customerItem, customerListQuery } from '#shared/contracts/customers.ts';
import { withExport } from '#shared/contracts/exports.ts';
import { consentBody } from '#shared/contracts/messages.ts';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.customers;
  const read = guards.guard('customerRead');
  const manage = guards.guard('customerManage');
  const history = guards.guard('customerHistory');
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

  app.get(
    '/customers',
    {
      preHandler: read,
      schema: {
        tags: ['customers'],
        querystring: withExport(customerListQuery),
        response: { 200: z.array(customerItem), ...errors },
      },
    },
    async (req, reply) => {
      // `format=csv|xlsx`: every customer the list would page through, as a download (ADR 037).
      if (req.query.format)
        return sendExport(req, reply, req.query.format, service.exportList(actorOf(req), req.query));
      const { items, total, window } = await service.list(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );

  app.get(
    '/customers/:id',
    { preHandler: read, schema: { tags: ['customers'], params: idParams, response: { 200: customerItem, ...errors } } },
    async (req) => service.get(actorOf(req), req.params.id),
  );

  app.get(
    '/customers/:id/history',
    {
      preHandler: history,
      schema: { tags: ['customers'], params: idParams, response: { 200: customerHistory, ...errors } },
    },
    async (req) => service.history(actorOf(req), req.params.id),
  );

  app.post(
    '/customers',
    {
      preHandler: manage,
      schema: { tags: ['customers'], body: customerBody, response: { 201: customerItem, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await service.create(actorOf(req), req.body, req.ip)),
  );

  app.put(
    '/customers/:id',
    {
      preHandler: manage,
      schema: { tags: ['customers'], params: idParams, body: customerBody, response: { 200: customerItem, ...errors } },
    },
    async (req) => service.update(actorOf(req), req.params.id, req.body, req.ip),
  );

  // A customer's consent to WhatsApp and SMS messages (issue 35 item 5, ADR 046).
  app.put(
    '/customers/:id/consent',
    {
      preHandler: manage,
      schema: { tags: ['customers'], params: idParams, body: consentBody, response: { 200: customerItem, ...errors } },
    },
    async (req) => service.setConsent(actorOf(req), req.params.id, req.body, req.ip),
  );

  app.delete(
    '/customers/:id',
    { preHandler: manage, schema: { tags: ['customers'], params: idParams, response: { 200: okBody, ...errors } } },
    async (req) => {
      await service.remove(actorOf(req), req.params.id, req.ip);
      return { message: 'Customer deleted successfully!' };
    },
  );
};
