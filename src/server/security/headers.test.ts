/**
 * Security headers on API answers, asserted in-process (the e2e run checks the HTML pages and
 * that the app works under the policy): every directive of the Content-Security-Policy that
 * docs/security.md names, `form-action 'self'` included, the other Helmet headers, and the
 * photo answers' own policy, `default-src 'none'`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  ROLE,
  signedIn,
  type TestContext,
} from '#server/test/app.ts';
import { multipart, tinyPng } from './fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values.join(' ')]),
  );

describe('security headers', () => {
  it('API answers (2xx, 401, 404) carry the strict CSP, form-action included, and the Helmet headers', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/config' }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    for (const res of answers) {
      const h = res.headers;
      const csp = directives(String(h['content-security-policy'] ?? ''));
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['referrer-policy']).toBe('no-referrer');
      expect(String(h['strict-transport-security'])).toContain('max-age=');
      expect(h['cross-origin-opener-policy']).toBe('same-origin');
      expect(h['x-powered-by']).toBeUndefined();
    }
  });

  it("a photo is served with its own policy, default-src 'none', and nosniff", async () => {
    const region = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, region.id);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
    const row = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: tech.user.id,
      assignedToId: tech.user.id,
      status: 'IN_PROGRESS',
    });
    const file = multipart(await tinyPng(16, 16));
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploads/work-media/${row.id}`,
      headers: { ...tech.headers, ...file.headers },
      payload: file.payload,
    });
    expect(up.statusCode).toBe(201);
    for (const link of [up.json().fileUrl, up.json().thumbnailUrl] as string[]) {
      const res = await ctx.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-type'])).toMatch(/^image\//);
    }
  });
});

describe('Cache-Control on authenticated JSON (issue 15, item 11)', () => {
  it('every signed-in JSON answer, lists, details, refusals and the sign-in itself, says no-store', async () => {
    const region = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, region.id);
    const admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
    const row = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: admin.user.id,
    });
    const gets = [
      '/api/auth/me',
      '/api/customers',
      `/api/customers/${customer.id}`,
      '/api/service-requests',
      `/api/service-requests/${row.id}`,
      '/api/service-requests/dashboard/stats',
      '/api/users',
      '/api/regions',
      '/api/notifications',
      '/api/audit-log',
      '/api/customers/00000000-0000-4000-8000-000000000000',
    ];
    const answers = await Promise.all(
      gets.map((url) => ctx.app.inject({ method: 'GET', url, headers: admin.headers })),
    );
    answers.push(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: admin.made.email, password: 'secret123' },
      }),
    );
    const seen = answers.map((r) => [
      r.statusCode,
      String(r.headers['content-type']).split(';')[0],
      r.headers['cache-control'],
    ]);
    console.log(
      `I15.11 no-store: ${answers.length} answers, ${seen.filter((s) => s[2] === 'no-store').length} with no-store`,
    );
    for (const [status, type, cache] of seen) {
      expect(type).toBe('application/json');
      expect({ status, cache }).toEqual({ status, cache: 'no-store' });
    }
    expect(seen.map((s) => s[0])).toContain(404);
  });
});
