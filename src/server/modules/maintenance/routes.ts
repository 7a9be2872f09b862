/**
 * The installed base (issue 21): products, units, contracts, the due list and the on-demand run.
 * Each route parses, guards (the policy table), calls one service method and shapes the reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { forbidden } from '#server/lib/errors.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, okBody, pageQuery } from '#shared/contracts/common.ts';
import {
  contractBody,
  contractItem,
  contractPatchBody,
  dueItem,
  dueListQuery,
  expiringContract,
  expiringQuery,
  MAINTENANCE_MESSAGES,
  maintenanceCounts,
  productBody,
  productItem,
  productListQuery,
  runBody,
  runResult,
  unitCreateBody,
  unitDetails,
  unitItem,
  unitPatchBody,
} from '#shared/contracts/maintenance.ts';
import { MaintenanceRun } from './run.ts';
import { MaintenanceService } from './service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, config } = app.deps;
  const service = new MaintenanceService(db, config.TZ);
  const runner = new MaintenanceRun(db, {
    timeZone: config.TZ,
    leadDays: config.MAINTENANCE_LEAD_DAYS,
    autoApprove: config.MAINTENANCE_AUTO_APPROVE,
    onProgress: (p) => app.log.debug(p, 'maintenance run progress'),
  });
  const g = (c: Parameters<typeof guards.guard>[0]) => guards.guard(c);

  // ---------------------------------------------------------------- products
  const products = ['products'];
  app.get(
    '/products',
    {
      preHandler: g('productRead'),
      schema: { tags: products, querystring: productListQuery, response: { 200: z.array(productItem), ...errors } },
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
      schema: { tags: products, params: idParams, response: { 200: productItem, ...errors } },
    },
    async (req) => service.getProduct(req.params.id),
  );
  app.post(
    '/products',
    {
      preHandler: g('productManage'),
      schema: { tags: products, body: productBody, response: { 201: productItem, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await service.createProduct(actorOf(req), req.body, req.ip)),
  );
  app.put(
    '/products/:id',
    {
      preHandler: g('productManage'),
      schema: { tags: products, params: idParams, body: productBody, response: { 200: productItem, ...errors } },
    },
    async (req) => service.updateProduct(actorOf(req), req.params.id, req.body, req.ip),
  );
  app.delete(
    '/products/:id',
    {
      preHandler: g('productManage'),
      schema: { tags: products, params: idParams, response: { 200: okBody, ...errors } },
    },
    async (req) => {
      await service.deleteProduct(actorOf(req), req.params.id, req.ip);
      return { message: 'Product deleted successfully!' };
    },
  );

  // ---------------------------------------------------------------- units
  const unitsTag = ['units'];
  app.get(
    '/customers/:id/units',
    {
      preHandler: g('unitRead'),
      schema: {
        tags: unitsTag,
        params: idParams,
        querystring: pageQuery,
        response: { 200: z.array(unitItem), ...errors },
      },
    },
    async (req, reply) => {
      const { items, total, window } = await service.unitsOfCustomer(actorOf(req), req.params.id, req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.post(
    '/customers/:id/units',
    {
      preHandler: g('unitWrite'),
      schema: { tags: unitsTag, params: idParams, body: unitCreateBody, response: { 201: unitDetails, ...errors } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createUnit(actorOf(req), req.params.id, req.body, req.ip)),
  );
  app.get(
    '/units/:id',
    {
      preHandler: g('unitRead'),
      schema: { tags: unitsTag, params: idParams, response: { 200: unitDetails, ...errors } },
    },
    async (req) => service.getUnit(actorOf(req), req.params.id),
  );
  app.patch(
    '/units/:id',
    {
      preHandler: g('unitWrite'),
      schema: { tags: unitsTag, params: idParams, body: unitPatchBody, response: { 200: unitDetails, ...errors } },
    },
    async (req) => service.updateUnit(actorOf(req), req.params.id, req.body, req.ip),
  );
  app.delete(
    '/units/:id',
    { preHandler: g('unitWrite'), schema: { tags: unitsTag, params: idParams, response: { 200: okBody, ...errors } } },
    async (req) => {
      await service.removeUnit(actorOf(req), req.params.id, req.ip);
      return { message: 'Unit removed' };
    },
  );

  // ---------------------------------------------------------------- contracts
  const contractsTag = ['contracts'];
  app.get(
    '/contracts/expiring',
    {
      preHandler: g('contractExpiring'),
      schema: {
        tags: contractsTag,
        querystring: expiringQuery,
        response: { 200: z.array(expiringContract), ...errors },
      },
    },
    async (req, reply) => {
      const { items, total, window } = await service.expiring(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.get(
    '/units/:id/contracts',
    {
      preHandler: g('unitRead'),
      schema: { tags: contractsTag, params: idParams, response: { 200: z.array(contractItem), ...errors } },
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
      schema: { tags: contractsTag, params: idParams, body: contractBody, response: { 201: contractItem, ...errors } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createContract(actorOf(req), req.params.id, req.body, req.ip)),
  );
  app.patch(
    '/contracts/:id',
    {
      preHandler: g('contractManage'),
      schema: {
        tags: contractsTag,
        params: idParams,
        body: contractPatchBody,
        response: { 200: contractItem, ...errors },
      },
    },
    async (req) => service.updateContract(actorOf(req), req.params.id, req.body, req.ip),
  );

  // ---------------------------------------------------------------- due list, counts, run
  const tags = ['maintenance'];
  app.get(
    '/maintenance/due',
    {
      preHandler: g('maintenance'),
      schema: { tags, querystring: dueListQuery, response: { 200: z.array(dueItem), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await service.due(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.get(
    '/maintenance/counts',
    { preHandler: g('maintenance'), schema: { tags, response: { 200: maintenanceCounts, ...errors } } },
    async (req) => service.counts(actorOf(req)),
  );
  app.post(
    '/maintenance/run',
    { preHandler: g('maintenanceRun'), schema: { tags, body: runBody, response: { 200: runResult, ...errors } } },
    async (req) => {
      const actor = actorOf(req);
      const own = service.regionOf(actor);
      if (own && req.body.regionId && req.body.regionId !== own) throw forbidden(MAINTENANCE_MESSAGES.runOutOfRegion);
      return runner.run(own ?? req.body.regionId ?? null, { id: actor.id, email: actor.email, ip: req.ip });
    },
  );
};
