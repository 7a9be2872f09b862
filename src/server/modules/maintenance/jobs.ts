/**
 * One job runner for all background work (ADR 024). On PostgreSQL, pg-boss (12.x, on Node 22.12 and
 * later: ADR 032): its cron schedule is kept in the database and fired once across every process, and each job is fetched by one worker (SKIP LOCKED). On PGlite (one connection, no
 * LISTEN, one process by construction: the data directory is locked) an in-process runner with
 * croner for the times. Both run the same handlers; what must never happen twice is decided by
 * the handlers' own unique keys, not by the runner.
 */
import { Cron } from 'croner';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { cronOf, nextDaily } from '#server/lib/daily.ts';

export type JobHandler = () => Promise<unknown>;

export interface JobRunner {
  /** A named job at a daily time (`HH:MM` in `timeZone`); answers when it fires next. */
  daily(name: string, at: string, timeZone: string, handler: JobHandler): Promise<Date | null>;
  stop(): Promise<void>;
}

export { cronOf, nextDaily } from '#server/lib/daily.ts';

/** PGlite: this process is the only one; croner fires at the time, a run never overlaps itself. */
export class InProcessRunner implements JobRunner {
  private readonly jobs: Cron[] = [];
  constructor(private readonly onError: (name: string, err: unknown) => void) {}

  async daily(name: string, at: string, timeZone: string, handler: JobHandler): Promise<Date | null> {
    const job = new Cron(
      cronOf(at),
      { name, timezone: timeZone, protect: true, catch: (err) => this.onError(name, err) },
      async () => {
        await handler();
      },
    );
    this.jobs.push(job);
    return job.nextRun();
  }

  async stop(): Promise<void> {
    for (const job of this.jobs) job.stop();
  }
}

/** PostgreSQL: pg-boss in its own schema (`pgboss`), safe across any number of processes. */
export class PgBossRunner implements JobRunner {
  private readonly boss: PgBoss;
  private started: Promise<unknown> | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly onError: (name: string, err: unknown) => void,
  ) {
    this.boss = new PgBoss({ connectionString, max: 2, schema: 'pgboss' });
    this.boss.on('error', (err) => this.onError('pg-boss', err));
  }

  async daily(name: string, at: string, timeZone: string, handler: JobHandler): Promise<Date | null> {
    this.started ??= dropPgBoss10Schema(this.connectionString).then(() => this.boss.start());
    await this.started;
    await this.boss.createQueue(name, { policy: 'singleton' });
    // Kept in pgboss.schedule (name, cron, timezone): one row per name however many processes start.
    await this.boss.schedule(name, cronOf(at), {}, { tz: timeZone });
    await this.boss.work(name, async () => {
      try {
        await handler();
      } catch (err) {
        this.onError(name, err);
        throw err;
      }
    });
    return nextDaily(at, timeZone);
  }

  async stop(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true });
  }
}

/**
 * pg-boss 12 migrates its schema only from version 25 (pg-boss 11) on; AquaDesk ran pg-boss 10
 * (schema version 24) until ADR 032. That schema holds nothing the app needs to keep: the
 * schedules are written again by every start (`schedule` above) and the jobs are the finished
 * daily runs (their results are in the app's own tables). So an installation still on version 24
 * drops it once, under an advisory lock so that two processes starting together drop it once,
 * and pg-boss 12 creates its own. Stop every process of the old version before the upgrade
 * (docs/deploy.md): an old process left running would find its schema gone.
 */
export async function dropPgBoss10Schema(connectionString: string, schema = 'pgboss'): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('aquadesk:pg-boss-upgrade'))");
    const table = await client.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${schema}.version`]);
    const found = table.rows[0]?.t
      ? await client.query<{ version: string }>(`SELECT version FROM ${client.escapeIdentifier(schema)}.version`)
      : null;
    const version = found?.rows[0] ? Number(found.rows[0].version) : null;
    const old = version !== null && version < 25;
    if (old) await client.query(`DROP SCHEMA ${client.escapeIdentifier(schema)} CASCADE`);
    await client.query('COMMIT');
    return old;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

export function jobRunnerFor(
  databaseUrl: string | undefined,
  onError: (name: string, err: unknown) => void,
): JobRunner {
  return databaseUrl ? new PgBossRunner(databaseUrl, onError) : new InProcessRunner(onError);
}
