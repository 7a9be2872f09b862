/**
 * A @fastify/rate-limit store in PostgreSQL, so a limit (sign-in attempts per client per minute)
 * holds across every server process behind a load balancer: one row per route and client with
 * a fixed window, counted by a single upsert. app.ts uses it when the database is PostgreSQL;
 * the embedded database is one process, where the plugin's in-memory store is exact already.
 *
 * Windows are fixed (like the in-memory store); `continueExceeding` and `exponentialBackoff` are
 * not supported (no route uses them). Expired rows are swept at most every few minutes.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Adds one hit to `key` in a window of `windowMs`; returns the hits in the window and the ms left.
 *
 * The counter is committed with `synchronous_commit = off`: every attempt from one client updates
 * the same row, so waiting for the WAL flush would hold that row's lock for a disk flush per
 * attempt and queue a client's requests behind each other. A crash can forget the last few hits
 * (a fraction of a second of them), which a rate limit can afford; the data it guards cannot be
 * touched by it.
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const res = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return tx.execute<{ hits: number; ttl: number }>(sql`
    INSERT INTO rate_limit_hits AS r (key, hits, reset_at)
    VALUES (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM (reset_at - clock_timestamp())) * 1000))::int AS ttl`);
  });
  const row = res.rows[0];
  return { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? windowMs) };
}

export function postgresRateLimitStore(db: Db, onError: (err: unknown) => void = () => {}): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    db.execute(sql`DELETE FROM rate_limit_hits WHERE reset_at < clock_timestamp() - interval '1 minute'`).catch(
      onError,
    );
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      sweep();
      hit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    /** One key space per route, as the plugin's own stores keep (it passes the route as `routeInfo`). */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method}${route?.url ?? ''}:`);
    }
  }
  return PostgresRateLimitStore;
}
