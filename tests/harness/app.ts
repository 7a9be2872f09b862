/**
 * The API test harness: the real app over a fresh, migrated database (PGlite, or PostgreSQL when
 * the project runs with TEST_DB=postgres), plus factories that create data the way the app stores it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { type App, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { customers } from '#server/db/schema/customers.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { ROLE, type SystemRole } from '#shared/domain/roles.ts';
import type { RequestStatus, RequestType } from '#shared/domain/workflow.ts';

export const TEST_PASSWORD = 'secret123';

/**
 * A throwaway PostgreSQL database name for this test run. The run's id (set by the global setup)
 * is part of the name, so the teardown drops only this run's leftovers, never those of another run
 * (another checkout, another person) on the same server.
 */
export function testDatabaseName(): string {
  return `aquadesk_t_${process.env.AQUADESK_TEST_RUN ?? 'x'}_${crypto.randomBytes(6).toString('hex')}`;
}
let passwordHash: Promise<string> | undefined;

/** The routes each test app registered, as Fastify reported them (tests/security/routes.ts). */
const routesOf = new WeakMap<object, RouteOptions[]>();
export function registeredRouteOptions(app: object): RouteOptions[] | undefined {
  return routesOf.get(app);
}

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    const template = process.env.AQUADESK_PG_TEMPLATE;
    if (!url || !template) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL and the global setup');
    const name = testDatabaseName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    // R4 fires 200 transitions at once: on a loaded 2-core machine some waited over the 2 s default
    // for a connection and answered 503 (seen in CI); outcomes are what these tests check.
    const database = await openDatabase({ databaseUrl: u.toString(), poolMax: 10, poolWaitMs: 30_000 });
    return {
      database,
      drop: async () => {
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const template = process.env.AQUADESK_PGLITE_TEMPLATE;
  if (!template) throw new Error('The PGlite template is missing: run through vitest (global setup)');
  const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(template)]) });
  return { database, drop: async () => {} };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'off',
    SERVE_WEB: 'off',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_PER_IP: '10000',
    ...env,
  } as NodeJS.ProcessEnv);
  const { database, drop } = await openTestDatabase();
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    secret: 'test-secret-test-secret-test-secret-1234',
    logger: false,
    // A copy as it is now: Fastify reuses the object for the HEAD twin and a prefix's other form.
    onRoute: (r) => routes.push({ ...r }),
  });
  routesOf.set(app, routes);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- factories

export async function roleId(db: Database['db'], name: string): Promise<string> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  if (!row) throw new Error(`No role ${name}`);
  return row.id;
}

export async function makeRegion(db: Database['db'], name = `Region ${crypto.randomUUID().slice(0, 8)}`) {
  const [row] = await db.insert(regions).values({ name }).returning();
  return row!;
}

export interface MadeUser {
  id: string;
  email: string;
  name: string;
  role: string;
  regionId: string | null;
}

export async function makeUser(
  db: Database['db'],
  role: SystemRole | string,
  opts: { regionId?: string | null; name?: string; email?: string; status?: 'ACTIVE' | 'INACTIVE' } = {},
): Promise<MadeUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const suffix = crypto.randomUUID().slice(0, 8);
  const name = opts.name ?? `${role} ${suffix}`;
  const email = opts.email ?? `${role.toLowerCase().replace(/\s+/g, '.')}.${suffix}@test.local`;
  const [row] = await db
    .insert(users)
    .values({
      name,
      email,
      passwordHash: await passwordHash,
      roleId: await roleId(db, role),
      regionId: opts.regionId ?? null,
      status: opts.status ?? 'ACTIVE',
    })
    .returning({ id: users.id });
  return { id: row!.id, email, name, role, regionId: opts.regionId ?? null };
}

export async function makeCustomer(
  db: Database['db'],
  regionId: string,
  opts: { name?: string; primaryPhone?: string; phoneNumbers?: string[] } = {},
) {
  const name = opts.name ?? `Customer ${crypto.randomUUID().slice(0, 6)}`;
  const primaryPhone = opts.primaryPhone ?? String(9000000000 + Math.floor(Math.random() * 999999999)).slice(0, 10);
  const phoneNumbers = opts.phoneNumbers ?? [];
  const [row] = await db
    .insert(customers)
    .values({
      name,
      address: '1 Test Street, Test Town',
      primaryPhone,
      phoneNumbers,
      regionId,
      searchText: [name, primaryPhone, ...phoneNumbers].join(' ').toLowerCase(),
    })
    .returning();
  return row!;
}

export async function makeRequest(
  db: Database['db'],
  opts: {
    customerId: string;
    regionId: string;
    requestedById: string;
    status?: RequestStatus;
    type?: RequestType;
    description?: string;
    assignedToId?: string | null;
    needsSalesApproval?: boolean;
    salesApproved?: boolean;
    unitId?: string | null;
  },
) {
  const description = opts.description ?? 'A test request that needs doing';
  const [row] = await db
    .insert(serviceRequests)
    .values({
      type: opts.type ?? 'SERVICE',
      description,
      status: opts.status ?? 'PENDING_APPROVAL',
      customerId: opts.customerId,
      regionId: opts.regionId,
      requestedById: opts.requestedById,
      assignedToId: opts.assignedToId ?? null,
      needsSalesApproval: opts.needsSalesApproval ?? false,
      salesApproved: opts.salesApproved ?? false,
      unitId: opts.unitId ?? null,
      searchText: description.toLowerCase(),
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------- sessions

export interface Session {
  token: string;
  cookie: string;
  user: { id: string; name: string; role: { name: string } };
  headers: { authorization: string };
}

/** Signs in through the real endpoint. */
export async function login(app: App, email: string, password = TEST_PASSWORD): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const setCookie = res.headers['set-cookie'];
  const raw = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const cookie = (raw ?? '').split(';')[0] ?? '';
  return { token: body.accessToken, cookie, user: body.user, headers: { authorization: `Bearer ${body.accessToken}` } };
}

/** Creates a user of a role and signs them in. */
export async function signedIn(
  ctx: TestContext,
  role: SystemRole | string,
  opts: { regionId?: string | null } = {},
): Promise<Session & { made: MadeUser }> {
  const made = await makeUser(ctx.db, role, opts);
  const session = await login(ctx.app, made.email);
  return { ...session, made };
}

export { ROLE };
