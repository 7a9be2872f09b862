/**
 * The refresh grace window (ADR 005, RFC 9700): the spec's client refreshes once per failed call,
 * so after expiry several refreshes arrive at once with the same cookie. The secret just rotated
 * out keeps getting its successor for REFRESH_GRACE_SECONDS (default 30); a reuse after that, or
 * of an older secret, still revokes the session (R11).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { refreshSessions } from '#server/db/schema/people.ts';
import { createTestApp, login, makeUser, ROLE, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const refresh = (cookie: string, userId?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: userId ? { userId } : {}, headers: { cookie } });
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['set-cookie']).split(';')[0] as string;
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const liveSessions = async (userId: string) =>
  ctx.db
    .select()
    .from(refreshSessions)
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
/** Moves the session's last rotation `seconds` into the past (a clock without the wait). */
const rotatedAgo = (cookie: string, seconds: number) =>
  ctx.db
    .update(refreshSessions)
    .set({ lastUsedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(refreshSessions.id, cookie.split('=')[1]?.split('.')[0] as string));

describe('refresh grace window', () => {
  it('5 parallel refreshes with one cookie all succeed, get the same new cookie, and leave one live session', async () => {
    const user = await makeUser(ctx.db, ROLE.SERVICE_MANAGER);
    const s = await login(ctx.app, user.email);
    const all = await Promise.all(Array.from({ length: 5 }, () => refresh(s.cookie, user.id)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const cookies = new Set(all.map(cookieOf));
    expect(cookies.size).toBe(1);
    const [next] = [...cookies] as [string];
    expect(next).not.toBe(s.cookie);
    for (const r of all) expect((await me(r.json().accessToken)).statusCode).toBe(200);
    const live = await liveSessions(user.id);
    expect(live).toHaveLength(1);
    expect(live[0]?.rotations).toBe(1);
    // The successor goes on rotating normally once the window has passed.
    await rotatedAgo(next, 31);
    const later = await refresh(next, user.id);
    expect(later.statusCode).toBe(200);
    expect((await liveSessions(user.id))[0]?.rotations).toBe(2);
  });

  it('a burst holding two generations (the jar took the new cookie mid-burst) all go through, one rotation', async () => {
    const user = await makeUser(ctx.db, ROLE.SERVICE_MANAGER);
    const s = await login(ctx.app, user.email);
    const first = await refresh(s.cookie, user.id);
    const next = cookieOf(first);
    // The new cookie comes back inside the window: answered as it is, not rotated a second time.
    const withNew = await refresh(next, user.id);
    expect(withNew.statusCode).toBe(200);
    expect(cookieOf(withNew)).toBe(next);
    expect((await me(withNew.json().accessToken)).statusCode).toBe(200);
    // So the old cookie, still out with the rest of the burst, is the one just rotated out.
    const withOld = await refresh(s.cookie, user.id);
    expect(withOld.statusCode).toBe(200);
    expect(cookieOf(withOld)).toBe(next);
    const live = await liveSessions(user.id);
    expect(live).toHaveLength(1);
    expect(live[0]?.rotations).toBe(1);
    // After the window the current cookie rotates again, and the old one is two behind: a reuse.
    await rotatedAgo(next, 31);
    const third = await refresh(next, user.id);
    expect(third.statusCode).toBe(200);
    expect(cookieOf(third)).not.toBe(next);
    expect((await refresh(s.cookie, user.id)).statusCode).toBe(401);
    expect(await liveSessions(user.id)).toHaveLength(0);
  });

  it('a replay inside the window answers the same successor; after the window it revokes the session', async () => {
    const user = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const s = await login(ctx.app, user.email);
    const first = await refresh(s.cookie, user.id);
    const next = cookieOf(first);
    await rotatedAgo(s.cookie, 29);
    const replay = await refresh(s.cookie, user.id);
    expect(replay.statusCode).toBe(200);
    expect(cookieOf(replay)).toBe(next);

    await rotatedAgo(s.cookie, 31);
    const late = await refresh(s.cookie, user.id);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Your session has expired. Please sign in again.');
    expect((await refresh(next, user.id)).statusCode).toBe(401);
    expect((await me(first.json().accessToken)).statusCode).toBe(401);
    expect(await liveSessions(user.id)).toHaveLength(0);
  });

  it('a replay never extends the window: it runs from the real rotation', async () => {
    const user = await makeUser(ctx.db, ROLE.TECHNICIAN);
    const s = await login(ctx.app, user.email);
    await refresh(s.cookie, user.id);
    await rotatedAgo(s.cookie, 20);
    expect((await refresh(s.cookie, user.id)).statusCode).toBe(200);
    const [row] = await liveSessions(user.id);
    expect(Date.now() - (row?.lastUsedAt.getTime() ?? 0)).toBeGreaterThanOrEqual(19_000);
  });

  it('the grace covers only the secret just rotated out, for its own user, on a live session', async () => {
    const user = await makeUser(ctx.db, ROLE.SALESMAN);
    const other = await makeUser(ctx.db, ROLE.SALESMAN);
    const s = await login(ctx.app, user.email);
    const first = await refresh(s.cookie, user.id);
    // Another user's id with the just-rotated cookie: refused, and the session lives on.
    expect((await refresh(s.cookie, other.id)).statusCode).toBe(401);
    expect(await liveSessions(user.id)).toHaveLength(1);
    // After logout the grace is gone with the session.
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookieOf(first) } });
    expect((await refresh(s.cookie, user.id)).statusCode).toBe(401);
    expect((await refresh(cookieOf(first), user.id)).statusCode).toBe(401);
  });

  it('REFRESH_GRACE_SECONDS is 30 by default, 0 turns it off, and it cannot exceed 30', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).REFRESH_GRACE_SECONDS).toBe(30);
    expect(loadConfig({ REFRESH_GRACE_SECONDS: '0' } as NodeJS.ProcessEnv).REFRESH_GRACE_SECONDS).toBe(0);
    expect(() => loadConfig({ REFRESH_GRACE_SECONDS: '31' } as NodeJS.ProcessEnv)).toThrow();
  });
});

describe('refresh grace switched off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp({ REFRESH_GRACE_SECONDS: '0' });
  });
  afterAll(() => off.close());

  it('any replay revokes at once', async () => {
    const user = await makeUser(off.db, ROLE.TECHNICIAN);
    const s = await login(off.app, user.email);
    const post = (cookie: string) =>
      off.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {}, headers: { cookie } });
    const first = await post(s.cookie);
    expect(first.statusCode).toBe(200);
    expect((await post(s.cookie)).statusCode).toBe(401);
    expect((await post(cookieOf(first))).statusCode).toBe(401);
  });
});
