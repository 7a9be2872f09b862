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

/**
 * Queued work (ADR 046): a named job run every `seconds` and whenever `trigger` asks, never two
 * at once. On PostgreSQL a pg-boss queue of policy `stately` (at most one job waiting and one
 * running, so many triggers coalesce), fired every minute by its schedule and by each trigger,
 * fetched by one worker across every process; the work's own state (the outbox's rows, their
 * attempts and next attempt) lives in the app's tables, so a crash loses nothing. On PGlite a
 * timer in this process polls, and a trigger runs it soon.
 */
export interface QueueRunner {
  every(name: string, seconds: number, handler: JobHandler): Promise<void>;
  /** Run the job soon (coalesced with a run already waiting). */
  trigger(name: string): void;
}

export { cronOf, nextDaily } from '#server/lib/daily.ts';

/** PGlite: this process is the only one; croner fires at the time, a run never overlaps itself. */
export class InProcessRunner implements JobRunner, QueueRunner {
  private readonly jobs: Cron[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly queued = new Map<string, { handler: JobHandler; running: boolean; again: boolean }>();
  private stopped = false;
  constructor(private readonly onError: (name: string, err: unknown) => void) {}

  async every(name: string, seconds: number, handler: JobHandler): Promise<void> {
    this.queued.set(name, { handler, running: false, again: false });
    const timer = setInterval(() => this.trigger(name), seconds * 1000);
    timer.unref();
    this.timers.push(timer);
    this.trigger(name);
  }

  trigger(name: string): void {
    const q = this.queued.get(name);
    if (!q || this.stopped) return;
    if (q.running) {
      q.again = true;
      return;
    }
    q.running = true;
    // After the caller's transaction has had its moment to commit.
    setTimeout(async () => {
      try {
        do {
          q.again = false;
          await q.handler();
        } while (q.again && !this.stopped);
      } catch (err) {
        this.onError(name, err);
      } finally {
        q.running = false;
      }
    }, 250).unref();
  }

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
    this.stopped = true;
    for (const job of this.jobs) job.stop();
    for (const t of this.timers) clearInterval(t);
  }
}

/** PostgreSQL: pg-boss in its own schema (`pgboss`), safe across any number of processes. */
export class PgBossRunner implements JobRunner, QueueRunner {
  private readonly boss: PgBoss;
  private started: Promise<unknown> | null = null;
  private stopping = false;

  constructor(
    private readonly connectionString: string,
    private readonly onError: (name: string, err: unknown) => void,
  ) {
    this.boss = new PgBoss({ connectionString, max: 2, schema: 'pgboss' });
    this.boss.on('error', (err) => this.onError('pg-boss', err));
  }

  private start(): Promise<unknown> {
    // A failed start is forgotten, so the next registration starts again.
    this.started ??= dropPgBoss10Schema(this.connectionString)
      .then(() => this.boss.start())
      .catch((err) => {
        this.started = null;
        throw err;
      });
    return this.started;
  }

  /**
   * A registration (start, queue, schedule, worker) retried while the database is away: the
   * server registers its jobs after it is ready, and PostgreSQL restarting at that moment must
   * not lose a schedule nor end the process (fault R6). Each failure is reported; the waits grow
   * from 1 s to 30 s; a stop ends the retries.
   */
  private async registering<T>(name: string, step: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.start();
        return await step();
      } catch (err) {
        if (this.stopping) throw err;
        this.onError(`${name} (registering; retried)`, err);
        await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * 2 ** attempt)).unref());
        if (this.stopping) throw err;
      }
    }
  }

  async every(name: string, seconds: number, handler: JobHandler): Promise<void> {
    await this.registering(name, async () => {
      await this.boss.createQueue(name, { policy: 'stately' });
      // pg-boss's schedule is a cron: at most once a minute; the triggers do the rest.
      await this.boss.schedule(name, '* * * * *');
    });
    await this.registering(name, () =>
      this.boss.work(name, { pollingIntervalSeconds: Math.max(0.5, Math.min(seconds, 2)) }, async () => {
        try {
          await handler();
        } catch (err) {
          this.onError(name, err);
          throw err;
        }
      }),
    );
  }

  trigger(name: string): void {
    if (!this.started) return;
    void this.started.then(() => this.boss.send(name, {}, { startAfter: 1 })).catch((err) => this.onError(name, err));
  }

  async daily(name: string, at: string, timeZone: string, handler: JobHandler): Promise<Date | null> {
    await this.registering(name, async () => {
      await this.boss.createQueue(name, { policy: 'singleton' });
      // Kept in pgboss.schedule (name, cron, timezone): one row per name however many processes start.
      await this.boss.schedule(name, cronOf(at), {}, { tz: timeZone });
    });
    await this.registering(name, () =>
      this.boss.work(name, async () => {
        try {
          await handler();
        } catch (err) {
          this.onError(name, err);
          throw err;
        }
      }),
    );
    return nextDaily(at, timeZone);
  }

  async stop(): Promise<void> {
    this.stopping = true;
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
): JobRunner & QueueRunner {
  return databaseUrl ? new PgBossRunner(databaseUrl, onError) : new InProcessRunner(onError);
}
