/**
 * The daily trigger of the maintenance run (issue 21 item 6, ADR 024), apart from the on-demand
 * run: MAINTENANCE_RUN_AT (default 06:00) is a time in TZ (default Asia/Kolkata), so the default
 * run fires at 00:30 UTC, not at 06:00 UTC.
 * - in process (PGlite): croner fires the handler at 06:00 IST, on fake time;
 * - pg-boss (PostgreSQL): the schedule is stored with its cron expression and its time zone, one
 *   row however many processes start, and the worker runs the handler for a job of that name;
 * - server start: what main.ts calls hands MAINTENANCE_RUN_AT, TZ, the lead days and the
 *   approval setting to the runner and the run.
 */
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { DAILY_JOB, scheduleDailyMaintenance } from '#server/modules/maintenance/daily.ts';
import {
  cronOf,
  dropPgBoss10Schema,
  InProcessRunner,
  type JobHandler,
  type JobRunner,
  jobRunnerFor,
  nextDaily,
  PgBossRunner,
} from '#server/modules/maintenance/jobs.ts';
import { addDays, addMonths, todayIn } from '#shared/domain/maintenance.ts';
import { createTestApp, makeCustomer, makeRegion, ROLE, signedIn, type TestContext } from '#tests/harness/app.ts';
import { emptyDatabase } from '#tests/harness/empty-database.ts';

const IST = 'Asia/Kolkata';

describe('the daily time', () => {
  it('06:00 is the cron expression 0 6 * * *, and 06:00 IST comes at 00:30 UTC', () => {
    expect(cronOf('06:00')).toBe('0 6 * * *');
    expect(cronOf('23:45')).toBe('45 23 * * *');
    expect(nextDaily('06:00', IST, new Date('2026-03-10T00:00:00Z'))?.toISOString()).toBe('2026-03-10T00:30:00.000Z');
    // After today's run: tomorrow's.
    expect(nextDaily('06:00', IST, new Date('2026-03-10T00:30:00Z'))?.toISOString()).toBe('2026-03-11T00:30:00.000Z');
    expect(nextDaily('06:00', 'UTC', new Date('2026-03-10T00:00:00Z'))?.toISOString()).toBe('2026-03-10T06:00:00.000Z');
  });
});

describe('in process (croner), on fake time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires the handler at 06:00 IST (00:30 UTC) each day, not at 06:00 UTC', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-09T18:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const errors: unknown[] = [];
    const runner = new InProcessRunner((_name, err) => errors.push(err));
    const fired: string[] = [];
    const next = await runner.daily('maintenance-daily', '06:00', IST, async () => {
      fired.push(new Date().toISOString());
    });
    expect(next?.toISOString()).toBe('2026-03-10T00:30:00.000Z');

    // 00:29:59 UTC: not yet.
    await vi.advanceTimersByTimeAsync(new Date('2026-03-10T00:29:59Z').getTime() - Date.now());
    expect(fired).toEqual([]);
    // 00:30 UTC = 06:00 IST: once.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fired).toHaveLength(1);
    expect(fired[0]?.slice(0, 19)).toBe('2026-03-10T00:30:00');
    // Through 06:00 UTC and on to just before the next 06:00 IST: nothing more.
    await vi.advanceTimersByTimeAsync(new Date('2026-03-11T00:29:00Z').getTime() - Date.now());
    expect(fired).toHaveLength(1);
    // The next day's 06:00 IST.
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(fired.map((f) => f.slice(0, 19))).toEqual(['2026-03-10T00:30:00', '2026-03-11T00:30:00']);
    expect(errors).toEqual([]);
    await runner.stop();
  });

  it('a handler that throws is reported, and the next day still fires', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-10T00:29:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const errors: string[] = [];
    const runner = new InProcessRunner((name, err) => errors.push(`${name}: ${(err as Error).message}`));
    let calls = 0;
    await runner.daily('maintenance-daily', '06:00', IST, async () => {
      calls++;
      throw new Error('database away');
    });
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(calls).toBe(2);
    expect(errors).toEqual(['maintenance-daily: database away', 'maintenance-daily: database away']);
    await runner.stop();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('pg-boss on PostgreSQL', () => {
  const db = emptyDatabase();

  it('stores the schedule with its cron and time zone, once for two processes, and works its jobs', async () => {
    const errors: unknown[] = [];
    const onError = (_n: string, err: unknown) => errors.push(err);
    const runs: string[] = [];
    const handler = (who: string) => async () => {
      runs.push(who);
    };
    const first = new PgBossRunner(db.url(), onError);
    const second = new PgBossRunner(db.url(), onError);
    const client = new PgBoss({
      connectionString: db.url(),
      schema: 'pgboss',
      max: 1,
      supervise: false,
      schedule: false,
    });
    try {
      const next = await first.daily(DAILY_JOB, '06:00', IST, handler('first'));
      expect(next?.getUTCHours()).toBe(0);
      expect(next?.getUTCMinutes()).toBe(30);
      await second.daily(DAILY_JOB, '06:00', IST, handler('second'));

      await client.start();
      const schedules = (await client.getSchedules()) as unknown as { name: string; cron: string; timezone: string }[];
      expect(schedules.map(({ name, cron, timezone }) => ({ name, cron, timezone }))).toEqual([
        { name: DAILY_JOB, cron: '0 6 * * *', timezone: IST },
      ]);
      const queue = await client.getQueue(DAILY_JOB);
      expect(queue?.policy).toBe('singleton');

      // pg-boss reads the row with its own cron parser (timekeeper.js): 00:30 UTC.
      const fromPgBoss = createRequire(createRequire(import.meta.url).resolve('pg-boss'));
      const { CronExpressionParser } = fromPgBoss('cron-parser') as {
        CronExpressionParser: {
          parse(cron: string, o: { tz: string; currentDate: Date }): { next(): { toISOString(): string | null } };
        };
      };
      const fires = CronExpressionParser.parse(schedules[0]?.cron as string, {
        tz: schedules[0]?.timezone as string,
        currentDate: new Date('2026-03-10T00:00:00Z'),
      });
      expect(fires.next().toISOString()).toBe('2026-03-10T00:30:00.000Z');

      // What the schedule sends at that time, a job of that name, is worked by one of the processes, once.
      await client.send(DAILY_JOB, {});
      for (let i = 0; i < 100 && runs.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 2_500));
      expect(runs).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await client.stop({ graceful: false }).catch(() => {});
      await first.stop();
      await second.stop();
    }
  });
  it('an installation on pg-boss 10 (schema version 24) starts on pg-boss 12: the old schema is dropped once and the schedule is back', async () => {
    const dbAt = async (sql: string) => {
      const c = new pg.Client({ connectionString: db.url() });
      await c.connect();
      try {
        return await c.query(sql);
      } finally {
        await c.end();
      }
    };
    // What pg-boss 10 left: its version table at 24 and a job table with a finished run.
    await dbAt('DROP SCHEMA IF EXISTS pgboss CASCADE');
    await dbAt(
      'CREATE SCHEMA pgboss; CREATE TABLE pgboss.version (version int PRIMARY KEY, maintained_on timestamptz, cron_on timestamptz);' +
        'INSERT INTO pgboss.version VALUES (24, now(), now()); CREATE TABLE pgboss.job (id uuid, name text);',
    );
    expect(await dropPgBoss10Schema(db.url())).toBe(true);
    expect(await dropPgBoss10Schema(db.url())).toBe(false);

    await dbAt(
      'CREATE SCHEMA pgboss; CREATE TABLE pgboss.version (version int PRIMARY KEY, maintained_on timestamptz, cron_on timestamptz);' +
        'INSERT INTO pgboss.version VALUES (24, now(), now());',
    );
    const errors: unknown[] = [];
    const runner = new PgBossRunner(db.url(), (_n, err) => errors.push(err));
    try {
      await runner.daily(DAILY_JOB, '06:00', IST, async () => {});
    } finally {
      await runner.stop();
    }
    const version = await dbAt('SELECT version FROM pgboss.version');
    expect(Number(version.rows[0]?.version)).toBeGreaterThanOrEqual(25);
    const schedules = await dbAt('SELECT name, cron, timezone FROM pgboss.schedule');
    expect(schedules.rows).toEqual([{ name: DAILY_JOB, cron: '0 6 * * *', timezone: IST }]);
    expect(errors).toEqual([]);
  });
});

describe('server start (main.ts: jobRunnerFor and scheduleDailyMaintenance)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** A runner that only records what it was asked to schedule. */
  function recorder() {
    const calls: { name: string; at: string; timeZone: string; handler: JobHandler }[] = [];
    const runner: JobRunner = {
      async daily(name, at, timeZone, handler) {
        calls.push({ name, at, timeZone, handler });
        return nextDaily(at, timeZone, new Date('2026-03-10T00:00:00Z'));
      },
      async stop() {},
    };
    return { runner, calls };
  }
  const quiet = () => {
    const lines: { obj: object; msg: string }[] = [];
    const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }), error: log0 };
    function log0(obj: object, msg: string) {
      lines.push({ obj, msg: `error: ${msg}` });
    }
    return { log, lines };
  };

  it('picks pg-boss with a DATABASE_URL and the in-process runner without', () => {
    expect(jobRunnerFor(undefined, () => {})).toBeInstanceOf(InProcessRunner);
    expect(jobRunnerFor('postgres://nobody@127.0.0.1:1/none', () => {})).toBeInstanceOf(PgBossRunner);
  });

  it('schedules at the default 06:00 Asia/Kolkata, and at MAINTENANCE_RUN_AT in TZ when set', async () => {
    const defaults = loadConfig({} as NodeJS.ProcessEnv);
    const a = recorder();
    const { log, lines } = quiet();
    const next = await scheduleDailyMaintenance(a.runner, defaults, ctx.db, log, ctx.app.deps.services.requests);
    expect(a.calls.map(({ name, at, timeZone }) => ({ name, at, timeZone }))).toEqual([
      { name: 'maintenance-daily', at: '06:00', timeZone: IST },
    ]);
    expect(next?.toISOString()).toBe('2026-03-10T00:30:00.000Z');
    expect(lines).toEqual([
      {
        obj: { at: '06:00', tz: IST, next: '2026-03-10T00:30:00.000Z' },
        msg: 'daily maintenance run scheduled',
      },
    ]);

    const set = loadConfig({ MAINTENANCE_RUN_AT: '05:15', TZ: 'Asia/Dubai' } as NodeJS.ProcessEnv);
    const b = recorder();
    await scheduleDailyMaintenance(b.runner, set, ctx.db, quiet().log, ctx.app.deps.services.requests);
    expect(b.calls.map(({ at, timeZone }) => ({ at, timeZone }))).toEqual([{ at: '05:15', timeZone: 'Asia/Dubai' }]);
  });

  it('the scheduled handler is the run with the configured lead days and approval, for every region', async () => {
    const admin = (await signedIn(ctx, ROLE.SERVICE_ADMIN)).headers;
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin,
      payload: {
        name: 'Daily Pure',
        brand: 'Neervana',
        technology: 'RO',
        parts: [{ name: 'Carbon', intervalMonths: 6 }],
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const today = todayIn(IST);
    const units: Record<string, string> = {};
    // Due in 3 days (Madurai), 10 (Salem) and 25 (Erode): MAINTENANCE_LEAD_DAYS=14, not the
    // default 7, raises the first two only. (A month end can move a due date up to 3 days
    // earlier through addMonths' clamping; no unit crosses the 14-day line by it.)
    for (const [city, dueIn] of [
      ['Madurai', 3],
      ['Salem', 10],
      ['Erode', 25],
    ] as const) {
      const region = await makeRegion(ctx.db, city);
      const customer = await makeCustomer(ctx.db, region.id);
      const unit = await ctx.app.inject({
        method: 'POST',
        url: `/api/customers/${customer.id}/units`,
        headers: admin,
        payload: {
          productId: product.json().id,
          serialNumber: `DT-${city}`,
          installedOn: addMonths(addDays(today, dueIn), -6),
        },
      });
      expect(unit.statusCode, unit.body).toBe(201);
      units[city] = unit.json().id;
    }
    const config = loadConfig({ MAINTENANCE_LEAD_DAYS: '14', MAINTENANCE_AUTO_APPROVE: 'on' } as NodeJS.ProcessEnv);
    const r = recorder();
    const { log, lines } = quiet();
    await scheduleDailyMaintenance(r.runner, config, ctx.db, log, ctx.app.deps.services.requests);
    await r.calls[0]?.handler();
    expect(lines.at(-1)).toEqual({
      obj: { job: 'maintenance-daily', created: 2, skipped: 0, reminders: 0 },
      msg: 'maintenance run finished',
    });
    for (const city of ['Madurai', 'Salem']) {
      const raised = await ctx.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.unitId, units[city] as string));
      expect(raised.map((x) => x.status)).toEqual(['APPROVED']);
    }
    const notYet = await ctx.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.unitId, units.Erode as string));
    expect(notYet).toEqual([]);
  });

  it('a runner that cannot schedule is logged, and the start goes on', async () => {
    const failing: JobRunner = {
      async daily() {
        throw new Error('pg-boss could not create its schema');
      },
      async stop() {},
    };
    const { log, lines } = quiet();
    await expect(
      scheduleDailyMaintenance(
        failing,
        loadConfig({} as NodeJS.ProcessEnv),
        ctx.db,
        log,
        ctx.app.deps.services.requests,
      ),
    ).resolves.toBeNull();
    expect(lines.map((l) => l.msg)).toEqual(['error: could not schedule the daily maintenance run']);
  });
});
