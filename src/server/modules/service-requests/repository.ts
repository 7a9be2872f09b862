/**
 * Drizzle queries for service requests, their history, work logs, photos and counters: SQL only.
 * Rows come back as the database gives them; mapper.ts turns them into the API's shapes, and the
 * scope (which requests an actor reaches) is decided in scope.ts and arrives here as data.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { placeholdersOf, preparedOnce, statementFor } from '#server/db/prepared.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { approvalHistory, requestCounters, serviceRequests, workLogs, workMedia } from '#server/db/schema/requests.ts';
import { containsPattern } from '#server/lib/paging.ts';
import type { ApprovalEntry } from '#shared/contracts/service-requests.ts';
import { ROLE } from '#shared/domain/roles.ts';
import type { TicketSearch } from '#shared/domain/ticket.ts';
import { OPEN_TASK_STATUSES, type RequestStatus, type RequestType } from '#shared/domain/workflow.ts';
import type { RequestScope } from './scope.ts';

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

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

// ------------------------------------------------------------------ scope

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

const ZERO_KEY = '00000000-0000-0000-0000-000000000000';

export interface CounterCell {
  status: RequestStatus;
  type: RequestType;
  count: number;
}

/** The counter rows (kind, key) that add up to each scope. */
const COUNTER_KIND = { region: 'region', requested: 'requester', assigned: 'assignee' } as const;

/** The (status, type) counts of a scope: O(1) totals whatever the table size. */
export async function readCounters(db: Tx, scope: RequestScope): Promise<CounterCell[]> {
  const query = preparedOnce(db, 'counters', (name) =>
    db
      .select({ status: requestCounters.status, type: requestCounters.type, count: requestCounters.count })
      .from(requestCounters)
      .where(and(eq(requestCounters.kind, sql.placeholder('kind')), eq(requestCounters.key, sql.placeholder('key'))))
      .prepare(name),
  );
  const rowsOf = (kind: string, key: string) => query.execute({ kind, key });
  if (scope.kind === 'all') return rowsOf('all', ZERO_KEY);
  if (scope.kind !== 'technician') return rowsOf(COUNTER_KIND[scope.kind], scope.key);
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
export async function listRequests(db: Tx, f: ListFilter): Promise<SummaryRow[]> {
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
  return query.execute({ ...listParams(f), limit: f.limit, offset: f.offset });
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
): Promise<SummaryRow | undefined> {
  const query = preparedOnce(db, `one|${scope.kind}`, (name) =>
    selectSummaries(db)
      .where(and(eq(serviceRequests.id, sql.placeholder('id')), scopeWhere(scope)))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id, ...scopeParams(scope) });
  return row;
}

/** A photo as the JSON aggregation returns it (timestamps as JSON text). */
export type MediaJson = Omit<MediaRow, 'uploadedAt' | 'takenAt'> & { uploadedAt: string; takenAt: string | null };
export type WorkLogJson = {
  id: string;
  technicianId: string;
  technicianName: string;
  startTime: string;
  endTime: string | null;
  notes: string | null;
  recordedAt: string;
  endRecordedAt: string | null;
};
export type HistoryJson = {
  id: string;
  approverId: string;
  approverName: string;
  approverRole: string;
  stage: string;
  status: ApprovalEntry['status'];
  comments: string | null;
  approvedAt: string;
};

/** One JSON array of a request's child rows, in order; `[]` when it has none. */
const jsonRows = <T>(fields: Record<string, SQL | AnyPgColumn>, from: SQL, orderBy: SQL) =>
  sql<T[]>`coalesce((select json_agg(json_build_object(${sql.join(
    Object.entries(fields).map(([k, v]) => sql`${sql.raw(`'${k}'`)}, ${v}`),
    sql`, `,
  )}) order by ${orderBy}) ${from}), '[]'::json)`;

const detailsColumns = {
  ...summaryColumns,
  workLogs: jsonRows<WorkLogJson>(
    {
      id: workLogs.id,
      technicianId: workLogs.technicianId,
      technicianName: users.name,
      startTime: workLogs.startTime,
      endTime: workLogs.endTime,
      notes: workLogs.notes,
      recordedAt: workLogs.recordedAt,
      endRecordedAt: workLogs.endRecordedAt,
    },
    sql`from ${workLogs} inner join ${users} on ${users.id} = ${workLogs.technicianId} where ${workLogs.requestId} = ${serviceRequests.id}`,
    sql`${workLogs.startTime} asc, ${workLogs.id} asc`,
  ),
  approvalHistory: jsonRows<HistoryJson>(
    {
      id: approvalHistory.id,
      approverId: approvalHistory.approverId,
      approverName: users.name,
      approverRole: approvalHistory.approverRole,
      stage: approvalHistory.stage,
      status: approvalHistory.status,
      comments: approvalHistory.comments,
      approvedAt: approvalHistory.approvedAt,
    },
    sql`from ${approvalHistory} inner join ${users} on ${users.id} = ${approvalHistory.approverId} where ${approvalHistory.requestId} = ${serviceRequests.id}`,
    sql`${approvalHistory.approvedAt} asc, ${approvalHistory.id} asc`,
  ),
  workMedia: jsonRows<MediaJson>(
    mediaColumnsOf(),
    sql`from ${workMedia} inner join ${users} on ${users.id} = ${workMedia.uploadedById} where ${workMedia.requestId} = ${serviceRequests.id}`,
    sql`${workMedia.uploadedAt} asc, ${workMedia.id} asc`,
  ),
  /** The installed unit it is about (issue 21): the details page shows the purifier. */
  unitId: serviceRequests.unitId,
};

export type DetailsRow = SummaryRow & {
  workLogs: WorkLogJson[];
  approvalHistory: HistoryJson[];
  workMedia: MediaJson[];
  unitId: string | null;
};

/**
 * One request with its work logs, approval history and photos, in ONE statement (each child
 * list a json_agg subquery), if it exists within `scope`: the details page, and the answer of
 * every change (docs/performance.md).
 */
export async function findDetails(
  db: Tx,
  id: string,
  scope: RequestScope = { kind: 'all' },
): Promise<DetailsRow | undefined> {
  const query = preparedOnce(db, `details|${scope.kind}`, (name) =>
    db
      .select(detailsColumns)
      .from(serviceRequests)
      .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
      .where(and(eq(serviceRequests.id, sql.placeholder('id')), scopeWhere(scope)))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id, ...scopeParams(scope) });
  return row as DetailsRow | undefined;
}

/** The row as it is now (a transition that lost its guarded UPDATE reads it once, to explain). */
export async function findRow(db: Tx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1);
  return row;
}

/** The request row, locked against concurrent transitions until the transaction ends. */
export async function lockRow(db: Tx, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1).for('share');
  return row;
}

/** The columns of one photo as the API describes it (the request's list and a fresh upload). */
function mediaColumnsOf() {
  return {
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
    takenAt: workMedia.takenAt,
  };
}
export const mediaColumns = mediaColumnsOf();

/** A photo's row, written once both of its files are stored; returns its id. */
export async function insertMedia(db: Tx, values: typeof workMedia.$inferInsert): Promise<string> {
  const [row] = await db.insert(workMedia).values(values).returning({ id: workMedia.id });
  return (row as { id: string }).id;
}

/** One photo with its uploader's name (the answer of an upload). */
export async function findMedia(db: Tx, id: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select(mediaColumns)
    .from(workMedia)
    .innerJoin(users, eq(users.id, workMedia.uploadedById))
    .where(eq(workMedia.id, id))
    .limit(1);
  return row as MediaRow | undefined;
}

/**
 * Serialises assignments within a region until the transaction ends, so two assignments at once
 * see each other's load (auto-assign picks the least loaded technician).
 */
export async function lockRegionAssignments(db: Tx, regionId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`assign:${regionId}`}))`);
}

export type MediaRow = {
  id: string;
  storageKey: string;
  thumbKey: string;
  mimeType: string;
  width: number;
  height: number;
  sizeBytes: number;
  uploadedById: string;
  uploadedByName: string;
  uploadedAt: Date;
  takenAt: Date | null;
};

export async function findCustomer(db: Tx, id: string) {
  const query = statementFor(db, 'find-customer', (h) =>
    (h as Tx)
      .select({ id: customers.id, name: customers.name, regionId: customers.regionId })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('id')))
      .limit(1),
  );
  const [row] = await query.execute({ id });
  return row;
}

export async function regionExists(db: Tx, id: string): Promise<boolean> {
  const query = statementFor(db, 'region-exists', (h) =>
    (h as Tx)
      .select({ id: regions.id })
      .from(regions)
      .where(eq(regions.id, sql.placeholder('id')))
      .limit(1),
  );
  const [row] = await query.execute({ id });
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
    | 'unitId'
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
  // Built once per set of changed columns (prepared.ts); the guard's values are placeholders.
  const values = { ...changes, updatedAt: new Date() };
  const p = placeholdersOf(values);
  const query = statementFor(db, `guarded-update|${p.shape}`, (h) =>
    (h as Tx)
      .update(serviceRequests)
      .set({ ...p.values, version: sql`${serviceRequests.version} + 1` })
      .where(
        and(
          eq(serviceRequests.id, sql.placeholder('$id')),
          eq(serviceRequests.status, sql.placeholder('$status')),
          eq(serviceRequests.version, sql.placeholder('$version')),
        ),
      )
      .returning(),
  );
  const [row] = await query.execute({ ...values, $id: id, $status: expected.status, $version: expected.version });
  return row;
}

export async function insertRequest(db: Tx, values: typeof serviceRequests.$inferInsert): Promise<RequestRow> {
  const p = placeholdersOf(values);
  const query = statementFor(db, `insert-request|${p.shape}`, (h) =>
    (h as Tx).insert(serviceRequests).values(p.values).returning(),
  );
  const [row] = await query.execute(values);
  return row as RequestRow;
}

/** Many requests in one statement (issue 21: the due jobs of a batch). */
export async function insertRequests(db: Tx, values: (typeof serviceRequests.$inferInsert)[]): Promise<RequestRow[]> {
  if (values.length === 0) return [];
  return db.insert(serviceRequests).values(values).returning();
}

export async function insertHistories(db: Tx, values: (typeof approvalHistory.$inferInsert)[]): Promise<void> {
  if (values.length) await db.insert(approvalHistory).values(values);
}

export async function setUnit(db: Tx, id: string, unitId: string): Promise<void> {
  await db.update(serviceRequests).set({ unitId }).where(eq(serviceRequests.id, id));
}

export async function insertHistory(db: Tx, values: typeof approvalHistory.$inferInsert): Promise<void> {
  const p = placeholdersOf(values);
  await statementFor(db, `insert-history|${p.shape}`, (h) =>
    (h as Tx).insert(approvalHistory).values(p.values),
  ).execute(values);
}

/**
 * Opens a work log at the technician's time (`startTime`, ADR 027); the server's is recordedAt.
 * Without a client time both are the database's now().
 */
export async function openWorkLog(
  db: Tx,
  requestId: string,
  technicianId: string,
  startTime: Date | null,
): Promise<void> {
  await db.insert(workLogs).values({ requestId, technicianId, ...(startTime ? { startTime } : {}) });
}

/**
 * Closes the open work log of a request at the technician's time, never before its start (a
 * phone whose clock is behind the server's); returns how many it closed.
 */
export async function closeWorkLog(
  db: Tx,
  requestId: string,
  notes: string | null,
  endTime: Date | null,
): Promise<number> {
  const end = endTime ? sql`${endTime.toISOString()}::timestamptz` : sql`now()`;
  const rows = await db
    .update(workLogs)
    .set({ endTime: sql`greatest(${workLogs.startTime}, ${end})`, notes, endRecordedAt: sql`now()` })
    .where(and(eq(workLogs.requestId, requestId), isNull(workLogs.endTime)))
    .returning({ id: workLogs.id });
  return rows.length;
}

export async function insertClosedWorkLog(
  db: Tx,
  values: { requestId: string; technicianId: string; startTime: Date; endTime: Date | null; notes: string | null },
): Promise<void> {
  const endTime = values.endTime ?? new Date();
  const startTime = values.startTime > endTime ? endTime : values.startTime;
  await db.insert(workLogs).values({ ...values, startTime, endTime, endRecordedAt: sql`now()` });
}

/**
 * Was this request ever assigned to this technician before its current assignee? The assignment's
 * audit row names the technician it replaced (request.assign / request.auto_assign details); the
 * lookup walks the audit log's (entity_type, entity_id) index.
 */
export async function wasAssignedTo(db: Tx, requestId: string, technicianId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'service_request'),
        eq(auditLog.entityId, requestId),
        inArray(auditLog.action, ['request.assign', 'request.auto_assign']),
        sql`${auditLog.details}->>'previousTechnicianId' = ${technicianId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
