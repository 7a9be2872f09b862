/**
 * R10 (bad tokens on every endpoint), R11 (refresh reuse), R12 (logout, deactivation, password
 * change, admin sign-out-everywhere; access token lifetime) and R13 (throttling, enumeration).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { refreshSessions, users } from '#server/db/schema/people.ts';
import { newSecret, sha256 } from '#server/lib/tokens.ts';
import { REFRESH_COOKIE } from '#server/modules/auth/routes.ts';
import { INVALID_CREDENTIALS, TOO_MANY_FAILURES } from '#server/modules/auth/service.ts';
import { SIGN_OUT_SELF } from '#server/modules/users/service.ts';
import {
  createTestApp,
  login,
  makeUser,
  ROLE,
  type Session,
  signedIn,
  TEST_PASSWORD,
  type TestContext,
} from '#tests/harness/app.ts';
import { ENDPOINTS } from './endpoints.ts';
import { buildWorld, type Persona, type World } from './fixtures.ts';
import { isProtected, PUBLIC_ROUTES, registeredRoutes, urlOf } from './routes.ts';

// The real app, with an onRoute hook that lists its routes (routes.ts).

/** Valid bodies for the protected routes outside the matrix (so validation cannot answer first). */
const PROBE_BODY: Record<string, unknown> = {
  'POST /api/auth/change-password': { currentPassword: 'secret123', newPassword: 'another-secret-9' },
  'POST /api/auth/sign-out-everywhere': {},
};

const SECRET = 'test-secret-test-secret-test-secret-1234';
const key = (s: string) => new TextEncoder().encode(s);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestApp();
  w = await buildWorld(ctx);
}, 120_000);
afterAll(() => ctx.close());

const refreshWith = (cookie: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { cookie },
    payload: {},
    remoteAddress,
  });
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return String(first ?? '').split(';')[0] ?? '';
};
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('R10: forged, expired and orphaned tokens are refused on every protected route', () => {
  it('alg none, wrong key, wrong algorithm, expired, tampered, deactivated user, revoked session → 401', async () => {
    const admin = w.personas.find((p) => p.role === ROLE.SUPER_ADMIN) as Persona;
    const valid = admin.headers.authorization?.slice(7) as string;
    const claims = decodeJwt(valid);
    const now = Math.floor(Date.now() / 1000);
    const [h, , s] = valid.split('.');

    // A user deactivated straight in the database (the token and session are still there).
    const gone = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const goneSession = await login(ctx.app, gone.email);
    await ctx.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, gone.id));
    // A session revoked (logout elsewhere) while its access token has not expired.
    const revoked = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const revokedSession = await login(ctx.app, revoked.email);
    await ctx.db.update(refreshSessions).set({ revokedAt: new Date() }).where(eq(refreshSessions.userId, revoked.id));

    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims })}.`,
      'wrong key': await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub as string)
        .setIssuer('aquadesk')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key('another-secret-another-secret-another-secret')),
      'wrong algorithm (HS512, right key)': await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(claims.sub as string)
        .setIssuer('aquadesk')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key(SECRET)),
      expired: await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub as string)
        .setIssuer('aquadesk')
        .setIssuedAt(now - 3600)
        .setExpirationTime(now - 60)
        .sign(key(SECRET)),
      'wrong issuer': await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub as string)
        .setIssuer('someone-else')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key(SECRET)),
      'tampered payload': `${h}.${b64({ ...claims, sub: w.tech.own.id })}.${s}`,
      'tampered signature': `${h}.${valid.split('.')[1]}.${(s as string).slice(0, -4)}AAAA`,
      'deactivated user': goneSession.token,
      'revoked session': revokedSession.token,
      garbage: 'not-a-token',
    };
    // Sanity: the genuine token works.
    expect((await me(valid)).statusCode).toBe(200);

    // Every protected route the app registers (routes.ts; routes.test.ts proves the rest are public
    // by design): the matrix's endpoints with their prepared target, the others with their
    // parameters filled and a valid body, so only the token can be what refuses them.
    // An entry with a query (`mine=true`) or a variant target is a variant of its route's own entry.
    const routeEntries = ENDPOINTS.filter((e) => !e.query && !e.variant);
    const byKey = new Map(routeEntries.map((e) => [`${e.method} ${e.route}`, e]));
    const protectedRoutes = registeredRoutes(ctx.app).filter((r) => isProtected(ctx.app, r));
    let calls = 0;
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      const ep = byKey.get(route.key);
      const prepared = ep
        ? await ep.prepare(ctx, w, admin, 'other', 'other')
        : { url: urlOf(route.url, crypto.randomUUID()), payload: PROBE_BODY[route.key], headers: undefined };
      for (const [kind, token] of Object.entries(forged)) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: prepared.url,
          headers: { ...(prepared.headers ?? {}), authorization: `Bearer ${token}` },
          ...(prepared.payload === undefined ? {} : { payload: prepared.payload as string }),
        });
        calls++;
        if (res.statusCode !== 401) wrong.push(`${route.key} with ${kind}: ${res.statusCode}`);
      }
    }
    // The matrix's public entries (a unit's page, ADR 043) are routes no token guards.
    expect(protectedRoutes.length).toBeGreaterThan(
      routeEntries.filter((e) => !PUBLIC_ROUTES[`${e.method} ${e.route}`]).length,
    );
    for (const key of ['POST /api/auth/change-password', 'POST /api/auth/sign-out-everywhere']) {
      expect(protectedRoutes.map((r) => r.key)).toContain(key);
    }
    console.info(
      `R10: ${protectedRoutes.length} protected routes, ${calls} calls with ${Object.keys(forged).length} kinds of bad token: ${wrong.length} not 401`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);
});

/** A refresh session made straight in the database (no password hashing), as a cookie. */
async function freshSession(userId: string): Promise<string> {
  const secret = newSecret();
  const [row] = await ctx.db
    .insert(refreshSessions)
    .values({ userId, tokenHash: sha256(secret), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: refreshSessions.id });
  return `${REFRESH_COOKIE}=${row?.id}.${secret}`;
}

describe('R11: a rotated refresh token presented again revokes the whole session', () => {
  it('100 replays outside the grace window: each one refused, and the session it belonged to dead at once', async () => {
    const user = await makeUser(ctx.db, ROLE.SERVICE_MANAGER);
    let revokedEveryTime = 0;
    for (let i = 0; i < 100; i++) {
      // A client address per round, so the refresh rate limit (60 a minute per client) stays out of the way.
      const ip = `127.0.${i >> 8}.${(i & 255) + 1}`;
      const first = await freshSession(user.id);
      const rotated = await refreshWith(first, ip);
      expect(rotated.statusCode).toBe(200);
      let next = cookieOf(rotated);
      if (i % 2 === 0) {
        // Even rounds: the replay comes after the grace window (ADR 005): the rotation was 31 s ago.
        const sid = first.split('=')[1]?.split('.')[0] as string;
        await ctx.db
          .update(refreshSessions)
          .set({ lastUsedAt: new Date(Date.now() - 31_000) })
          .where(eq(refreshSessions.id, sid));
      } else {
        // Odd rounds: inside the window, but the session has rotated again since (once the window
        // of the first rotation had passed): the first secret is two behind.
        const sid = first.split('=')[1]?.split('.')[0] as string;
        await ctx.db
          .update(refreshSessions)
          .set({ lastUsedAt: new Date(Date.now() - 31_000) })
          .where(eq(refreshSessions.id, sid));
        const again = await refreshWith(next, ip);
        expect(again.statusCode).toBe(200);
        next = cookieOf(again);
      }
      const access = rotated.json().accessToken as string;
      const replay = await refreshWith(first, ip);
      const afterNext = await refreshWith(next, ip);
      const afterAccess = await me(access);
      if (replay.statusCode === 401 && afterNext.statusCode === 401 && afterAccess.statusCode === 401) {
        revokedEveryTime++;
      }
    }
    const reuse = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    console.info(`R11: 100 replays, session revoked ${revokedEveryTime} times`);
    expect(revokedEveryTime).toBe(100);
    expect(reuse.filter((a) => a.action === 'auth.refresh_reuse').length).toBe(100);
  }, 120_000);
});

describe('R12: sign-out, deactivation and password change end sessions at once', () => {
  it('the access token lives at most 15 minutes, and the configuration cannot make it longer', async () => {
    const s = await signedIn(ctx, ROLE.SALESMAN);
    const { exp, iat } = decodeJwt(s.token);
    expect((exp as number) - (iat as number)).toBeLessThanOrEqual(15 * 60);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '3600' } as NodeJS.ProcessEnv)).toThrow();
  });

  it('logout: the refresh cookie and the access token are refused at once', async () => {
    const s = await signedIn(ctx, ROLE.SALESMAN);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...s.headers, cookie: s.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await refreshWith(s.cookie)).statusCode).toBe(401);
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('deactivation by an admin: refresh and access refused at once', async () => {
    const admin = w.personas.find((p) => p.role === ROLE.SUPER_ADMIN) as Persona;
    const s = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.regions.own.id });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${s.user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect((await refreshWith(s.cookie)).statusCode).toBe(401);
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it("password change: the other sessions' refresh and access refused at once; this one goes on", async () => {
    const made = await makeUser(ctx.db, ROLE.SALES_MANAGER);
    const here: Session = await login(ctx.app, made.email);
    const elsewhere: Session = await login(ctx.app, made.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: here.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-secret-9' },
    });
    expect(res.statusCode).toBe(200);
    expect((await refreshWith(elsewhere.cookie)).statusCode).toBe(401);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    expect((await me(here.token)).statusCode).toBe(200);
    expect((await refreshWith(here.cookie)).statusCode).toBe(200);
  });

  it('an admin signs a user out everywhere: every session ends, with an audit row; not oneself', async () => {
    const admin = w.personas.find((p) => p.role === ROLE.SERVICE_ADMIN) as Persona;
    const made = await makeUser(ctx.db, ROLE.TECHNICIAN, { regionId: w.regions.own.id });
    const a = await login(ctx.app, made.email);
    const b = await login(ctx.app, made.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${made.id}/sign-out-everywhere`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out everywhere' });
    for (const s of [a, b]) {
      expect((await refreshWith(s.cookie)).statusCode).toBe(401);
      expect((await me(s.token)).statusCode).toBe(401);
    }
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(rows.find((r) => r.action === 'user.sign_out_everywhere')).toMatchObject({ actorId: admin.id });
    const self = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${admin.id}/sign-out-everywhere`,
      headers: admin.headers,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SIGN_OUT_SELF);
  });
});

describe('R13: sign-in throttling and enumeration', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_PER_IP: '5', LOGIN_FAILS_PER_ACCOUNT: '4' });
  });
  afterAll(() => t.close());
  const attempt = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
      headers,
    });

  it('per client: the sixth attempt in a minute from one address gets 429, even with a made-up X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A client on the internet (not the local proxy) cannot choose its own address.
      const res = await attempt(`nobody${i}@test.local`, 'wrong-password', '203.0.113.7', {
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('per account: after 4 failures the right password is refused too, from any address', async () => {
    const user = await makeUser(t.db, ROLE.SALESMAN);
    for (let i = 0; i < 4; i++) {
      expect((await attempt(user.email, 'wrong-password', `127.0.1.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await attempt(user.email, TEST_PASSWORD, '127.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY_FAILURES);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorEmail, user.email));
    expect(rows.filter((r) => r.outcome === 'failed').length).toBe(4);
    expect(rows.filter((r) => r.outcome === 'denied').length).toBe(1);
  });
});

describe('R13: an unknown email and a wrong password look the same', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_FAILS_PER_ACCOUNT: '1000' });
  });
  afterAll(() => t.close());

  it('same status and body; median paired time ratio within 30% over 40 tries each', async () => {
    const user = await makeUser(t.db, ROLE.SALESMAN);
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
      });
      return { ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode, body: res.body };
    };
    // Warm up both paths (the dummy hash is computed once).
    await time(user.email);
    await time('warm.up@test.local');
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, and in alternating order, so a burst of load on the machine falls on both.
    for (let i = 0; i < 40; i++) {
      const first = i % 2 === 0;
      const a = first ? await time(`nobody.${i}@test.local`) : undefined;
      const b = await time(user.email);
      const aa = a ?? (await time(`nobody.${i}@test.local`));
      expect(aa.status).toBe(401);
      expect(b.status).toBe(401);
      expect(aa.body).toBe(b.body);
      expect(JSON.parse(aa.body).message).toBe(INVALID_CREDENTIALS);
      unknown.push(aa.ms);
      wrong.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
    const mu = median(unknown);
    const mw = median(wrong);
    // The median of the per-pair ratios: each pair ran back to back, so a burst of load on the
    // machine (CI runs this beside other suites) moves both of a pair, not one side's median.
    const paired = median(wrong.map((w, i) => w / (unknown[i] as number)));
    const ratio = Math.max(paired, 1 / paired);
    console.info(
      `R13 timing: unknown email ${mu.toFixed(1)} ms, wrong password ${mw.toFixed(1)} ms (paired ratio ${ratio.toFixed(2)})`,
    );
    expect(ratio).toBeLessThan(1.3);
  }, 120_000);
});
