/**
 * R5: kill -9 of a real server process (`tsx src/server/main.ts`) while 200 writes are in flight,
 * 20 cycles, on PostgreSQL (a fresh database on the local server) and on PGlite (its own
 * DATA_DIR). After each kill the server is started again on the same data; at the end the data
 * is opened directly and checked:
 * - every write that was acknowledged (201/200 reached the client) is there;
 * - no request lacks its history: each created request has its audit row, each approved one its
 *   approval-history row, and the dashboard counters equal the rows;
 * - PGlite always restarts (the lock file of the dead process is taken over).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { approvalHistory, requestCounters, serviceRequests } from '#server/db/schema/requests.ts';
import { freePort, type ServerProcess, startServer } from '#tests/harness/process.ts';

const CYCLES = Number(process.env.FAULT_CYCLES ?? 20);
const WRITES = 200;
const MARK = 'Fault run';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

interface Acked {
  created: Set<string>;
  approved: Set<string>;
  /** Every answer's status (0: no answer, the process died first). */
  statuses: Map<number, number>;
}

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

/** One cycle: start (or restart), fire the writes, kill -9 part-way, record what was acknowledged. */
async function cycle(env: Record<string, string>, n: number, acked: Acked, pending: string[]) {
  const server: ServerProcess = await startServer({ ...env, PORT: String(await freePort(4600, 4699)) });
  let restarted = true;
  try {
    await server.waitReady(90_000);
  } catch (err) {
    restarted = false;
    server.proc.kill('SIGKILL');
    throw err;
  }
  const headers = await signIn(server.url);
  const customers = (await (await fetch(`${server.url}/api/customers?pageSize=5`, { headers })).json()) as {
    id: string;
    regionId: string;
  }[];
  const customer = customers[0] as { id: string; regionId: string };
  const approvals = pending.splice(0, 50);
  const jobs: Promise<void>[] = [];
  for (let i = 0; i < WRITES; i++) {
    const approve = approvals[i];
    const url = approve
      ? `${server.url}/api/service-requests/${approve}/service-approve`
      : `${server.url}/api/service-requests`;
    const body = approve
      ? { comments: `cycle ${n}` }
      : {
          type: 'SERVICE',
          description: `${MARK} ${n}.${i} ${crypto.randomUUID()}`,
          customerId: customer.id,
          regionId: customer.regionId,
        };
    jobs.push(
      fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) })
        .then(async (res) => {
          acked.statuses.set(res.status, (acked.statuses.get(res.status) ?? 0) + 1);
          if (approve && res.status === 200) acked.approved.add(approve);
          if (!approve && res.status === 201) {
            const created = (await res.json()) as { id: string };
            acked.created.add(created.id);
            pending.push(created.id);
          }
        })
        .catch(() => {
          // In flight when the process died: not acknowledged, so nothing is promised.
          acked.statuses.set(0, (acked.statuses.get(0) ?? 0) + 1);
        }),
    );
  }
  // Let part of the batch through, then pull the plug.
  await new Promise((r) => setTimeout(r, 300 + Math.floor(Math.random() * 2500)));
  server.proc.kill('SIGKILL');
  await server.exited;
  await Promise.all(jobs);
  return restarted;
}

async function verify(database: Database, acked: Acked) {
  const db = database.db;
  const created = [...acked.created];
  const found = new Set<string>();
  for (let i = 0; i < created.length; i += 500) {
    const rows = await db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(inArray(serviceRequests.id, created.slice(i, i + 500)));
    for (const r of rows) found.add(r.id);
  }
  const lostCreates = created.filter((id) => !found.has(id)).length;
  const approved = [...acked.approved];
  const lostApprovals =
    approved.length === 0
      ? 0
      : approved.length -
        (
          await db
            .select({ id: serviceRequests.id })
            .from(serviceRequests)
            .where(and(inArray(serviceRequests.id, approved), eq(serviceRequests.status, 'APPROVED')))
        ).length;
  const ours = like(serviceRequests.description, `${MARK}%`);
  const [noAudit] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceRequests)
    .where(
      and(
        ours,
        sql`NOT EXISTS (SELECT 1 FROM ${auditLog} WHERE ${auditLog.entityId} = ${serviceRequests.id}::text AND ${auditLog.action} = 'request.create')`,
      ),
    );
  const [noHistory] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceRequests)
    .where(
      and(
        ours,
        eq(serviceRequests.status, 'APPROVED'),
        sql`NOT EXISTS (SELECT 1 FROM ${approvalHistory} WHERE ${approvalHistory.requestId} = ${serviceRequests.id} AND ${approvalHistory.stage} = 'SERVICE')`,
      ),
    );
  const [rows] = await db.select({ n: sql<number>`count(*)::int` }).from(serviceRequests);
  const [counted] = await db
    .select({ n: sql<number>`coalesce(sum(${requestCounters.count}), 0)::int` })
    .from(requestCounters)
    .where(eq(requestCounters.kind, 'all'));
  return {
    lostCreates,
    lostApprovals,
    withoutAudit: noAudit?.n ?? -1,
    withoutHistory: noHistory?.n ?? -1,
    counterDrift: (rows?.n ?? 0) - (counted?.n ?? 0),
  };
}

async function run(label: string, env: Record<string, string>, open: () => Promise<Database>) {
  const acked: Acked = { created: new Set(), approved: new Set(), statuses: new Map() };
  const pending: string[] = [];
  let restarts = 0;
  const started = Date.now();
  for (let n = 0; n < CYCLES; n++) {
    if (await cycle(env, n, acked, pending)) restarts++;
  }
  // One last clean start, so the data is opened the way the next deploy would open it.
  const last = await startServer({ ...env, PORT: String(await freePort(4600, 4699)) });
  await last.waitReady(90_000);
  await last.stop();
  const database = await open();
  try {
    const result = await verify(database, acked);
    console.info(
      `R5 ${label}: ${CYCLES} kill -9 cycles in ${((Date.now() - started) / 1000).toFixed(0)} s, ${restarts}/${CYCLES} restarts; ` +
        `${acked.created.size} acknowledged creates and ${acked.approved.size} approvals: ` +
        `${result.lostCreates + result.lostApprovals} lost; ${result.withoutAudit + result.withoutHistory} requests without history; ` +
        `counter drift ${result.counterDrift}; answers ${[...acked.statuses].map(([k, v]) => `${k}×${v}`).join(' ')}`,
    );
    expect(restarts).toBe(CYCLES);
    expect(acked.created.size).toBeGreaterThan(0);
    expect(result).toEqual({ lostCreates: 0, lostApprovals: 0, withoutAudit: 0, withoutHistory: 0, counterDrift: 0 });
  } finally {
    await database.close();
  }
}

const baseEnv = () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-kill9-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    DATA_DIR: dataDir,
    DEMO: 'on',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOGIN_RATE_PER_IP: '100000',
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
  };
};

describe('R5: kill -9 during 200 concurrent writes', () => {
  it.skipIf(process.env.FAULT_DRIVERS === 'postgres')(
    'on PGlite: every acknowledged write survives, every restart succeeds',
    async () => {
      const env = baseEnv();
      await run('PGlite', env, () => openDatabase({ dataDir: env.DATA_DIR }));
    },
    600_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: every acknowledged write survives, every restart succeeds',
    async () => {
      const admin = process.env.TEST_DATABASE_URL as string;
      const name = `aquadesk_kill9_${crypto.randomBytes(4).toString('hex')}`;
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
      await run('PostgreSQL', env, () => openDatabase({ databaseUrl: u.toString(), poolMax: 2 }));
    },
    600_000,
  );
});
