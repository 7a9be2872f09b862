/**
 * GET /service-requests/dashboard/stats, scoped to the viewer (RequestQueries.dashboardStats:
 * the counts from request_counters, the five recent requests through the created_at index).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#server/lib/auth.ts';
import { errorBody } from '#shared/contracts/common.ts';
import { dashboardStats } from '#shared/contracts/dashboard.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const queries = app.deps.services.requestQueries;
  app.get(
    '/service-requests/dashboard/stats',
    {
      preHandler: guards.guard('dashboard'),
      schema: { tags: ['dashboard'], response: { 200: dashboardStats, 401: errorBody, 403: errorBody } },
    },
    async (req) => queries.dashboardStats(actorOf(req)),
  );
};
