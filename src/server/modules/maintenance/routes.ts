/**
 * Preventive maintenance (issue 21): the due list, the dashboard's counts and the on-demand run.
 * Each route parses, guards (the policy table), calls one service method and shapes the reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendExport } from '#server/lib/export/send.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody } from '#shared/contracts/common.ts';
import { withExport } from '#shared/contracts/exports.ts';
import {
  dueItem,
  dueListQuery,
  maintenanceCounts,
  runBody,
  runPreview,
  runResult,
} from '#shared/contracts/maintenance.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['maintenance'];

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.maintenance;
  const g = (c: Parameters<typeof guards.guard>[0]) => guards.guard(c);

  app.get(
    '/maintenance/due',
    {
      preHandler: g('maintenance'),
      schema: { tags, querystring: withExport(dueListQuery), response: { 200: z.array(dueItem), ...errors } },
    },
    async (req, reply) => {
      // `format=csv|xlsx`: every unit the list would page through, as a download (ADR 037).
      if (req.query.format) return sendExport(req, reply, req.query.format, service.exportDue(actorOf(req), req.query));
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
    {
      preHandler: g('maintenanceRun'),
      // `dryRun: true` answers what the run would raise (runPreview) and writes nothing (issue 33).
      schema: { tags, body: runBody, response: { 200: z.union([runResult, runPreview]), ...errors } },
    },
    async (req) => service.run(actorOf(req), req.body.regionId, req.ip, req.body.dryRun === true),
  );
};
