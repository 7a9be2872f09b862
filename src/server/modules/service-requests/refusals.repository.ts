/**
 * The counters of the offline queue's refusals (issue 31 item 4), fixed windows in
 * `rate_limit_hits` (the table the rate limiter and the sign-in's account counter use): SQL only.
 * - `queued-refusals:<user>`: a user's refusals in the current minute (the 429 budget).
 * - `offline-refused:<request>:<user>:<action>`: refusals of one write in the current hour (the
 *   office is told, and the audit row written, by the first only).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';

const budgetKey = (userId: string) => `queued-refusals:${userId}`;
const refusedKey = (requestId: string, userId: string, action: string) =>
  `offline-refused:${requestId}:${userId}:${action}`;

/**
 * Counts one hit in the key's window (a new window when it has ended); returns the count, the
 * window's end and the milliseconds left in it.
 */
async function hit(db: Db | Tx, key: string, windowMs: number): Promise<{ hits: number; window: string; ttl: number }> {
  const res = await db.execute<{ hits: number; window: string; ttl: number }>(sql`
    INSERT INTO rate_limit_hits AS r (key, hits, reset_at)
    VALUES (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING hits, reset_at::text AS window,
      greatest(0, ceil(extract(epoch FROM (reset_at - clock_timestamp())) * 1000))::int AS ttl`);
  const row = res.rows[0];
  return { hits: Number(row?.hits ?? 1), window: String(row?.window ?? ''), ttl: Number(row?.ttl ?? windowMs) };
}

/** Reserves one refusal of the user's budget: the count in the window, this one included. */
export function reserveRefusal(db: Db, userId: string, windowMs: number) {
  return hit(db, budgetKey(userId), windowMs);
}

/** Gives a reservation back, only to the window it was taken from (as the sign-in's counter does). */
export async function releaseRefusal(db: Db, userId: string, window: string): Promise<void> {
  await db.execute(
    sql`UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = ${budgetKey(userId)} AND reset_at = ${window}::timestamptz AND reset_at > clock_timestamp()`,
  );
}

/**
 * Counts one refusal of this write in its window, inside the caller's transaction: 1 for the first
 * (a parallel second waits on the row until the first commits, then counts 2; if the first rolls
 * back, the second is the first).
 */
export async function countRefused(
  tx: Tx,
  requestId: string,
  userId: string,
  action: string,
  windowMs: number,
): Promise<number> {
  return (await hit(tx, refusedKey(requestId, userId, action), windowMs)).hits;
}

/** Drops this module's windows that have ended (called when a new refusal window starts). */
export async function sweepRefusalWindows(tx: Tx): Promise<void> {
  await tx.execute(
    sql`DELETE FROM rate_limit_hits WHERE (key LIKE 'offline-refused:%' OR key LIKE 'queued-refusals:%') AND reset_at < clock_timestamp() - interval '1 minute'`,
  );
}
