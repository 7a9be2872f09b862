/**
 * Ending a user's sessions: the one statement every caller uses (auth's sign-out everywhere and
 * password change, user deactivation, the seed's DEMO=off). It lives in lib because the seed sits
 * below the modules and may import none (scripts/check-imports.ts, rule 2).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { refreshSessions } from '#server/db/schema/people.ts';
import { publishRevoked } from './push-channel.ts';

/** Revokes a user's sessions but `exceptId`; their open notification streams end too. */
export async function revokeAllSessions(db: Tx, userId: string, reason: string, exceptId?: string) {
  await db
    .update(refreshSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(refreshSessions.userId, userId),
        sql`${refreshSessions.revokedAt} IS NULL`,
        exceptId ? sql`${refreshSessions.id} <> ${exceptId}` : undefined,
      ),
    );
  // Announced even when no row changed: a stream may outlive its session's expiry row.
  await publishRevoked(db, { user: userId, ...(exceptId ? { except: exceptId } : {}) });
}
