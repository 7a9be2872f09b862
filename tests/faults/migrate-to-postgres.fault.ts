/**
 * Issue 32 item 5: `npm run migrate-to-postgres` on a shop's worth of data. An embedded
 * installation gets the demo data, the bench generator's people, 10,000 requests with their
 * history and notifications, and an installed base (units, schedules, contracts); a real server
 * on it takes a photo and answers a set of reads, and signs the admin in. The server stops, the
 * command (run as the script it is, photos into PostgreSQL) moves everything into a fresh
 * database, and a server started on PostgreSQL with the same DATA_DIR then:
 * - takes the access token and the refresh cookie issued before the move;
 * - answers every read with the same JSON, and shows the photo taken before;
 * - signs in every user with their old password;
 * - gives the next request the next ticket number.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/db/seed/demo.ts';
import { DEMO_PASSWORD, seedRoles } from '#server/db/seed/seed.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { SYSTEM_EMAIL_DOMAIN } from '#server/lib/system-accounts.ts';
import { TOTAL_HEADER } from '#shared/domain/constants.ts';
import { testDatabaseName } from '#tests/harness/app.ts';
import { ROOT, type ServerProcess, startServer } from '#tests/harness/process.ts';
import { dropScratch, generate } from '../../bench/lib/dataset.ts';
import { generateInstalledBase } from '../../bench/lib/maintenance.ts';
import { BENCH_ADMIN, BENCH_PASSWORD, SIZES, type Size } from '../../bench/lib/sizes.ts';
import type { Sql } from '../../bench/lib/target.ts';

/** Size S's 10,000 requests, with fewer people and units: the move is measured, not the generator. */
const SIZE: Size = {
  ...SIZES.S,
  regions: 2,
  customers: 2_000,
  technicians: 10,
  salesmenPerRegion: 2,
  requests: 10_000,
  notificationsFirst: 10_000,
  notifications: 10_000,
  units: 2_000,
  dueJobs: 60,
};

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The embedded installation: bench data first (it names its regions after cities), then the demo's. */
async function buildEmbedded(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const roleIds = await seedRoles(database.db);
    const lite = database.pglite!;
    const sql: Sql = {
      exec: async (text) => {
        await lite.exec(text);
      },
      query: async <T>(text: string, params?: unknown[]) => (await lite.query<T>(text, params)).rows,
      close: async () => {},
    };
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    await generate(sql, { size: SIZE, approvePool: 0, passwordHash, kind: 'pglite', log: () => {} });
    await generateInstalledBase(sql, SIZE);
    await dropScratch(sql);
    // The demo's regions are cities the generator used too.
    await sql.exec(`UPDATE regions SET name = name || ' Bench'`);
    await database.db.transaction((tx) => seedDemo(tx, roleIds));
  } finally {
    await database.close();
  }
}

interface Session {
  token: string;
  cookie: string;
}

async function signIn(base: string, email: string, password: string): Promise<Session> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { token: accessToken, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! };
}

async function answer(base: string, token: string, url: string): Promise<Response> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return res;
}

async function get<T = unknown>(base: string, token: string, url: string): Promise<T> {
  return (await (await answer(base, token, url)).json()) as T;
}

/** A photo link is signed for the hour it is made in; the rest of the JSON is compared as it is. */
const unsigned = (json: unknown) => JSON.parse(JSON.stringify(json).replace(/\?exp=\d+&sig=[\w-]+/g, '?signed'));

/** The reads compared before and after: lists, details, the due list, dashboards, customers, units. */
async function reads(base: string, s: { admin: string; manager: string; tech: string; dispatcher: string }, ids: Ids) {
  const out: Record<string, { total: string | null; body: unknown }> = {};
  const read = async (label: string, token: string, url: string) => {
    const res = await answer(base, token, url);
    out[label] = { total: res.headers.get(TOTAL_HEADER), body: unsigned(await res.json()) };
  };
  for (const page of [1, 2, 200])
    await read(`requests p${page}`, s.admin, `/api/service-requests?page=${page}&pageSize=50`);
  await read('requests pending', s.admin, '/api/service-requests?status=PENDING_APPROVAL&page=1&pageSize=50');
  await read('requests of a manager', s.manager, '/api/service-requests?page=1&pageSize=50');
  await read('request with the photo', s.admin, `/api/service-requests/${ids.photoRequest}`);
  await read('a generated request', s.admin, `/api/service-requests/${ids.benchRequest}`);
  await read('dashboard admin', s.admin, '/api/service-requests/dashboard/stats');
  await read('dashboard manager', s.manager, '/api/service-requests/dashboard/stats');
  await read('due list', s.admin, '/api/maintenance/due?within=30&page=1&pageSize=50');
  await read('due counts', s.admin, '/api/maintenance/counts');
  await read('contracts expiring', s.admin, '/api/contracts/expiring');
  await read('customers', s.admin, '/api/customers?page=1&pageSize=50');
  await read('customers p20', s.admin, '/api/customers?page=20&pageSize=50');
  await read('customer', s.admin, `/api/customers/${ids.customer}`);
  await read('customer history', s.admin, `/api/customers/${ids.customer}/history`);
  await read('customer units', s.admin, `/api/customers/${ids.customer}/units`);
  await read('unit', s.admin, `/api/units/${ids.unit}`);
  await read('unit contracts', s.admin, `/api/units/${ids.unit}/contracts`);
  await read('my tasks', s.tech, '/api/technicians/my-tasks');
  await read('notifications', s.dispatcher, '/api/notifications?page=1&pageSize=50');
  return out;
}

interface Ids {
  photoRequest: string;
  benchRequest: string;
  customer: string;
  unit: string;
}

function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    LOGIN_RATE_PER_IP: '100000',
    MAINTENANCE_SCHEDULER: 'off',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

describe('from the embedded database to PostgreSQL in one command', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'moves demo data, the installed base and 10,000 requests; sessions, reads, passwords and the ticket counter survive',
    async () => {
      const t0 = performance.now();
      const mark = (what: string) => console.log(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-move-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const admin = process.env.TEST_DATABASE_URL as string;
      const name = testDatabaseName();
      const adminQuery = async (text: string) => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        try {
          await c.query(text);
        } finally {
          await c.end();
        }
      };
      await adminQuery(`CREATE DATABASE ${name}`);
      cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const target = new URL(admin);
      target.pathname = `/${name}`;

      await buildEmbedded(dataDir);
      mark('embedded data built');

      // Before: a server on the embedded database.
      let server: ServerProcess = await startServer(serverEnv(dataDir));
      cleanups.push(() => server.stop().then(() => {}));
      await server.waitReady();
      const before = server.url;
      const adminSession = await signIn(before, 'admin@demo.test', DEMO_PASSWORD);
      const manager = await signIn(before, 'service.manager@demo.test', DEMO_PASSWORD);
      const tech = await signIn(before, 'tech@demo.test', DEMO_PASSWORD);
      // The generator's Super Admin is among its notifications' recipients.
      const dispatcher = await signIn(before, BENCH_ADMIN, BENCH_PASSWORD);
      const tasks = await get<{ id: string; status: string }[]>(before, tech.token, '/api/technicians/my-tasks');
      const task = tasks.find((r) => r.status === 'IN_PROGRESS')!;
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00838f' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'site.jpg');
      const upload = await fetch(`${before}/api/uploads/work-media/${task.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tech.token}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const photo = (await upload.json()) as { fileUrl: string };
      const photoBytes = Buffer.from(await (await fetch(`${before}${photo.fileUrl}`)).arrayBuffer());

      // A unit under contract (the demo's installed base), and its customer.
      const [contract] = await get<{ unitId: string; customer: { id: string } }[]>(
        before,
        adminSession.token,
        '/api/contracts/expiring',
      );
      const customer = await get<{ id: string; regionId: string }>(
        before,
        adminSession.token,
        `/api/customers/${contract!.customer.id}`,
      );
      const bench = await get<{ id: string }[]>(
        before,
        adminSession.token,
        '/api/service-requests?page=150&pageSize=50',
      );
      const ids: Ids = {
        photoRequest: task.id,
        benchRequest: bench[0]!.id,
        customer: customer.id,
        unit: contract!.unitId,
      };
      const tokens = {
        admin: adminSession.token,
        manager: manager.token,
        tech: tech.token,
        dispatcher: dispatcher.token,
      };
      const expected = await reads(before, tokens, ids);
      // Every list compared has something in it: an empty answer on both sides would prove nothing.
      const empty = Object.entries(expected).filter(([, r]) => Array.isArray(r.body) && r.body.length === 0);
      expect(empty.map(([label]) => label)).toEqual([]);
      await server.stop();
      mark('reads before the move');

      // Who signs in afterwards: every active account (the scheduler's system account never does).
      const source = await openDatabase({ dataDir });
      const people = (
        await source.pglite!.query<{ email: string; max: number }>(
          `SELECT email, (SELECT max(ticket_no)::int FROM service_requests) AS max FROM users
            WHERE status = 'ACTIVE' AND email NOT LIKE '%@${SYSTEM_EMAIL_DOMAIN}' ORDER BY email`,
        )
      ).rows;
      await source.close();
      const lastTicket = people[0]!.max;

      // The move, as an operator runs it.
      const started = performance.now();
      const moved = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/migrate-to-postgres.ts', '--to', target.toString(), '--storage', 'postgres'],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir },
          encoding: 'utf8',
          timeout: 300_000,
        },
      );
      const out = `${moved.stdout}${moved.stderr}`;
      console.log(out);
      console.log(`migrate-to-postgres took ${((performance.now() - started) / 1000).toFixed(1)} s as a process`);
      expect(moved.status, out).toBe(0);
      // The 10,000 generated requests and the demo's (its year of history too), the same on both sides.
      const counted = out.match(/public\.service_requests\s+([\d,]+)\s+([\d,]+)\s+(\w{16})\s+\3\s+ok/);
      expect(counted?.[2], out).toBe(counted?.[1]);
      expect(Number(counted?.[1]?.replace(/,/g, ''))).toBeGreaterThan(10_000);
      expect(out).not.toContain('MISMATCH');
      expect(out).toContain(`The next request will be SR-${String(lastTicket + 1).padStart(6, '0')}.`);
      mark('moved');

      // After: a server on PostgreSQL, the same DATA_DIR (secret.key), the photos in the database.
      server = await startServer(serverEnv(dataDir, { DATABASE_URL: target.toString(), STORAGE_DRIVER: 'postgres' }));
      await server.waitReady();
      const after = server.url;

      // The session of before: its access token reads, its refresh cookie refreshes.
      const me = await get<{ email: string }>(after, adminSession.token, '/api/auth/me');
      expect(me.email).toBe('admin@demo.test');
      const refreshed = await fetch(`${after}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: adminSession.cookie },
        body: '{}',
      });
      expect(refreshed.status).toBe(200);

      expect(await reads(after, tokens, ids)).toEqual(expected);
      const shown = await fetch(`${after}${photo.fileUrl}`);
      expect(shown.status).toBe(200);
      expect(Buffer.from(await shown.arrayBuffer()).equals(photoBytes)).toBe(true);
      mark('reads after the move');

      // Every user, their old password (the demo's or the generator's), four at a time.
      const failed: string[] = [];
      const queue = [...people];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let p = queue.shift(); p; p = queue.shift()) {
            const password = p.email.endsWith('@demo.test') ? DEMO_PASSWORD : BENCH_PASSWORD;
            await signIn(after, p.email, password).catch(() => failed.push(p.email));
          }
        }),
      );
      expect(failed).toEqual([]);
      expect(people.length).toBeGreaterThan(40);
      mark(`${people.length} users signed in`);

      // The ticket counter continues: the next request gets the next number, not a gap or a repeat.
      const created = await fetch(`${after}/api/service-requests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminSession.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'SERVICE',
          description: 'First request raised on PostgreSQL',
          customerId: customer.id,
          regionId: customer.regionId,
        }),
      });
      expect(created.status).toBe(201);
      const { ticketNumber } = (await created.json()) as { ticketNumber: string };
      expect(ticketNumber).toBe(`SR-${String(lastTicket + 1).padStart(6, '0')}`);
      mark('done');
    },
    300_000,
  );
});
