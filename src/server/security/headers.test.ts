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
