/**
 * The parts catalogue, stock locations, on-hand stock, reorder levels, the ledger, adjustments
 * and the technician's van (issue 37, ADR 049). Each route parses, guards (the policy table),
 * calls one service method and shapes the reply; scope and every rule are the services'.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import {
  adjustmentBody,
  gstRate,
  movementItem,
  movementQuery,
  paise,
  partBody,
  partItem,
  partListQuery,
  partUnit,
  reorderLevelsBody,
  stockLocationItem,
  stockLocationQuery,
  stockQuery,
  stockRow,
  storeBody,
  vanAnswer,
} from '#shared/contracts/stock.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['stock'];

/**
 * The contract's location with `technicianId` always sent (null for a store): the compiled
 * serializer writes an optional key after the required ones, zod in its place, and outside
 * production the two must match (lib/serializer.ts). Same JSON for the client.
 */
const locationAnswer = stockLocationItem.extend({ technicianId: z.string().nullable() });
const vanAnswerOut = vanAnswer.extend({ location: locationAnswer });

/**
 * PATCH /parts/:id: only the fields sent change. The contract's `partPatch` is `partBody.partial()`,
 * whose defaults zod 4 still fills in (a rename would reset the unit, GST, cost, products and
 * reactivate the part), so the fields with a default are optional here without one.
 */
const partPatchBody = partBody.partial().extend({
  unit: partUnit.optional(),
  gstRate: gstRate.optional(),
  costPaise: paise.optional(),
  productIds: z.array(z.uuid()).max(100).optional(),
  active: z.boolean().optional(),
});

/** PATCH /stock-locations/:id: a store renamed, closed or opened again. */
const storePatch = z.object({
  name: storeBody.shape.name.optional(),
  active: z.boolean().optional(),
});

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;
  const { stockCatalogue: catalogue, stockLocations: locations, stock, stockTransfers: transfers } = services;

  // ---- the catalogue
  app.get(
    '/parts',
    {
      preHandler: guards.guard('partRead'),
      schema: { tags, querystring: partListQuery, response: { 200: z.array(partItem), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await catalogue.list(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.get(
    '/parts/:id',
    {
      preHandler: guards.guard('partRead'),
      schema: { tags, params: idParams, response: { 200: partItem, ...errors } },
    },
    async (req) => catalogue.get(actorOf(req), req.params.id),
  );
  app.post(
    '/parts',
    {
      preHandler: guards.guard('partManage'),
      schema: { tags, body: partBody, response: { 201: partItem, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await catalogue.create(actorOf(req), req.body, req.ip)),
  );
  app.patch(
    '/parts/:id',
    {
      preHandler: guards.guard('partManage'),
      schema: { tags, params: idParams, body: partPatchBody, response: { 200: partItem, ...errors } },
    },
    async (req) => catalogue.update(actorOf(req), req.params.id, req.body, req.ip),
  );

  // ---- stores and vans
  app.get(
    '/stock-locations',
    {
      preHandler: guards.guard('stockTransfer'),
      schema: { tags, querystring: stockLocationQuery, response: { 200: z.array(locationAnswer), ...errors } },
    },
    async (req, reply) => {
      const items = await locations.list(actorOf(req), req.query);
      sendTotal(reply, items.length);
      return items;
    },
  );
  app.post(
    '/stock-locations',
    {
      preHandler: guards.guard('partManage'),
      schema: { tags, body: storeBody, response: { 201: locationAnswer, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await locations.createStore(actorOf(req), req.body, req.ip)),
  );
  app.patch(
    '/stock-locations/:id',
    {
      preHandler: guards.guard('partManage'),
      schema: { tags, params: idParams, body: storePatch, response: { 200: locationAnswer, ...errors } },
    },
    async (req) => locations.updateStore(actorOf(req), req.params.id, req.body, req.ip),
  );

  // ---- on-hand stock, reorder levels, the ledger, adjustments
  app.get(
    '/stock',
    {
      preHandler: guards.guard('stockRead'),
      schema: { tags, querystring: stockQuery, response: { 200: z.array(stockRow), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await stock.list(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.put(
    '/stock/reorder-levels',
    {
      preHandler: guards.guard('stockMove'),
      schema: { tags, body: reorderLevelsBody, response: { 200: z.array(stockRow), ...errors } },
    },
    async (req) => stock.setReorderLevels(actorOf(req), req.body.levels, req.ip),
  );
  app.get(
    '/stock/movements',
    {
      preHandler: guards.guard('stockRead'),
      schema: { tags, querystring: movementQuery, response: { 200: z.array(movementItem), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await stock.movements(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.post(
    '/stock/adjustments',
    {
      preHandler: guards.guard('stockMove'),
      schema: { tags, body: adjustmentBody, response: { 201: stockRow, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await stock.adjust(actorOf(req), req.body, req.ip)),
  );

  // ---- the technician's van
  app.get(
    '/technicians/me/van',
    { preHandler: guards.guard('technicianVan'), schema: { tags, response: { 200: vanAnswerOut, ...errors } } },
    async (req) => transfers.van(actorOf(req)),
  );
};
