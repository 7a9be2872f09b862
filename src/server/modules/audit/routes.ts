/** GET /api/audit-log: the append-only trail, newest first, for the admins (capability auditRead). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '#server/lib/export/send.ts';
import { cappedWindow, sendTotal } from '#server/lib/paging.ts';
import { auditEntry, auditQuery } from '#shared/contracts/audit.ts';
import { withExport } from '#shared/contracts/exports.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.audit;
  app.get(
    '/audit-log',
    {
      preHandler: guards.guard('auditRead'),
      schema: { tags: ['audit'], querystring: withExport(auditQuery), response: { 200: z.array(auditEntry) } },
    },
    async (req, reply) => {
      const { action, outcome, search } = req.query;
      // `format=csv|xlsx`: every entry of the filter, as a download (ADR 037).
      if (req.query.format) {
        return sendExport(req, reply, req.query.format, service.exportList({ action, outcome, search }));
      }
      const window = cappedWindow(req.query);
      const { rows, total } = await service.list({ action, outcome, search }, window);
      sendTotal(reply, total, window);
      return rows;
    },
  );
};
