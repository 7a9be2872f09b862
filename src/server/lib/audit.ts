/** The append-only audit trail (who, what, when, from where). */

import type { Tx } from '#server/db/client.ts';
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

export async function audit(db: Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    ip: entry.ip ?? null,
    outcome: entry.outcome ?? 'ok',
    details: entry.details ?? null,
  });
}

/** Many audit rows in one statement (a batch of system writes, issue 21). */
export async function auditMany(db: Tx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId ?? null,
      actorEmail: entry.actorEmail ?? null,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId ?? null,
      ip: entry.ip ?? null,
      outcome: entry.outcome ?? 'ok',
      details: entry.details ?? null,
    })),
  );
}
