/**
 * One job runner for all background work (ADR 024). On PostgreSQL, pg-boss (10.x, the line that
 * supports Node 20): its cron schedule is kept in the database and fired once across every
 * process, and each job is fetched by one worker (SKIP LOCKED). On PGlite (one connection, no
 * LISTEN, one process by construction: the data directory is locked) an in-process runner with
 * croner for the times. Both run the same handlers; what must never happen twice is decided by
 * the handlers' own unique keys, not by the runner.
 */
import { Cron } from 'croner';
import PgBoss from 'pg-boss';

export type JobHandler = () => Promise<unknown>;

export interface JobRunner {
  /** A named job at a daily time (`HH:MM` in `timeZone`); answers when it fires next. */
  daily(name: string, at: string, timeZone: string, handler: JobHandler): Promise<Date | null>;
  stop(): Promise<void>;
}

/** The cron expression of a daily `HH:MM` (minute hour, every day): '06:00' is '0 6 * * *'. */
export function cronOf(at: string): string {
  const [h, m] = at.split(':').map(Number);
  return `${m ?? 0} ${h ?? 6} * * *`;
}

/** When a daily `HH:MM` in `timeZone` next comes after `from` (croner reads the same expression). */
export function nextDaily(at: string, timeZone: string, from: Date = new Date()): Date | null {
  return new Cron(cronOf(at), { timezone: timeZone, paused: true }).nextRun(from);
}

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
    connectionString: string,
    private readonly onError: (name: string, err: unknown) => void,
  ) {
    this.boss = new PgBoss({ connectionString, max: 2, schema: 'pgboss' });
    this.boss.on('error', (err) => this.onError('pg-boss', err));
  }

  async daily(name: string, at: string, timeZone: string, handler: JobHandler): Promise<Date | null> {
    this.started ??= this.boss.start();
    await this.started;
    await this.boss.createQueue(name, { name, policy: 'singleton' });
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
    if (this.started) await this.boss.stop({ graceful: true, wait: true });
  }
}

export function jobRunnerFor(
  databaseUrl: string | undefined,
  onError: (name: string, err: unknown) => void,
): JobRunner {
  return databaseUrl ? new PgBossRunner(databaseUrl, onError) : new InProcessRunner(onError);
}
