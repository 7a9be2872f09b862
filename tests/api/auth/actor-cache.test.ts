/**
 * The actor cache (ADR 021) keeps ADR 005's guarantees on the same process: each change that
 * affects a signed-in caller takes effect on the very next request, although the caller's actor
 * was cached a moment before (each test first shows the cache answering, so the refusal that
 * follows can only come from the invalidation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '#server/lib/auth.ts';
import {
  createTestApp,
  login,
  makeRegion,
  makeUser,
  ROLE,
  roleId,
  type Session,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s: Session, payload?: object) =>
  ctx.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });

/** Calls twice and shows the second answer came from the cache (no look-up). */
async function warm(s: Session, url = '/api/notifications/unread-count'): Promise<void> {
  expect((await call('GET', url, s)).statusCode).toBe(200);
  const cache = ctx.app.deps.actorCache;
  const hits = cache.hits;
  expect((await call('GET', url, s)).statusCode).toBe(200);
  expect(cache.hits).toBe(hits + 1);
}

describe('the actor cache on one process', () => {
  it('is on once the notification listener is subscribed', () => {
    expect(ctx.app.deps.actorCache.enabled).toBe(true);
  });

  it('a deactivated user is refused on the next request', async () => {
    const user = await signedIn(ctx, ROLE.SERVICE_MANAGER);
    await warm(user);
    expect((await call('DELETE', `/api/users/${user.made.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/unread-count', user)).statusCode).toBe(401);
  });

  it('a revoked session (sign-out) is refused on the next request', async () => {
    const user = await signedIn(ctx, ROLE.SALESMAN);
    await warm(user);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...user.headers, cookie: user.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/unread-count', user)).statusCode).toBe(401);
  });

  it('sign-out-everywhere refuses every session of the user on the next request', async () => {
    const made = await makeUser(ctx.db, ROLE.SERVICE_TEAM_LEAD);
    const phone = await login(ctx.app, made.email);
    const desk = await login(ctx.app, made.email);
    await warm(phone);
    await warm(desk);
    expect((await call('POST', `/api/users/${made.id}/sign-out-everywhere`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/notifications/unread-count', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications/unread-count', desk)).statusCode).toBe(401);
  });

  it('a role change applies on the next request (a manager moved to Technician loses the user list)', async () => {
    const region = await makeRegion(ctx.db);
    const user = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: region.id });
    await warm(user, '/api/users');
    const res = await call('PUT', `/api/users/${user.made.id}`, admin, {
      name: user.made.name,
      email: user.made.email,
      phone: null,
      roleId: await roleId(ctx.db, ROLE.TECHNICIAN),
      regionId: region.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/users', user)).statusCode).toBe(403);
    expect((await call('GET', '/api/technicians/my-tasks', user)).statusCode).toBe(200);
  });

  it("a change to a role (its name and permissions) applies to its holders' next request", async () => {
    const created = await call('POST', '/api/roles', admin, {
      name: `Zone lead ${crypto.randomUUID().slice(0, 6)}`,
      parentRoleId: await roleId(ctx.db, ROLE.SERVICE_MANAGER),
    });
    expect(created.statusCode).toBe(201);
    const role = created.json() as { id: string; name: string };
    const holder = await login(ctx.app, (await makeUser(ctx.db, role.name)).email);
    await warm(holder);
    const { actorCache, tokens } = ctx.app.deps;
    const before = await loadActor(ctx.db, tokens, holder.token, actorCache);
    expect(before?.roleName).toBe(role.name);

    const renamed = `${role.name} (north)`;
    const put = await call('PUT', `/api/roles/${role.id}`, admin, { name: renamed, permissions: { zone: 'north' } });
    expect(put.statusCode).toBe(200);
    const misses = actorCache.misses;
    // The guard's own look-up: read again from the database, with the new name.
    const after = await loadActor(ctx.db, tokens, holder.token, actorCache);
    expect(actorCache.misses).toBe(misses + 1);
    expect(after?.roleName).toBe(renamed);
    expect((await call('GET', '/api/notifications/unread-count', holder)).statusCode).toBe(200);
  });

  it('a change still in its transaction is not cached from a look-up that read the old row', async () => {
    const user = await signedIn(ctx, ROLE.SALES_MANAGER);
    const { actorCache, tokens } = ctx.app.deps;
    const { announceAuthChange } = await import('#server/lib/push-channel.ts');
    const { users } = await import('#server/db/schema/people.ts');
    const { eq } = await import('drizzle-orm');
    let inside: Awaited<ReturnType<typeof loadActor>> | undefined;
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ status: 'INACTIVE' }).where(eq(users.id, user.made.id));
      await announceAuthChange(tx, { user: user.made.id });
      // On PostgreSQL another connection still sees the old row; PGlite runs one statement at a
      // time, so the look-up waits for the commit there. Either way nothing may be kept.
      if (ctx.database.kind === 'postgres') {
        inside = await loadActor(ctx.db, tokens, user.token, actorCache);
        expect(inside?.id).toBe(user.made.id);
      }
    });
    expect(await loadActor(ctx.db, tokens, user.token, actorCache)).toBeNull();
    expect((await call('GET', '/api/notifications/unread-count', user)).statusCode).toBe(401);
  });
});
