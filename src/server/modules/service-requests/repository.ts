/** Drizzle queries for service requests, their history, work logs, photos and counters. */
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { preparedOnce } from '#server/db/prepared.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { approvalHistory, requestCounters, serviceRequests, workLogs, workMedia } from '#server/db/schema/requests.ts';
import type { Actor } from '#server/lib/auth.ts';
import { containsPattern } from '#server/lib/paging.ts';

import type { ApprovalEntry, RequestSummary, WorkLog } from '#shared/contracts/service-requests.ts';
import { requestScopeOf } from '#shared/domain/permissions.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { formatTicket, type TicketSearch } from '#shared/domain/ticket.ts';
import { OPEN_TASK_STATUSES, type RequestStatus, type RequestType } from '#shared/domain/workflow.ts';

export type RequestRow = typeof serviceRequests.$inferSelect;

/**
 * The names a summary shows, each read by primary key in a scalar subquery. A seven-table join
 * cost PostgreSQL 12-19 ms to plan for 0.4 ms of execution (every parameterized path of every
 * users/roles alias is considered); one join and these lookups plan in about 2 ms, with the same
 * rows (docs/performance.md).
 */
const nameById = <T extends string | null>(table: typeof users | typeof regions, id: AnyPgColumn) =>
  sql<T>`(select ${table.name} from ${table} where ${table.id} = ${id})`;
const roleNameOfUser = (id: AnyPgColumn) =>
  sql<string>`(select ${roles.name} from ${users} inner join ${roles} on ${roles.id} = ${users.roleId} where ${users.id} = ${id})`;

const summaryColumns = {
  id: serviceRequests.id,
  type: serviceRequests.type,
  description: serviceRequests.description,
  status: serviceRequests.status,
  customerId: serviceRequests.customerId,
  regionId: serviceRequests.regionId,
  requestedById: serviceRequests.requestedById,
  assignedToId: serviceRequests.assignedToId,
  needsSalesApproval: serviceRequests.needsSalesApproval,
  salesApproved: serviceRequests.salesApproved,
  version: serviceRequests.version,
  createdAt: serviceRequests.createdAt,
  updatedAt: serviceRequests.updatedAt,
  assignedAt: serviceRequests.assignedAt,
  completedAt: serviceRequests.completedAt,
  customerName: customers.name,
  customerAddress: customers.address,
  customerPhone: customers.primaryPhone,
  customerPhones: customers.phoneNumbers,
  customerEmail: customers.email,
  customerRegionId: customers.regionId,
  customerLatitude: customers.latitude,
  customerLongitude: customers.longitude,
  regionName: nameById<string>(regions, serviceRequests.regionId),
  requesterName: nameById<string>(users, serviceRequests.requestedById),
  requesterRoleName: roleNameOfUser(serviceRequests.requestedById),
  assigneeName: nameById<string | null>(users, serviceRequests.assignedToId),
  approverName: nameById<string | null>(users, serviceRequests.approvedById),
  ticketNo: serviceRequests.ticketNo,
};

function selectSummaries(db: Tx) {
  return db
    .select(summaryColumns)
    .from(serviceRequests)
    .innerJoin(customers, eq(customers.id, serviceRequests.customerId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(r: SummaryRow): RequestSummary {
  return {
    id: r.id,
    ticketNumber: formatTicket(r.ticketNo),
    type: r.type,
    description: r.description,
    status: r.status,
    customerId: r.customerId,
    customer: {
      id: r.customerId,
      name: r.customerName,
      address: r.customerAddress,
      primaryPhone: r.customerPhone,
      phoneNumbers: r.customerPhones,
      email: r.customerEmail,
      regionId: r.customerRegionId,
      latitude: r.customerLatitude,
      longitude: r.customerLongitude,
    },
    regionId: r.regionId,
    region: { name: r.regionName },
    requestedById: r.requestedById,
    requestedBy: { id: r.requestedById, name: r.requesterName, role: { name: r.requesterRoleName } },
    assignedToId: r.assignedToId,
    assignedTo: r.assignedToId && r.assigneeName ? { id: r.assignedToId, name: r.assigneeName } : null,
    approvedBy: r.approverName ? { name: r.approverName } : null,
    needsSalesApproval: r.needsSalesApproval,
    salesApproved: r.salesApproved,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    assignedAt: isoOrNull(r.assignedAt),
    completedAt: isoOrNull(r.completedAt),
  };
}

// ------------------------------------------------------------------ scope

/**
 * The requests an actor may read (decisions.md, Data scope), as data: the kind decides the SQL,
 * the key (a region or a user) is a parameter, so each kind is one prepared statement.
 */
export type RequestScope = { kind: 'all' } | { kind: 'region' | 'requested' | 'technician' | 'assigned'; key: string };

export function scopeOf(actor: Pick<Actor, 'id' | 'policyRole' | 'regionId'>): RequestScope {
  switch (requestScopeOf(actor.policyRole)) {
    case 'all':
      return { kind: 'all' };
    case 'region':
      return actor.regionId ? { kind: 'region', key: actor.regionId } : { kind: 'all' };
    case 'requested':
      return { kind: 'requested', key: actor.id };
    case 'technician':
      return { kind: 'technician', key: actor.id };
  }
}

/** The scope as a WHERE condition over the placeholder `scopeKey`. */
function scopeWhere(scope: RequestScope): SQL | undefined {
  const key = sql.placeholder('scopeKey');
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'region':
      return eq(serviceRequests.regionId, key);
    case 'requested':
      return eq(serviceRequests.requestedById, key);
    case 'technician':
      return or(eq(serviceRequests.assignedToId, key), eq(serviceRequests.requestedById, key));
    case 'assigned':
      return eq(serviceRequests.assignedToId, key);
  }
}

const scopeParams = (scope: RequestScope) => (scope.kind === 'all' ? {} : { scopeKey: scope.key });

/** Which counter rows add up to an actor's scope: O(1) totals whatever the table size. */
export type CounterScope =
  | { kind: 'all' }
  | { kind: 'region'; key: string }
  | { kind: 'requester'; key: string }
  | { kind: 'assignee'; key: string }
  /** Technicians: assigned to them or raised by them, each request once. */
  | { kind: 'technician'; key: string };

export function counterScopeOf(actor: Pick<Actor, 'id' | 'policyRole' | 'regionId'>): CounterScope {
  switch (requestScopeOf(actor.policyRole)) {
    case 'all':
      return { kind: 'all' };
    case 'region':
      return actor.regionId ? { kind: 'region', key: actor.regionId } : { kind: 'all' };
    case 'requested':
      return { kind: 'requester', key: actor.id };
    case 'technician':
      return { kind: 'technician', key: actor.id };
  }
}

const ZERO_KEY = '00000000-0000-0000-0000-000000000000';

export interface CounterCell {
  status: RequestStatus;
  type: RequestType;
  count: number;
}

/** The (status, type) counts of a scope. */
export async function readCounters(db: Tx, scope: CounterScope): Promise<CounterCell[]> {
  const query = preparedOnce(db, 'counters', (name) =>
    db
      .select({ status: requestCounters.status, type: requestCounters.type, count: requestCounters.count })
      .from(requestCounters)
      .where(and(eq(requestCounters.kind, sql.placeholder('kind')), eq(requestCounters.key, sql.placeholder('key'))))
      .prepare(name),
  );
  const rowsOf = (kind: string, key: string) => query.execute({ kind, key });
  if (scope.kind === 'all') return rowsOf('all', ZERO_KEY);
  if (scope.kind !== 'technician') return rowsOf(scope.kind, scope.key);
  // assignee + requester - self (a request both raised by and assigned to them counts once).
  const cells = new Map<string, CounterCell>();
  const add = (rows: CounterCell[], sign: 1 | -1) => {
    for (const r of rows) {
      const k = `${r.status}|${r.type}`;
      const cell = cells.get(k) ?? { status: r.status, type: r.type, count: 0 };
      cell.count += sign * r.count;
      cells.set(k, cell);
    }
  };
  add(await rowsOf('assignee', scope.key), 1);
  add(await rowsOf('requester', scope.key), 1);
  add(await rowsOf('self', scope.key), -1);
  return [...cells.values()];
}

export function sumCells(cells: CounterCell[], status?: RequestStatus): number {
  return cells.reduce((n, c) => (status === undefined || c.status === status ? n + c.count : n), 0);
}

// ------------------------------------------------------------------ reads

export interface ListFilter {
  scope: RequestScope;
  status?: RequestStatus;
  /** A fixed list of statuses (part of the statement's shape, not a parameter). */
  statuses?: readonly RequestStatus[];
  search?: string;
  /**
   * The search read as a ticket number: prefixed ("SR-123") it matches that ticket only, bare
   * ("123") that ticket or the text (through the unique index, not search_text; ADR 020).
   */
  ticket?: TicketSearch;
  /** Only the requests the actor raised (`mine=true`), on top of the scope. */
  mineOf?: string;
  /**
   * With a search that matches few requests (known from its count): sort just the matches
   * instead of walking the newest-first index (SORT_MATCHES_UP_TO).
   */
  sortMatches?: boolean;
  limit: number;
  offset: number;
}

type Shape = Omit<ListFilter, 'limit' | 'offset'>;

/** What changes a list statement's SQL text. */
const shapeOf = (f: Shape) =>
  `${f.scope.kind}|${f.status ? 's' : ''}|${f.statuses?.join(',') ?? ''}|${f.search ? 'q' : ''}${f.sortMatches ? 'm' : ''}` +
  `${f.ticket ? (f.ticket.prefixed ? 'T' : 't') : ''}${f.mineOf ? '|me' : ''}`;

function searchWhere(f: Shape): SQL | undefined {
  if (!f.search) return undefined;
  const text = ilike(serviceRequests.searchText, sql.placeholder('pattern'));
  if (!f.ticket) return text;
  const ticket = eq(serviceRequests.ticketNo, sql.placeholder('ticketNo'));
  return f.ticket.prefixed ? ticket : or(ticket, text);
}

function listWhere(f: Shape): SQL | undefined {
  return and(
    scopeWhere(f.scope),
    f.mineOf ? eq(serviceRequests.requestedById, sql.placeholder('mine')) : undefined,
    f.status ? eq(serviceRequests.status, sql.placeholder('status')) : undefined,
    f.statuses ? inArray(serviceRequests.status, [...f.statuses]) : undefined,
    searchWhere(f),
  );
}

const listParams = (f: Shape) => ({
  ...scopeParams(f.scope),
  mine: f.mineOf,
  status: f.status,
  pattern: f.search && !f.ticket?.prefixed ? containsPattern(f.search) : undefined,
  ticketNo: f.ticket?.ticketNo,
});

/** A page of requests, newest first. */
export async function listRequests(db: Tx, f: ListFilter): Promise<RequestSummary[]> {
  // The first page sends no OFFSET at all, as Drizzle does for a literal 0.
  const paged = f.offset > 0;
  const query = preparedOnce(db, `list|${shapeOf(f)}|${paged ? 'o' : ''}`, (name) => {
    // `+ interval '0 seconds'` keeps the planner off the newest-first index: it sorts the matches.
    const newest = f.sortMatches
      ? sql`${serviceRequests.createdAt} + interval '0 seconds' desc`
      : desc(serviceRequests.createdAt);
    const page = selectSummaries(db)
      .where(listWhere(f))
      .orderBy(newest, desc(serviceRequests.id))
      .limit(sql.placeholder('limit'))
      .$dynamic();
    return (paged ? page.offset(sql.placeholder('offset')) : page).prepare(name);
  });
  const rows = await query.execute({ ...listParams(f), limit: f.limit, offset: f.offset });
  return rows.map(toSummary);
}

/** The number of requests a filter matches (used when the counters cannot answer: a search). */
export async function countRequests(db: Tx, f: Shape): Promise<number> {
  const query = preparedOnce(db, `count|${shapeOf(f)}`, (name) =>
    db.select({ n: sql<number>`count(*)::int` }).from(serviceRequests).where(listWhere(f)).prepare(name),
  );
  const [row] = await query.execute(listParams(f));
  return row?.n ?? 0;
}

/** One request's summary, if it exists within `scope` (everything by default). */
export async function findSummary(
  db: Tx,
  id: string,
  scope: RequestScope = { kind: 'all' },
): Promise<RequestSummary | undefined> {
  const query = preparedOnce(db, `one|${scope.kind}`, (name) =>
    selectSummaries(db)
      .where(and(eq(serviceRequests.id, sql.placeholder('id')), scopeWhere(scope)))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id, ...scopeParams(scope) });
  return row ? toSummary(row) : undefined;
}

export async function findRow(db: Tx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1);
  return row;
}

/** The request row, locked against concurrent transitions until the transaction ends. */
export async function lockRow(db: Tx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1).for('share');
  return row;
}

export async function workLogsOf(db: Tx, requestId: string): Promise<WorkLog[]> {
  const query = preparedOnce(db, 'work-logs', (name) =>
    db
      .select({
        id: workLogs.id,
        technicianId: workLogs.technicianId,
        technicianName: users.name,
        startTime: workLogs.startTime,
        endTime: workLogs.endTime,
        notes: workLogs.notes,
      })
      .from(workLogs)
      .innerJoin(users, eq(users.id, workLogs.technicianId))
      .where(eq(workLogs.requestId, sql.placeholder('requestId')))
      .orderBy(asc(workLogs.startTime))
      .prepare(name),
  );
  const rows = await query.execute({ requestId });
  return rows.map((r) => ({
    id: r.id,
    technician: { id: r.technicianId, name: r.technicianName },
    startTime: iso(r.startTime),
    endTime: isoOrNull(r.endTime),
    notes: r.notes,
  }));
}

export async function approvalHistoryOf(db: Tx, requestId: string): Promise<ApprovalEntry[]> {
  const query = preparedOnce(db, 'approval-history', (name) =>
    db
      .select({
        id: approvalHistory.id,
        approverId: approvalHistory.approverId,
        approverName: users.name,
        approverRole: approvalHistory.approverRole,
        stage: approvalHistory.stage,
        status: approvalHistory.status,
        comments: approvalHistory.comments,
        approvedAt: approvalHistory.approvedAt,
      })
      .from(approvalHistory)
      .innerJoin(users, eq(users.id, approvalHistory.approverId))
      .where(eq(approvalHistory.requestId, sql.placeholder('requestId')))
      .orderBy(asc(approvalHistory.approvedAt), asc(approvalHistory.id))
      .prepare(name),
  );
  const rows = await query.execute({ requestId });
  return rows.map((r) => ({
    id: r.id,
    approver: { id: r.approverId, name: r.approverName },
    approverRole: r.approverRole,
    stage: r.stage,
    status: r.status,
    comments: r.comments,
    approvedAt: iso(r.approvedAt),
  }));
}

/** The columns of one photo as the API describes it (the request's list and a fresh upload). */
export const mediaColumns = {
  id: workMedia.id,
  storageKey: workMedia.storageKey,
  thumbKey: workMedia.thumbKey,
  mimeType: workMedia.mimeType,
  width: workMedia.width,
  height: workMedia.height,
  sizeBytes: workMedia.sizeBytes,
  uploadedById: workMedia.uploadedById,
  uploadedByName: users.name,
  uploadedAt: workMedia.uploadedAt,
};

export async function mediaRowsOf(db: Tx, requestId: string) {
  const query = preparedOnce(db, 'media', (name) =>
    db
      .select(mediaColumns)
      .from(workMedia)
      .innerJoin(users, eq(users.id, workMedia.uploadedById))
      .where(eq(workMedia.requestId, sql.placeholder('requestId')))
      .orderBy(asc(workMedia.uploadedAt), asc(workMedia.id))
      .prepare(name),
  );
  return query.execute({ requestId });
}
export type MediaRow = Awaited<ReturnType<typeof mediaRowsOf>>[number];

export async function findCustomer(db: Tx, id: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, regionId: customers.regionId })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return row;
}

export async function regionExists(db: Tx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  return !!row;
}

// ------------------------------------------------------------------ technicians

/** A technician's open load, read from the counters: ASSIGNED + IN_PROGRESS. */
const openTasksOf = (userId: SQL | typeof users.id) =>
  sql<number>`coalesce((select sum(${requestCounters.count}) from ${requestCounters}
    where ${requestCounters.kind} = 'assignee' and ${requestCounters.key} = ${userId}
    and ${requestCounters.status} in (${sql.join(
      OPEN_TASK_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})), 0)::int`;

/**
 * Active users whose role carries the Technician policy, in a region, least loaded first, then
 * the one assigned least recently (auto-assign's order, and the assign dialog's).
 */
export async function techniciansOfRegion(db: Tx, regionId: string, onlyId?: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      openTasks: openTasksOf(users.id),
      lastAssignedAt: users.lastAssignedAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        eq(roles.policyRole, ROLE.TECHNICIAN),
        eq(users.regionId, regionId),
        onlyId ? eq(users.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(openTasksOf(users.id)), sql`${users.lastAssignedAt} asc nulls first`, asc(users.name), asc(users.id));
}

export async function markAssigned(db: Tx, technicianId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastAssignedAt: at }).where(eq(users.id, technicianId));
}

// ------------------------------------------------------------------ writes

export type RequestChanges = Partial<
  Pick<
    RequestRow,
    | 'status'
    | 'type'
    | 'description'
    | 'customerId'
    | 'regionId'
    | 'searchText'
    | 'assignedToId'
    | 'approvedById'
    | 'salesApproved'
    | 'assignedAt'
    | 'completedAt'
  >
>;

/**
 * The guarded write every transition goes through: it changes the row only if it is still in
 * the status and version the caller read, so of two concurrent actions exactly one wins.
 */
export async function guardedUpdate(
  db: Tx,
  id: string,
  expected: { status: RequestStatus; version: number },
  changes: RequestChanges,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .update(serviceRequests)
    .set({ ...changes, version: sql`${serviceRequests.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(serviceRequests.id, id),
        eq(serviceRequests.status, expected.status),
        eq(serviceRequests.version, expected.version),
      ),
    )
    .returning();
  return row;
}

export async function insertRequest(db: Tx, values: typeof serviceRequests.$inferInsert): Promise<RequestRow> {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  return row as RequestRow;
}

export async function insertHistory(db: Tx, values: typeof approvalHistory.$inferInsert): Promise<void> {
  await db.insert(approvalHistory).values(values);
}

export async function openWorkLog(db: Tx, requestId: string, technicianId: string): Promise<void> {
  await db.insert(workLogs).values({ requestId, technicianId });
}

/** Closes the open work log of a request; returns how many it closed. */
export async function closeWorkLog(db: Tx, requestId: string, notes: string | null): Promise<number> {
  const rows = await db
    .update(workLogs)
    .set({ endTime: new Date(), notes })
    .where(and(eq(workLogs.requestId, requestId), isNull(workLogs.endTime)))
    .returning({ id: workLogs.id });
  return rows.length;
}

export async function insertClosedWorkLog(
  db: Tx,
  values: { requestId: string; technicianId: string; startTime: Date; notes: string | null },
): Promise<void> {
  await db.insert(workLogs).values({ ...values, endTime: new Date() });
}
