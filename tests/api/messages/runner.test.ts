/**
 * The job runner's queued work (ADR 046), which delivers the outbox: a named job run every so many
 * seconds and whenever an event triggers it, never two at once. In process (PGlite): a timer, and
 * a trigger coalesced with a run already waiting. On PostgreSQL: a pg-boss queue of policy
 * `stately`, worked by one of the processes for each trigger.
 */
import { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { InProcessRunner, PgBossRunner } from '#server/modules/maintenance/jobs.ts';
import { emptyDatabase } from '#tests/harness/empty-database.ts';

/** Waits until `done()` holds (polling the state, at most `ms`). */
async function until(done: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return done();
}

describe('in process', () => {
  it('runs at start and on a trigger, one run at a time, coalescing triggers that come meanwhile', async () => {
    const errors: unknown[] = [];
    const runner = new InProcessRunner((_n, err) => errors.push(err));
    let running = 0;
    let overlap = false;
    let runs = 0;
    let release: () => void = () => {};
    try {
      await runner.every('deliver', 3600, async () => {
        running++;
        if (running > 1) overlap = true;
        await new Promise<void>((r) => {
          release = r;
        });
        running--;
        runs++;
      });
      expect(await until(() => running === 1)).toBe(true);
      for (let i = 0; i < 5; i++) runner.trigger('deliver');
      const firstRelease = release;
      firstRelease();
      // The five triggers made one more run, not five.
      expect(await until(() => runs === 1 && running === 1 && release !== firstRelease)).toBe(true);
      release();
      expect(await until(() => runs === 2 && running === 0)).toBe(true);
      expect(overlap).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await runner.stop();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('pg-boss on PostgreSQL', () => {
  const db = emptyDatabase();

  it('a stately queue, a schedule every minute, and a trigger worked by one process', async () => {
    const errors: unknown[] = [];
    const onError = (_n: string, err: unknown) => errors.push(err);
    const runs: string[] = [];
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
      await first.every('messages.deliver', 2, async () => {
        runs.push('first');
      });
      await second.every('messages.deliver', 2, async () => {
        runs.push('second');
      });
      await client.start();
      expect((await client.getQueue('messages.deliver'))?.policy).toBe('stately');
      const schedules = (await client.getSchedules()) as unknown as { name: string; cron: string }[];
      expect(schedules.map(({ name, cron }) => ({ name, cron }))).toEqual([
        { name: 'messages.deliver', cron: '* * * * *' },
      ]);
      first.trigger('messages.deliver');
      expect(await until(() => runs.length >= 1)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await client.stop({ graceful: false }).catch(() => {});
      await first.stop();
      await second.stop();
    }
  });
});
