/**
 * Issue 21, "never twice" under a crash: a real server process (`tsx src/server/main.ts`) is
 * killed with SIGKILL in the middle of a maintenance run raising 1,500 due jobs; it is started
 * again on the same data and the run is asked again. Then the data is opened directly: every due
 * unit has exactly one job and one request (none missing, none duplicated), every job its request,
 * every request its audit row. On PostgreSQL (a fresh database) and on PGlite (its own DATA_DIR).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { productParts, products, unitSchedule, units } from '#server/db/schema/maintenance.ts';
import { addDays, todayIn } from '#shared/domain/maintenance.ts';
import { freePort, startServer } from '#tests/harness/process.ts';

const DUE = 1500;
const MARK = 'FAULT-RUN';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
}

/** DUE units of the demo customers, all due the day after tomorrow (within the 7-day lead). */
async function seedDue(database: Database): Promise<void> {
  const db = database.db;
  const dueOn = addDays(todayIn('Asia/Kolkata'), 2);
  const [p] = await db
    .insert(products)
    .values({ name: 'Fault purifier', brand: 'Neervana', technology: 'RO' })
    .returning();
  const [part] = await db
    .insert(productParts)
    .values({ productId: p!.id, name: 'Sediment filter', intervalMonths: 6 })
    .returning();
  const who = await db.select({ id: customers.id }).from(customers).limit(50);
  for (let i = 0; i < DUE; i += 500) {
    const rows = await db
      .insert(units)
      .values(
        Array.from({ length: Math.min(500, DUE - i) }, (_, k) => ({
          customerId: who[(i + k) % who.length]!.id,
          productId: p!.id,
          serialNumber: `${MARK}-${i + k}`,
          installedOn: addDays(dueOn, -182),
          nextDueOn: dueOn,
        })),
      )
      .returning({ id: units.id });
    await db
      .insert(unitSchedule)
      .values(
        rows.map((u) => ({ unitId: u.id, partId: part!.id, lastChangedOn: addDays(dueOn, -182), nextDueOn: dueOn })),
      );
  }
}

async function verify(database: Database) {
  const res = await database.db.execute(sql`
    WITH ours AS (SELECT id FROM units WHERE serial_number LIKE ${`${MARK}-%`})
    SELECT
      (SELECT count(*)::int FROM ours) AS due,
      (SELECT count(*)::int FROM ours o WHERE NOT EXISTS (SELECT 1 FROM maintenance_jobs j WHERE j.unit_id = o.id)) AS missing_job,
      (SELECT count(*)::int FROM ours o WHERE (SELECT count(*) FROM service_requests r WHERE r.unit_id = o.id) <> 1) AS not_one_request,
      (SELECT count(*)::int FROM maintenance_jobs j JOIN ours o ON o.id = j.unit_id WHERE j.request_id IS NULL) AS job_without_request,
      (SELECT count(*)::int FROM service_requests r JOIN ours o ON o.id = r.unit_id
        WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_id = r.id::text AND a.action = 'request.create')) AS without_audit`);
  return res.rows[0] as Record<string, number>;
}

async function drill(label: string, env: Record<string, string>, open: () => Promise<Database>) {
  // First start: migrate and seed the demo, then the due units go in.
  const first = await startServer({ ...env, PORT: String(await freePort(4600, 4699)) });
  await first.waitReady(90_000);
  await first.stop();
  let database = await open();
  await seedDue(database);
  await database.close();

  // Second start: ask for the run and pull the plug part-way.
  // At debug the run logs each committed chunk ('maintenance run progress'): the plug is pulled on it.
  const victim = await startServer({ ...env, LOG_LEVEL: 'debug', PORT: String(await freePort(4600, 4699)) });
  await victim.waitReady(90_000);
  const headers = await signIn(victim.url);
  const total = async () =>
    Number(
      (await fetch(`${victim.url}/api/service-requests?page=1&pageSize=1`, { headers })).headers.get('x-total-count'),
    );
  const baseline = await total();
  const started = Date.now();
  const answer = fetch(`${victim.url}/api/maintenance/run`, { method: 'POST', headers, body: '{}' })
    .then((r) => r.status)
    .catch(() => 0);
  // Pull the plug once a few hundred jobs are committed. On PostgreSQL the request counters say so
  // while the run goes on; on PGlite the server's own progress lines say it (a timer alone killed
  // a loaded CI host's run before its first chunk), and the server must still answer meanwhile:
  // the run goes back to the event loop between chunks.
  const committed = () =>
    Math.max(
      0,
      ...victim
        .logLines()
        .filter((l) => l.msg === 'maintenance run progress')
        .map((l) => Number(l.created)),
    );
  if (env.DATABASE_URL) {
    while (Date.now() - started < 120_000 && (await total()) - baseline < 300)
      await new Promise((r) => setTimeout(r, 50));
  } else {
    while (Date.now() - started < 120_000 && committed() === 0) await new Promise((r) => setTimeout(r, 10));
    const ready = await fetch(`${victim.url}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status,
      () => 0,
    );
    expect(ready, 'the server answers during a run on PGlite').toBe(200);
    const stopAt = 100 + Math.floor(Math.random() * 400);
    while (Date.now() - started < 120_000 && committed() < stopAt) await new Promise((r) => setTimeout(r, 10));
  }
  victim.proc.kill('SIGKILL');
  await victim.exited;
  const firstAnswer = await answer;
  const killedAfter = Date.now() - started;

  database = await open();
  const partial = (await verify(database)) as Record<string, number>;
  await database.close();

  // Third start: the run again, to the end.
  const rerun = await startServer({ ...env, PORT: String(await freePort(4600, 4699)) });
  await rerun.waitReady(90_000);
  const rerunStarted = Date.now();
  const res = await fetch(`${rerun.url}/api/maintenance/run`, {
    method: 'POST',
    headers: await signIn(rerun.url),
    body: '{}',
  });
  const second = (await res.json()) as { created: number; skipped: number };
  const rerunMs = Date.now() - rerunStarted;
  await rerun.stop();

  database = await open();
  try {
    const result = await verify(database);
    const raisedBefore = DUE - (partial.missing_job ?? 0);
    console.info(
      `maintenance kill -9 ${label}: killed after ${killedAfter} ms (first answer ${firstAnswer || 'none'}), ` +
        `${raisedBefore}/${DUE} jobs raised before the kill; rerun created ${second.created}, skipped ${second.skipped} in ${rerunMs} ms; ` +
        `after: ${result.missing_job} missing, ${result.not_one_request} units without exactly one request, ` +
        `${result.job_without_request} jobs without a request, ${result.without_audit} requests without an audit row`,
    );
    expect(res.status).toBe(200);
    expect(firstAnswer).toBe(0); // killed before it answered: the kill was mid-run
    expect(raisedBefore).toBeGreaterThan(0);
    expect(raisedBefore).toBeLessThan(DUE);
    // The rerun raises what the kill left (and the demo's own due units, if the kill came before them).
    expect(second.created).toBeGreaterThanOrEqual(DUE - raisedBefore);
    expect(result).toEqual({ due: DUE, missing_job: 0, not_one_request: 0, job_without_request: 0, without_audit: 0 });
  } finally {
    await database.close();
  }
}

const baseEnv = () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maint21-fault-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    DATA_DIR: dataDir,
    DEMO: 'on',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOGIN_RATE_PER_IP: '100000',
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
    MAINTENANCE_SCHEDULER: 'off',
    // The drill puts hundreds of due units on each demo customer: the per-customer cap (issue 31)
    // would hold most of them back, which is not what this drill is about.
    MAINTENANCE_MAX_JOBS_PER_CUSTOMER: '100000',
  };
};

describe('maintenance run killed with SIGKILL mid-run', () => {
  it.skipIf(process.env.FAULT_DRIVERS === 'postgres')(
    'on PGlite: the rerun leaves every due unit with exactly one request',
    async () => {
      const env = baseEnv();
      await drill('PGlite', env, () => openDatabase({ dataDir: env.DATA_DIR }));
    },
    600_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: the rerun leaves every due unit with exactly one request',
    async () => {
      const admin = process.env.TEST_DATABASE_URL as string;
      const name = `aquadesk_maint_fault_${crypto.randomBytes(4).toString('hex')}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
      const u = new URL(admin);
      u.pathname = `/${name}`;
      const env = { ...baseEnv(), DATABASE_URL: u.toString() };
      await drill('PostgreSQL', env, () => openDatabase({ databaseUrl: u.toString(), poolMax: 2 }));
    },
    600_000,
  );
});
