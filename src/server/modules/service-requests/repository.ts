/**
 * Drizzle queries for service requests: the summaries, the scope as SQL, the counters, the lists,
 * one request's row, and the row's writes (the guarded update every change goes through): SQL
 * only. One request's details and photos are in details.repository.ts, the workflow's other rows
 * (history, work logs, assignment) in workflow.repository.ts. Rows come back as the database gives
 * them; mapper.ts turns them into the API's shapes, and the scope (which requests an actor
 * reaches) is decided in scope.ts and arrives here as data.
 */
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { placeholdersOf, preparedOnce, statementFor } from '#server/db/prepared.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { requestCounters, serviceRequests } from '#server/db/schema/requests.ts';
import { streamRows } from '#server/db/stream.ts';
import { containsPattern } from '#server/lib/paging.ts';
import type { ProofKind } from '#shared/domain/messages.ts';
import type { TicketSearch } from '#shared/domain/ticket.ts';
import type { RequestStatus, RequestType } from '#shared/domain/workflow.ts';
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

export const summaryColumns = {
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
  /** What an auto-raised job is (ADR 035), or null. */
  job: serviceRequests.job,
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
export function scopeWhere(scope: RequestScope): SQL | undefined {
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

export const scopeParams = (scope: RequestScope) => (scope.kind === 'all' ? {} : { scopeKey: scope.key });

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
   * Only those completed without proof (`proof=none`, ADR 047): the partial index
   * service_requests_no_proof's own predicate, written as literals so the planner can use it.
   */
  noProof?: boolean;
  /**
   * With a search that matches few requests (known from its count): sort just the matches
   * instead of walking the newest-first index (SORT_MATCHES_UP_TO).
   */
  sortMatches?: boolean;
  limit: number;
  offset: number;
}

export type Shape = Omit<ListFilter, 'limit' | 'offset'>;

/** What changes a list statement's SQL text. */
const shapeOf = (f: Shape) =>
  `${f.scope.kind}|${f.status ? 's' : ''}|${f.statuses?.join(',') ?? ''}|${f.search ? 'q' : ''}${f.sortMatches ? 'm' : ''}` +
  `${f.ticket ? (f.ticket.prefixed ? 'T' : 't') : ''}${f.mineOf ? '|me' : ''}${f.noProof ? '|np' : ''}`;

function searchWhere(f: Shape): SQL | undefined {
  if (!f.search) return undefined;
  const text = ilike(serviceRequests.searchText, sql.placeholder('pattern'));
  if (!f.ticket) return text;
  const ticket = eq(serviceRequests.ticketNo, sql.placeholder('ticketNo'));
  return f.ticket.prefixed ? ticket : or(ticket, text);
}

/** Completed without proof: the predicate of the partial index service_requests_no_proof (migration 0018). */
const NO_PROOF = sql`${serviceRequests.proof} is null and ${serviceRequests.status} in ('WORK_COMPLETED', 'COMPLETED')`;

function listWhere(f: Shape): SQL | undefined {
  return and(
    scopeWhere(f.scope),
    f.mineOf ? eq(serviceRequests.requestedById, sql.placeholder('mine')) : undefined,
    f.status ? eq(serviceRequests.status, sql.placeholder('status')) : undefined,
    f.statuses ? inArray(serviceRequests.status, [...f.statuses]) : undefined,
    searchWhere(f),
    f.noProof ? NO_PROOF : undefined,
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

/**
 * Every request a filter matches, newest first as the list shows them, read as they are used:
 * the export's rows (db/stream.ts, ADR 037). The list's SELECT, WHERE and ORDER BY without LIMIT;
 * a keyset batch (PGlite) starts after the last row by its exact created_at, read by primary key.
 */
export function streamRequests(db: Tx, f: Shape): AsyncGenerator<SummaryRow> {
  return streamRows<SummaryRow>(db, {
    statement(page) {
      const last = page?.after?.id;
      const after = last
        ? sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < ((select sr.created_at from service_requests sr where sr.id = ${last}), ${last})`
        : undefined;
      const q = selectSummaries(db)
        .where(and(listWhere(f), after))
        .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
        .$dynamic();
      return { select: page ? q.limit(page.limit) : q, values: listParams(f) };
    },
  });
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

export async function findCustomer(db: Tx, id: string) {
  const query = statementFor(db, 'find-customer', (h) =>
    (h as Tx)
      .select({ id: customers.id, name: customers.name, regionId: customers.regionId })
      .from(customers)
      // A customer merged into another (ADR 038) takes no new request.
      .where(and(eq(customers.id, sql.placeholder('id')), isNull(customers.mergedAt)))
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
    | 'job'
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

export async function setUnit(db: Tx, id: string, unitId: string): Promise<void> {
  await db.update(serviceRequests).set({ unitId }).where(eq(serviceRequests.id, id));
}

/** What proved the completion (issue 35 item 1, ADR 047), in the completion's transaction. */
export async function setProof(db: Tx, id: string, proof: ProofKind): Promise<void> {
  await db.update(serviceRequests).set({ proof }).where(eq(serviceRequests.id, id));
}
