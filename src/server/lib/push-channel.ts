/**
 * The one PostgreSQL channel every process listens on (modules/notifications/push.ts): pushes to
 * users with new notifications, revoked sessions, and changes to users and roles that the actor
 * caches drop (ADR 008, ADR 021). A notify inside a transaction goes out on its commit.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { rawStatementFor } from '#server/db/prepared.ts';
import { type AuthChange, announceLocally, changesOf } from './actor-cache.ts';

export const PUSH_CHANNEL = 'aquadesk_notifications';

/** Users per push: pg_notify payloads are limited to 8000 bytes. */
export const PUSH_BATCH = 150;

/** The payload of a push to these users (at most PUSH_BATCH). */
export const pushPayload = (userIds: string[]) => JSON.stringify({ users: userIds });

/** Queue a push to these users: delivered on commit, to every server process listening. */
export async function publish(tx: Tx, userIds: string[]): Promise<void> {
  const query = rawStatementFor(
    tx,
    'pg-notify',
    () => sql`SELECT pg_notify(${PUSH_CHANNEL}, ${sql.placeholder('payload')})`,
  );
  for (let i = 0; i < userIds.length; i += PUSH_BATCH) {
    await query.execute({ payload: pushPayload(userIds.slice(i, i + PUSH_BATCH)) });
  }
}

/**
 * Announce revoked sessions (one, or all of a user's but `except`): every process ends their
 * open streams (ADR 008). In a transaction it goes out on commit, otherwise at once.
 */
export async function publishRevoked(
  tx: Tx,
  revoked: { user: string; session?: string; except?: string },
): Promise<void> {
  // The actor caches drop the sessions too (ADR 021): this process's at once, the others on commit.
  for (const change of changesOf({ revoked })) announceLocally(change);
  await tx.execute(sql`SELECT pg_notify(${PUSH_CHANNEL}, ${JSON.stringify({ revoked })})`);
}

/**
 * Announce a change to a user (status, role, region, name, e-mail) or to a role, in the
 * transaction that makes it: this process's actor cache drops the matching entries at once and
 * keeps them out until the commit, every process's drops them when the notification arrives
 * (ADR 021).
 */
export async function announceAuthChange(tx: Tx, auth: AuthChange): Promise<void> {
  announceLocally(auth);
  await tx.execute(sql`SELECT pg_notify(${PUSH_CHANNEL}, ${JSON.stringify({ auth })})`);
}
