/** GET /service-requests/dashboard/stats: the spec's fields plus a count for every status. */
import { z } from 'zod';
import { REQUEST_TYPES } from '../domain/workflow.ts';
import { requestSummary } from './service-requests.ts';

export const typeCount = z.object({ type: z.enum(REQUEST_TYPES), count: z.number().int() });

export const myTaskCounts = z.object({
  assigned: z.number().int(),
  inProgress: z.number().int(),
  workCompleted: z.number().int(),
});
export type MyTaskCounts = z.infer<typeof myTaskCounts>;

export const dashboardStats = z.object({
  totalRequests: z.number().int(),
  draft: z.number().int(),
  pendingApproval: z.number().int(),
  approved: z.number().int(),
  assigned: z.number().int(),
  inProgress: z.number().int(),
  workCompleted: z.number().int(),
  completed: z.number().int(),
  rejected: z.number().int(),
  /** Every type, in the order of REQUEST_TYPES, zeros included. */
  byType: z.array(typeCount),
  /** The five newest requests the viewer can see. */
  recentRequests: z.array(requestSummary),
  /** Technicians only; null for everyone else. */
  myTasks: myTaskCounts.nullable(),
});
export type DashboardStats = z.output<typeof dashboardStats>;
