/** The audit trail's SQL: one page of entries, newest first, and how many match. */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { users } from '#server/db/schema/people.ts';
import { containsPattern, type Window } from '#server/lib/paging.ts';

export interface AuditFilter {
  action?: string;
  outcome?: 'ok' | 'denied' | 'failed';
  search?: string;
}

const whereOf = (f: AuditFilter) =>
  and(
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.outcome ? eq(auditLog.outcome, f.outcome) : undefined,
    f.search
      ? or(ilike(auditLog.actorEmail, containsPattern(f.search)), ilike(auditLog.action, containsPattern(f.search)))
      : undefined,
  );

/** One page of entries (with the actor's name and, for old rows, e-mail) and the total, in parallel. */
export async function listAudit(db: Db, filter: AuditFilter, window: Window) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorName: users.name,
        actorEmail: sql<string | null>`coalesce(${auditLog.actorEmail}, ${users.email})`,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        ip: auditLog.ip,
        outcome: auditLog.outcome,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
