/**
 * The workflow's rows beside the request's own: approval history, work logs, the technicians of a
 * region and their assignment, and what the audit trail says about earlier assignments: SQL only.
 */
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { placeholdersOf, statementFor } from '#server/db/prepared.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { roles, users } from '#server/db/schema/people.ts';
import { approvalHistory, requestCounters, workLogs } from '#server/db/schema/requests.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { OPEN_TASK_STATUSES } from '#shared/domain/workflow.ts';

/**
 * Serialises assignments within a region until the transaction ends, so two assignments at once
 * see each other's load (auto-assign picks the least loaded technician).
 */
export async function lockRegionAssignments(db: Tx, regionId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`assign:${regionId}`}))`);
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

// ------------------------------------------------------------------ history and work logs

export async function insertHistories(db: Tx, values: (typeof approvalHistory.$inferInsert)[]): Promise<void> {
  if (values.length) await db.insert(approvalHistory).values(values);
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

/** When the request's open work log started (the earliest, should there be several), or null. */
export async function openWorkLogStart(db: Tx, requestId: string): Promise<Date | null> {
  const [row] = await db
    .select({ start: sql<Date | null>`min(${workLogs.startTime})`.mapWith(workLogs.startTime) })
    .from(workLogs)
    .where(and(eq(workLogs.requestId, requestId), isNull(workLogs.endTime)));
  return row?.start ? new Date(row.start) : null;
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

/**
 * When this technician first held the request, by the assignments' audit rows: the first that
 * assigned it to them, and the first that took it from them (its details' `technicianId` and
 * `previousTechnicianId`). A start queued before a reassignment away and back is dated in the
 * first holding (issue 31 item 3). Null where there is no such row.
 */
export async function firstHeldBy(
  db: Tx,
  requestId: string,
  technicianId: string,
): Promise<{ firstAssigned: Date | null; firstLeft: Date | null }> {
  const firstWhere = (field: string) =>
    sql<Date | null>`min(${auditLog.at}) filter (where ${auditLog.details}->>${field} = ${technicianId})`.mapWith(
      auditLog.at,
    );
  const [row] = await db
    .select({ firstAssigned: firstWhere('technicianId'), firstLeft: firstWhere('previousTechnicianId') })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'service_request'),
        eq(auditLog.entityId, requestId),
        inArray(auditLog.action, ['request.assign', 'request.auto_assign']),
      ),
    );
  const date = (v: Date | null | undefined) => (v == null ? null : new Date(v));
  return { firstAssigned: date(row?.firstAssigned), firstLeft: date(row?.firstLeft) };
}
