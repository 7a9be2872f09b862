import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '#shared/domain/roles.ts';
import { createTestApp, makeUser, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/audit-log', () => {
  it('shows admins the trail newest first: sign-ins, failed sign-ins and refusals', async () => {
    const victim = await makeUser(ctx.db, ROLE.SALESMAN);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: 'wrong-pass' },
    });
    const tech = await signedIn(ctx, ROLE.TECHNICIAN);
    const denied = await ctx.app.inject({ method: 'GET', url: '/api/audit-log', headers: tech.headers });
    expect(denied.statusCode).toBe(403);

    const admin = await signedIn(ctx, ROLE.SALES_ADMIN);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/audit-log?pageSize=50', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { action: string; outcome: string; actorEmail: string | null; ip: string | null }[];
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    expect(rows[0]?.action).toBe('auth.login');
    expect(rows[0]?.actorEmail).toBe(admin.made.email);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'auth.login', outcome: 'failed', actorEmail: victim.email }),
        expect.objectContaining({ action: 'access.denied', outcome: 'denied', actorEmail: tech.made.email }),
      ]),
    );
    expect(rows.every((r) => r.ip)).toBe(true);
    const failedOnly = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit-log?outcome=failed',
      headers: admin.headers,
    });
    expect((failedOnly.json() as { outcome: string }[]).every((r) => r.outcome === 'failed')).toBe(true);
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    await expect(ctx.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});
