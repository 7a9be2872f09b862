/** Backups: SQL only (the counts a restore checks, the snapshot, the record, who is told of a failure). */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { notifications } from '#server/db/schema/activity.ts';
import { backups } from '#server/db/schema/backups.ts';
import { roles, users } from '#server/db/schema/people.ts';
import { isPerson } from '#server/lib/system-accounts.ts';
import type { Counts } from './layout.ts';

/** The rows a restore checks against the manifest, counted in the snapshot's own transaction. */
export async function countRows(db: Tx): Promise<Counts> {
  const res = await db.execute<{ users: number; customers: number; sr: number; wm: number; mo: number }>(sql`
    SELECT (SELECT count(*)::int FROM users) AS users,
           (SELECT count(*)::int FROM customers) AS customers,
           (SELECT count(*)::int FROM service_requests) AS sr,
           (SELECT count(*)::int FROM work_media) AS wm,
           (SELECT count(*)::int FROM media_objects) AS mo`);
  const r = res.rows[0];
  return {
    users: Number(r?.users ?? 0),
    customers: Number(r?.customers ?? 0),
    serviceRequests: Number(r?.sr ?? 0),
    workMedia: Number(r?.wm ?? 0),
    mediaObjects: Number(r?.mo ?? 0),
  };
}

/** PostgreSQL: the snapshot of this REPEATABLE READ transaction, for `pg_dump --snapshot`. */
export async function exportSnapshot(tx: Tx): Promise<string> {
  const res = await tx.execute<{ id: string }>(sql`SELECT pg_export_snapshot() AS id`);
  const id = res.rows[0]?.id;
  if (!id) throw new Error('PostgreSQL exported no snapshot');
  return id;
}

export type BackupRow = typeof backups.$inferSelect;

export async function insertBackup(db: Tx, row: typeof backups.$inferInsert): Promise<BackupRow> {
  const [saved] = await db.insert(backups).values(row).returning();
  if (!saved) throw new Error('the backup record was not saved');
  return saved;
}

export async function latestBackups(db: Tx, limit: number): Promise<BackupRow[]> {
  return db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(limit);
}

/** The active Super Admins (custom roles that carry its rights included), people only, by id. */
export async function superAdminIds(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.status, 'ACTIVE'), isPerson(), eq(roles.policyRole, 'Super Admin')))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

export async function insertNotifications(db: Tx, rows: (typeof notifications.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}
