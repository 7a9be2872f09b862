/**
 * Suppliers and purchases (issue 37 items 6 and 9, ADR 049). Each route parses (the stock
 * contracts), guards (the policy table: suppliers read by the stock keepers and kept by the
 * admins, purchases read and written by the stock keepers), calls one service method and shapes
 * the reply. The invoice's photo or PDF arrives as the multipart field 'file'.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { AppError, invalid } from '#server/lib/errors.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams, pageQuery } from '#shared/contracts/common.ts';
import {
  purchaseBody,
  purchaseItem,
  purchaseQuery,
  reverseBody,
  supplierBody,
  supplierItem,
  supplierPatch,
} from '#shared/contracts/stock.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['purchases'];

export const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, config, services } = app.deps;
  // Here, not on the whole app (as the work photos' upload): only the invoice reads a multipart body.
  await app.register(multipart, { limits: { fileSize: config.MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  const g = (c: Parameters<typeof guards.guard>[0]) => guards.guard(c);
  const suppliers = services.suppliers;
  const purchases = services.purchases;
  const invoices = services.purchaseInvoices;
  const maxMb = Math.round((config.MAX_UPLOAD_BYTES / (1024 * 1024)) * 10) / 10;

  // ---- suppliers
  app.get(
    '/suppliers',
    {
      preHandler: g('stockRead'),
      schema: { tags, querystring: pageQuery, response: { 200: z.array(supplierItem), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await suppliers.list(req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.get(
    '/suppliers/:id',
    { preHandler: g('stockRead'), schema: { tags, params: idParams, response: { 200: supplierItem, ...errors } } },
    async (req) => suppliers.get(req.params.id),
  );
  app.post(
    '/suppliers',
    { preHandler: g('partManage'), schema: { tags, body: supplierBody, response: { 201: supplierItem, ...errors } } },
    async (req, reply) => reply.status(201).send(await suppliers.create(actorOf(req), req.body, req.ip)),
  );
  app.patch(
    '/suppliers/:id',
    {
      preHandler: g('partManage'),
      schema: { tags, params: idParams, body: supplierPatch, response: { 200: supplierItem, ...errors } },
    },
    async (req) => suppliers.update(actorOf(req), req.params.id, req.body, req.ip),
  );

  // ---- purchases
  app.get(
    '/purchases',
    {
      preHandler: g('stockRead'),
      schema: { tags, querystring: purchaseQuery, response: { 200: z.array(purchaseItem), ...errors } },
    },
    async (req, reply) => {
      const { items, total, window } = await purchases.list(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );
  app.get(
    '/purchases/:id',
    { preHandler: g('stockRead'), schema: { tags, params: idParams, response: { 200: purchaseItem, ...errors } } },
    async (req) => purchases.get(actorOf(req), req.params.id),
  );
  app.post(
    '/purchases',
    { preHandler: g('stockMove'), schema: { tags, body: purchaseBody, response: { 201: purchaseItem, ...errors } } },
    async (req, reply) => reply.status(201).send(await purchases.create(actorOf(req), req.body, req.ip)),
  );
  app.post(
    '/purchases/:id/receive',
    { preHandler: g('stockMove'), schema: { tags, params: idParams, response: { 200: purchaseItem, ...errors } } },
    async (req) => purchases.receive(actorOf(req), req.params.id, req.ip),
  );
  app.post(
    '/purchases/:id/reverse',
    {
      preHandler: g('stockMove'),
      schema: { tags, params: idParams, body: reverseBody, response: { 200: purchaseItem, ...errors } },
    },
    async (req) => purchases.reverse(actorOf(req), req.params.id, req.body.reason, req.ip),
  );
  app.post(
    '/purchases/:id/invoice',
    {
      preHandler: g('stockMove'),
      // Per user, counted after sign-in (the guard runs first), as the work photos.
      config: {
        rateLimit: {
          max: config.UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `upload:${req.actor?.id ?? req.ip}`,
        },
      },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: purchaseItem, ...errors, 413: errorBody, 415: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      // Refuse before reading a byte of the body.
      await invoices.assertCanAttach(actor, req.params.id);
      if (!req.isMultipart()) throw invalid('file', ERR.invoiceFile);
      let bytes: Buffer | undefined;
      try {
        const part = await req.file();
        if (part && part.fieldname === 'file') bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', ERR.invoiceTooLarge({ max: maxMb }));
        }
        const status = (err as { statusCode?: number }).statusCode;
        if (err instanceof AppError || (status && status >= 400 && status < 500)) throw err;
        // A body that is not multipart as it says (no closing boundary, a broken part): not a file.
        throw invalid('file', ERR.invoiceFile);
      }
      if (!bytes || bytes.length === 0) throw invalid('file', ERR.invoiceFile);
      return invoices.attach(actor, req.params.id, bytes, req.ip);
    },
  );
};
