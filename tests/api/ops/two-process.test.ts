/**
 * Two real server processes share one PostgreSQL (a fresh, empty database: they also race to
 * migrate it), with the same JWT_SECRET and STORAGE_DRIVER=postgres, and separate DATA_DIRs (no
 * shared disk). A client alternates between them: it signs in on A and refreshes on B, uploads a
 * photo on A and views it on B, and is assigned a request on A while its push stream is on B.
 * PostgreSQL only (TEST_DB=postgres): the embedded database is one process by design.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseName } from '#tests/harness/app.ts';
import { type ServerProcess, startServer } from '#tests/harness/process.ts';
import { openStream } from '#tests/harness/sse.ts';

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const DEMO_PASSWORD = 'demo1234';
const METRICS_TOKEN = 'two-process-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const dbName = testDatabaseName();
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  const admin = async (q: string, database?: string) => {
    const u = new URL(adminUrl);
    if (database) u.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: u.toString() });
    await client.connect();
    try {
      await client.query(q);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    const env = (dir: string) => ({
      DATABASE_URL: u.toString(),
      DATA_DIR: dir,
      JWT_SECRET: 'two-process-shared-secret-0123456789abcdef',
      DEMO: 'on',
      SERVE_WEB: 'off',
      STORAGE_DRIVER: 'postgres',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
    });
    for (let i = 0; i < 2; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), `aquadesk-2p-${i}-`)));
    [a, b] = await Promise.all([startServer(env(dirs[0]!)), startServer(env(dirs[1]!))]);
    await Promise.all([a.waitReady(150_000), b.waitReady(150_000)]);
  }, 180_000);

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    expect(codes).toEqual([0, 0]);
  }, 60_000);

  const call = async (server: ServerProcess, method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: () => JSON.parse(text) };
  };

  const signIn = async (server: ServerProcess, email: string) => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accessToken: string; user: { id: string } };
    return {
      token: body.accessToken,
      userId: body.user.id,
      cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    };
  };

  it('both became ready on a database they migrated together, once', async () => {
    const client = new pg.Client({ connectionString: adminUrl.replace(/\/[^/]*$/, `/${dbName}`) });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const files = fs.readdirSync(path.resolve('src/server/db/migrations')).filter((f) => f.endsWith('.sql'));
      expect(rows[0].n).toBe(files.length);
      const users = await client.query(`SELECT count(*)::int AS n FROM users WHERE email = 'tech@demo.test'`);
      expect(users.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('signs in on A and refreshes on B; either token works on either process', async () => {
    const tech = await signIn(a, 'tech@demo.test');
    const refresh = await fetch(`${b.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: tech.cookie },
      body: JSON.stringify({ userId: tech.userId }),
    });
    expect(refresh.status).toBe(200);
    const { accessToken } = (await refresh.json()) as { accessToken: string };
    expect((await call(a, 'GET', '/api/auth/me', accessToken)).status).toBe(200);
    expect((await call(b, 'GET', '/api/auth/me', tech.token)).status).toBe(200);
    // The grace window (ADR 017) is shared too: replaying the just-rotated cookie on A, within
    // REFRESH_GRACE_SECONDS, answers the same successor session B issued.
    const cookieB = (refresh.headers.get('set-cookie') ?? '').split(';')[0]!;
    const replay = await fetch(`${a.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: tech.cookie },
      body: '{}',
    });
    expect(replay.status).toBe(200);
    // Rotating again on B, once the first rotation's window has passed, makes the first cookie two
    // generations old: A refuses it, because the sessions are in PostgreSQL, not in either process.
    await admin(`UPDATE refresh_sessions SET last_used_at = now() - interval '31 seconds'`, dbName);
    const second = await fetch(`${b.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieB },
      body: '{}',
    });
    expect(second.status).toBe(200);
    const reused = await fetch(`${a.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: tech.cookie },
      body: '{}',
    });
    expect(reused.status).toBe(401);
  });

  it('uploads a photo on A and views it on B', async () => {
    const tech = await signIn(a, 'tech@demo.test');
    const list = await call(a, 'GET', '/api/technicians/my-tasks', tech.token);
    expect(list.status).toBe(200);
    const task = (list.json() as { id: string; status: string }[]).find((r) => r.status === 'IN_PROGRESS');
    expect(task).toBeDefined();

    const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#00838f' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'site.jpg');
    const upload = await fetch(`${a.url}/api/uploads/work-media/${task!.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tech.token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { fileUrl, thumbnailUrl } = (await upload.json()) as { fileUrl: string; thumbnailUrl: string };

    const onB = await fetch(`${b.url}${fileUrl}`);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/jpeg');
    const bytesB = Buffer.from(await onB.arrayBuffer());
    const bytesA = Buffer.from(await (await fetch(`${a.url}${fileUrl}`)).arrayBuffer());
    expect(bytesB.equals(bytesA)).toBe(true);
    expect((await sharp(bytesB).metadata()).width).toBe(80);
    expect((await fetch(`${b.url}${thumbnailUrl}`)).status).toBe(200);
    // Neither process wrote a file: the bytes are in the database.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'media'))).toBe(false);
  });

  it('assigns on A and pushes the notification to the stream held by B', async () => {
    const tech = await signIn(b, 'tech2@demo.test');
    const stream = openStream(b.port, tech.token);
    try {
      await stream.waitFor((e) => e.event === 'notification');
      const before = stream.events.length;

      const manager = await signIn(a, 'service.manager@demo.test');
      const approved = await call(a, 'GET', '/api/service-requests?status=APPROVED', manager.token);
      expect(approved.status).toBe(200);
      const request = (approved.json() as { id: string }[])[0];
      expect(request).toBeDefined();
      const assign = await call(a, 'POST', `/api/service-requests/${request!.id}/manual-assign`, manager.token, {
        technicianId: tech.userId,
      });
      expect(assign.status).toBe(200);

      const pushed = await new Promise<(typeof stream.events)[number]>((resolve, reject) => {
        const start = Date.now();
        const poll = () => {
          const e = stream.events.slice(before).find((x) => x.event === 'notification' && x.data.latest);
          if (e) return resolve(e);
          if (Date.now() - start > 10_000) return reject(new Error(`no push on B: ${JSON.stringify(stream.events)}`));
          setTimeout(poll, 25);
        };
        poll();
      });
      expect(pushed.data.latest?.message).toMatch(/assigned/i);
      expect(pushed.data.count).toBeGreaterThanOrEqual(1);
    } finally {
      stream.close();
    }
  });

  // ---- the actor cache (ADR 021): a change on A reaches B's cache within a second --------------

  /** One figure of B's (or A's) actor cache, from GET /metrics. */
  const cacheFigure = async (server: ServerProcess, figure: string): Promise<number> => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const m = new RegExp(`aquadesk_actor_cache\\{figure="${figure}"\\} (\\d+)`).exec(await res.text());
    return Number(m?.[1] ?? Number.NaN);
  };

  /** Polls until `check` holds; returns the milliseconds it took, fails past `limitMs`. */
  const within = async (limitMs: number, what: string, check: () => Promise<boolean>): Promise<number> => {
    const start = Date.now();
    for (;;) {
      if (await check()) return Date.now() - start;
      if (Date.now() - start > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
      await sleep(20);
    }
  };

  let adminA: { token: string } | undefined;
  const adminOnA = async () => {
    adminA ??= await signIn(a, 'admin@demo.test');
    return adminA.token;
  };
  const roleIdOf = async (name: string) => {
    const roles = (await call(a, 'GET', '/api/roles', await adminOnA())).json() as { id: string; name: string }[];
    return roles.find((r) => r.name === name)!.id;
  };
  const chennai = async () => {
    const regions = (await call(a, 'GET', '/api/regions', await adminOnA())).json() as { id: string; name: string }[];
    return regions.find((r) => r.name === 'Chennai')!.id;
  };
  /** A fresh user made on A (so the demo accounts the other tests use stay as they are). */
  const newUser = async (role: string) => {
    const email = `cache.${crypto.randomUUID().slice(0, 8)}@demo.test`;
    const body = { name: 'Cache Check', email, phone: null, roleId: await roleIdOf(role), regionId: await chennai() };
    const res = await call(a, 'POST', '/api/users', await adminOnA(), { ...body, password: DEMO_PASSWORD });
    expect(res.status).toBe(201);
    return { ...body, id: (res.json() as { id: string }).id };
  };
  /** Signed in on B, and B answering that session from its cache (its hit count moves). */
  const cachedOnB = async (email: string, url = '/api/notifications/unread-count') => {
    const s = await signIn(b, email);
    expect((await call(b, 'GET', url, s.token)).status).toBe(200);
    const hits = await cacheFigure(b, 'hits');
    expect((await call(b, 'GET', url, s.token)).status).toBe(200);
    expect(await cacheFigure(b, 'hits')).toBeGreaterThan(hits);
    return s;
  };
  const statusOnB = async (token: string, url = '/api/notifications/unread-count') =>
    (await call(b, 'GET', url, token)).status;

  it('a user disabled on A is refused by B within a second', async () => {
    const user = await newUser('Service Team Lead');
    const s = await cachedOnB(user.email);
    expect((await call(a, 'DELETE', `/api/users/${user.id}`, await adminOnA())).status).toBe(200);
    await within(1000, 'B refuses the disabled user', async () => (await statusOnB(s.token)) === 401);
  });

  it('a session signed out on A is refused by B within a second', async () => {
    const user = await newUser('Sales Team Lead');
    const s = await cachedOnB(user.email);
    const out = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, cookie: s.cookie },
    });
    expect(out.status).toBe(200);
    await within(1000, 'B refuses the signed-out session', async () => (await statusOnB(s.token)) === 401);
  });

  it('a role changed on A applies on B within a second (a manager made Technician loses the user list)', async () => {
    const user = await newUser('Service Manager');
    const s = await cachedOnB(user.email, '/api/users');
    const put = await call(a, 'PUT', `/api/users/${user.id}`, await adminOnA(), {
      name: user.name,
      email: user.email,
      phone: null,
      roleId: await roleIdOf('Technician'),
      regionId: user.regionId,
    });
    expect(put.status).toBe(200);
    await within(1000, 'B applies the new role', async () => (await statusOnB(s.token, '/api/users')) === 403);
  });

  it('B re-subscribes when its listening connection drops, and never serves a stale grant meanwhile', async () => {
    const client = new pg.Client({ connectionString: adminUrl.replace(/\/[^/]*$/, `/${dbName}`) });
    await client.connect();
    try {
      const listenerOf = async (server: ServerProcess): Promise<number | undefined> => {
        const { rows } = await client.query(
          `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query ILIKE 'LISTEN%'`,
          [`aquadesk-listen-${server.proc.pid}`],
        );
        return rows[0]?.pid as number | undefined;
      };
      const before = await listenerOf(b);
      expect(before).toBeDefined();
      const user = await newUser('Sales Manager');
      const s = await cachedOnB(user.email);

      await client.query('SELECT pg_terminate_backend($1)', [before]);
      // Disabled while B may still be reconnecting: its notification can be lost to B.
      expect((await call(a, 'DELETE', `/api/users/${user.id}`, await adminOnA())).status).toBe(200);
      // B refuses it within the fallback lifetime (AUTH_CACHE_SECONDS, 5 s) at the latest; here
      // at once, as B's cache is off from the moment its connection dropped until it is back.
      await within(
        5000,
        'B refuses the user disabled during the outage',
        async () => (await statusOnB(s.token)) === 401,
      );

      // B is subscribed again, on a new connection, with its cache on and empty-started...
      await within(10_000, 'B listens again', async () => {
        const now = await listenerOf(b);
        return now !== undefined && now !== before && (await cacheFigure(b, 'enabled')) === 1;
      });
      // ...and a change on A reaches it within a second again.
      const next = await newUser('Service Team Lead');
      const t = await cachedOnB(next.email);
      expect((await call(a, 'DELETE', `/api/users/${next.id}`, await adminOnA())).status).toBe(200);
      await within(1000, 'B refuses after re-subscribing', async () => (await statusOnB(t.token)) === 401);
    } finally {
      await client.end();
    }
  });
});
