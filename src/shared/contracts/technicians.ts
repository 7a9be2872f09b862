/** The technician's own screens: my tasks, task history, one task, my stats. */
import { z } from 'zod';
import type { REQUEST_STATUSES } from '../domain/workflow.ts';
import { pageQuery } from './common.ts';

/** Statuses shown on My Tasks: the work still on the technician's plate or awaiting acknowledgement. */
export const MY_TASK_STATUSES = [
  'ASSIGNED',
  'IN_PROGRESS',
  'WORK_COMPLETED',
] as const satisfies readonly (typeof REQUEST_STATUSES)[number][];

export const taskHistoryQuery = pageQuery.pick({ page: true, pageSize: true });

export const technicianStats = z.object({
  total: z.number().int(),
  assigned: z.number().int(),
  inProgress: z.number().int(),
  workCompleted: z.number().int(),
  completed: z.number().int(),
  /** Requests assigned and not yet started or still in progress (auto-assign's load measure). */
  openTasks: z.number().int(),
});
export type TechnicianStats = z.infer<typeof technicianStats>;
