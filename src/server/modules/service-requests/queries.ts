/**
 * The read models built on service requests: the dashboard's stats and the technician's own
 * screens (My Tasks, task history, one task, my stats). Counts come from request_counters (kept by
 * a trigger in every writing transaction, ADR 006), so they cost the same at a hundred requests or
 * a million; only the lists touch the big table, through its created_at index.
 */
import type { Db } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { notFound } from '#server/lib/errors.ts';
import type { Window } from '#server/lib/paging.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import type { DashboardStats } from '#shared/contracts/dashboard.ts';
import type { RequestDetails, RequestSummary } from '#shared/contracts/service-requests.ts';
import { MY_TASK_STATUSES, type TechnicianStats } from '#shared/contracts/technicians.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { OPEN_TASK_STATUSES, REQUEST_TYPES } from '#shared/domain/workflow.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { findDetails } from './details.repository.ts';
import { sumCells, sumStatuses, toDetails, toSummary } from './mapper.ts';
import * as repo from './repository.ts';
import { assignedTo, scopeFor } from './scope.ts';

/** The dashboard's recent requests. */
export const RECENT_COUNT = 5;
/** My Tasks shows every open task on one screen; a technician never holds more than this. */
export const MY_TASKS_LIMIT = 200;

export class RequestQueries {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    /** PUBLIC_URL (or null): the base of a job sheet's public link (ADR 048). */
    private readonly publicBase: string | null = null,
  ) {}

  /** GET /service-requests/dashboard/stats, scoped to the viewer. */
  async dashboardStats(actor: Actor): Promise<DashboardStats> {
    const scope = scopeFor(actor);
    const technician = actor.policyRole === ROLE.TECHNICIAN;
    const [cells, recent, mine] = await Promise.all([
      repo.readCounters(this.db, scope),
      repo.listRequests(this.db, { scope, limit: RECENT_COUNT, offset: 0 }),
      technician ? repo.readCounters(this.db, assignedTo(actor.id)) : null,
    ]);
    const n = (status?: Parameters<typeof sumCells>[1]) => sumCells(cells, status);
    return {
      totalRequests: n(),
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
      recentRequests: recent.map(toSummary),
      myTasks: mine
        ? {
            assigned: sumCells(mine, 'ASSIGNED'),
            inProgress: sumCells(mine, 'IN_PROGRESS'),
            workCompleted: sumCells(mine, 'WORK_COMPLETED'),
          }
        : null,
    };
  }

  /** My Tasks: the technician's open work and what awaits acknowledgement, with its total. */
  async myTasks(actor: Actor): Promise<{ items: RequestSummary[]; total: number }> {
    const scope = assignedTo(actor.id);
    const [rows, cells] = await Promise.all([
      repo.listRequests(this.db, { scope, statuses: MY_TASK_STATUSES, limit: MY_TASKS_LIMIT, offset: 0 }),
      repo.readCounters(this.db, scope),
    ]);
    return { items: rows.map(toSummary), total: sumStatuses(cells, MY_TASK_STATUSES) };
  }

  /** Everything ever assigned to the technician, newest first, a page (or the capped window). */
  async taskHistory(actor: Actor, window: Window): Promise<{ items: RequestSummary[]; total: number }> {
    const scope = assignedTo(actor.id);
    const [rows, cells] = await Promise.all([
      repo.listRequests(this.db, { scope, limit: window.limit, offset: window.offset }),
      repo.readCounters(this.db, scope),
    ]);
    return { items: rows.map(toSummary), total: sumCells(cells) };
  }

  /** One task assigned to the technician, or 404. */
  async task(actor: Actor, id: string): Promise<RequestDetails> {
    const row = await findDetails(this.db, id, assignedTo(actor.id));
    if (!row) throw notFound(ERR.taskNotFound);
    return toDetails(this.tokens, row, this.publicBase);
  }

  /**
   * A request's details whatever the reader, or undefined: only for a caller that authorised the
   * read otherwise (the job sheet's signed link, ADR 048). One statement whether it exists or not.
   */
  async detailsById(id: string): Promise<RequestDetails | undefined> {
    const row = await findDetails(this.db, id, { kind: 'all' });
    return row && toDetails(this.tokens, row, this.publicBase);
  }

  async technicianStats(actor: Actor): Promise<TechnicianStats> {
    const cells = await repo.readCounters(this.db, assignedTo(actor.id));
    return {
      total: sumCells(cells),
      assigned: sumCells(cells, 'ASSIGNED'),
      inProgress: sumCells(cells, 'IN_PROGRESS'),
      workCompleted: sumCells(cells, 'WORK_COMPLETED'),
      completed: sumCells(cells, 'COMPLETED'),
      openTasks: sumStatuses(cells, OPEN_TASK_STATUSES),
    };
  }
}
