/** The append-only audit trail (who, what, when, from where). */

import type { SQL } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { placeholdersOf, statementFor } from '#server/db/prepared.ts';
import { auditLog } from '#server/db/schema/activity.ts';

export interface AuditEntry {
  actorId?: string | null;
  actorEmail?: string | null;
  action: string;
  entityType?: string;
  entityId?: string | null;
  ip?: string | null;
  outcome?: 'ok' | 'denied' | 'failed';
  details?: Record<string, unknown>;
}

/** The row an entry is written as (one place for `audit` and `auditMany`). */
function rowOf(entry: AuditEntry) {
  return {
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    ip: entry.ip ?? null,
    outcome: entry.outcome ?? 'ok',
    details: entry.details ?? null,
  };
}

export async function audit(db: Tx, entry: AuditEntry): Promise<void> {
  const row = rowOf(entry);
  // Every write audits: its INSERT is built once per set of null columns (prepared.ts).
  const p = placeholdersOf(row);
  await statementFor(db, `audit|${p.shape}`, (h) => (h as Tx).insert(auditLog).values(p.values)).execute(row);
}

/**
 * An entry's INSERT as a statement fragment, for a caller that writes it inside its own statement
 * (a data-modifying WITH: the sign-in's session, ADR 051). The same row as `audit` writes.
 */
export function auditInsertSql(db: Tx, entry: AuditEntry): SQL {
  return db.insert(auditLog).values(rowOf(entry)).getSQL();
}

/** Many audit rows in one statement (a batch of system writes, issue 21). */
export async function auditMany(db: Tx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map(rowOf));
}
