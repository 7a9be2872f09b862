/**
 * GET /service-requests/dashboard/stats, scoped to the viewer. The counts come from
 * request_counters (kept by a trigger in the same transaction as every change), so they cost the
 * same at a hundred requests or a million; only the five recent requests touch the big table,
 * through its created_at index.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#server/db/client.ts';
import { type Actor, actorOf } from '#server/lib/auth.ts';
import * as repo from '#server/modules/service-requests/repository.ts';
import { errorBody } from '#shared/contracts/common.ts';
import { type DashboardStats, dashboardStats } from '#shared/contracts/dashboard.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { REQUEST_TYPES } from '#shared/domain/workflow.ts';

export const RECENT_COUNT = 5;

export async function statsFor(db: Db, actor: Actor): Promise<DashboardStats> {
  const cells = await repo.readCounters(db, repo.counterScopeOf(actor));
  const n = (status: Parameters<typeof repo.sumCells>[1]) => repo.sumCells(cells, status);
  const recentRequests = await repo.listRequests(db, {
    scope: repo.scopeOf(actor),
    limit: RECENT_COUNT,
    offset: 0,
  });
  let myTasks: DashboardStats['myTasks'] = null;
  if (actor.policyRole === ROLE.TECHNICIAN) {
    const mine = await repo.readCounters(db, { kind: 'assignee', key: actor.id });
    myTasks = {
      assigned: repo.sumCells(mine, 'ASSIGNED'),
      inProgress: repo.sumCells(mine, 'IN_PROGRESS'),
      workCompleted: repo.sumCells(mine, 'WORK_COMPLETED'),
    };
  }
  return {
    totalRequests: n(undefined),
    draft: n('DRAFT'),
    pendingApproval: n('PENDING_APPROVAL'),
    approved: n('APPROVED'),
    assigned: n('ASSIGNED'),
    inProgress: n('IN_PROGRESS'),
    workCompleted: n('WORK_COMPLETED'),
    completed: n('COMPLETED'),
    rejected: n('REJECTED'),
    byType: REQUEST_TYPES.map((type) => ({
      type,
      count: cells.reduce((sum, c) => (c.type === type ? sum + c.count : sum), 0),
    })),
    recentRequests,
    myTasks,
  };
}

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.get(
    '/service-requests/dashboard/stats',
    {
      preHandler: guards.guard('dashboard'),
      schema: { tags: ['dashboard'], response: { 200: dashboardStats, 401: errorBody, 403: errorBody } },
    },
    async (req) => statsFor(db, actorOf(req)),
  );
};
