/**
 * Operations: SQL only. The readiness probe's `select 1`, the PostgreSQL rate-limit store's
 * counter and sweep, and the advisory lock the migrating process holds.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ASYNC_COMMIT } from '#server/db/async-commit.ts';
import type { Database, Db } from '#server/db/client.ts';

/**
 * One key for every AquaDesk process on a database: only one migrates and seeds at a time
 * (scripts/migrate-to-postgres.ts takes it too, so a server starting on its target waits).
 */
export const MIGRATION_LOCK_KEY = 0x41_51_44_4b; // 'AQDK'

/** The cheapest statement the database must answer (GET /api/ready). */
export async function selectOne(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Adds one hit to `key` in a window of `windowMs`; returns the hits in the window and the ms left.
 *
 * The counter is committed with `synchronous_commit = off`: every attempt from one client updates
 * the same row, so waiting for the WAL flush would hold that row's lock for a disk flush per
 * attempt and queue a client's requests behind each other. A crash can forget the last few hits
 * (a fraction of a second of them), which a rate limit can afford; the data it guards cannot be
 * touched by it.
 *
 * One statement, one round trip (issue 39; it was BEGIN, SET LOCAL, the upsert and COMMIT):
 * `ASYNC_COMMIT` (db/async-commit.ts) sets the setting for the statement's own implicit transaction, whose commit reads
 * it. `db` is never a caller's transaction (that commit would not wait for its flush either).
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const res = await db.execute<{ hits: number; ttl: number }>(sql`
    INSERT INTO rate_limit_hits AS r (key, hits, reset_at)
    SELECT ${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}) FROM ${ASYNC_COMMIT}
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM (reset_at - clock_timestamp())) * 1000))::int AS ttl`);
  const row = res.rows[0];
  return { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? windowMs) };
}

/** Expired rate-limit windows, a minute after they ended. */
export function sweepRateLimits(db: Db): Promise<unknown> {
  return db.execute(sql`DELETE FROM rate_limit_hits WHERE reset_at < clock_timestamp() - interval '1 minute'`);
}

/**
 * Runs `work` holding the migration lock: on PostgreSQL a session advisory lock on a connection
 * of its own, so replicas that start together take turns; the embedded database is one process.
 */
export async function withMigrationLock(database: Database, work: () => Promise<void>): Promise<void> {
  if (database.kind !== 'postgres' || !database.url) return work();
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
