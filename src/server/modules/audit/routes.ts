/** GET /api/audit-log: the append-only trail, newest first, for the admins (capability auditRead). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cappedWindow, sendTotal } from '#server/lib/paging.ts';
import { auditEntry, auditQuery } from '#shared/contracts/audit.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.audit;
  app.get(
    '/audit-log',
    {
      preHandler: guards.guard('auditRead'),
      schema: { tags: ['audit'], querystring: auditQuery, response: { 200: z.array(auditEntry) } },
    },
    async (req, reply) => {
      const { action, outcome, search } = req.query;
      const window = cappedWindow(req.query);
      const { rows, total } = await service.list({ action, outcome, search }, window);
      sendTotal(reply, total, window);
      return rows;
    },
  );
};
