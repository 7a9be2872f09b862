/**
 * Security headers on API answers, asserted in-process (the e2e run checks the HTML pages and
 * that the app works under the policy): every directive of the Content-Security-Policy that
 * docs/security.md names, `form-action 'self'` included, the other Helmet headers, and the
 * photo answers' own policy, `default-src 'none'`; and the transport matrix (issue 14, ADR 013):
 * HSTS, `upgrade-insecure-requests` and the refresh cookie's `Secure` flag only when the request
 * came over HTTPS, so the app works over plain HTTP at a LAN address.
 */

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  signedIn,
  TEST_PASSWORD,
  type TestContext,
} from '#tests/harness/app.ts';
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
  it('API answers (2xx, 401, 404) carry the API set: a policy that allows nothing, no framing, nosniff, CORP, no-store', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/config' }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    for (const res of answers) {
      const h = res.headers;
      const csp = directives(String(h['content-security-policy'] ?? ''));
      expect([...csp.entries()]).toEqual([
        ['default-src', "'none'"],
        ['frame-ancestors', "'none'"],
      ]);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['cross-origin-resource-policy']).toBe('same-origin');
      expect(h['cache-control']).toBe('no-store');
      expect(h['x-powered-by']).toBeUndefined();
      // Headers that mean something only to a document are not on a JSON answer (ADR 021).
      expect(h['cross-origin-opener-policy']).toBeUndefined();
      expect(h['referrer-policy']).toBeUndefined();
    }
  });

  it("pages and the API's own HTML (/api/docs) carry the full set: the strict page policy, form-action included", async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/requests/some-page' }),
      await ctx.app.inject({ method: 'GET', url: '/api/docs' }),
    ];
    for (const res of answers) {
      const h = res.headers;
      const csp = directives(String(h['content-security-policy'] ?? ''));
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
      expect(csp.get('connect-src')).toBe("'self'");
      expect(csp.get('img-src')).toBe("'self' data: blob:");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['referrer-policy']).toBe('no-referrer');
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

/** What a browser would make of one answer: HSTS, upgrade-insecure-requests, and a Secure cookie. */
async function transport(t: TestContext, opts: Pick<InjectOptions, 'headers' | 'remoteAddress'> = {}) {
  const user = await makeUser(t.db, ROLE.TECHNICIAN);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json', ...opts.headers },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  // `upgrade-insecure-requests` belongs to the pages' policy; a JSON answer's allows nothing.
  const page = await t.app.inject({
    method: 'GET',
    url: '/requests',
    headers: opts.headers,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  const csp = directives(String(page.headers['content-security-policy'] ?? ''));
  expect(directives(String(res.headers['content-security-policy'] ?? '')).get('default-src')).toBe("'none'");
  const cookie = res.cookies.find((c) => c.name === 'aquadesk_refresh');
  expect(cookie, 'the refresh cookie').toBeDefined();
  // The rest of the page policy is as strict over either transport.
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  // HSTS goes with the transport on pages and API answers alike.
  expect(page.headers['strict-transport-security']).toBe(res.headers['strict-transport-security']);
  return {
    hsts: res.headers['strict-transport-security'] as string | undefined,
    upgrade: csp.has('upgrade-insecure-requests'),
    secure: cookie?.secure === true,
  };
}

describe('headers that depend on the transport (HTTPS only)', () => {
  const https = { hsts: expect.stringContaining('max-age='), upgrade: true, secure: true };
  const plain = { hsts: undefined, upgrade: false, secure: false };

  it('plain HTTP (a phone on the office Wi-Fi): no HSTS, no upgrade-insecure-requests, no Secure cookie', async () => {
    expect(await transport(ctx, { remoteAddress: '192.168.1.23' })).toEqual(plain);
    expect(await transport(ctx)).toEqual(plain);
  });

  it('HTTPS through a trusted proxy (X-Forwarded-Proto from loopback, TRUST_PROXY=loopback): all three', async () => {
    expect(await transport(ctx, { headers: { 'x-forwarded-proto': 'https' } })).toEqual(https);
  });

  it('X-Forwarded-Proto: https from an untrusted peer is ignored', async () => {
    expect(await transport(ctx, { remoteAddress: '192.168.1.23', headers: { 'x-forwarded-proto': 'https' } })).toEqual(
      plain,
    );
  });

  it('a proxy TRUST_PROXY names by address is believed; any other peer, loopback included, is not', async () => {
    const lan = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const forwarded = { 'x-forwarded-proto': 'https' };
      expect(await transport(lan, { remoteAddress: '10.1.2.3', headers: forwarded })).toEqual(https);
      expect(await transport(lan, { remoteAddress: '192.168.1.23', headers: forwarded })).toEqual(plain);
      expect(await transport(lan, { headers: forwarded })).toEqual(plain);
    } finally {
      await lan.close();
    }
  });

  it('PUBLIC_URL=https://…: every answer is HTTPS (a TLS proxy is in front), even without X-Forwarded-Proto', async () => {
    const pub = await createTestApp({ PUBLIC_URL: 'https://service.example.com', TRUST_PROXY: 'false' });
    try {
      expect(await transport(pub, { remoteAddress: '192.168.1.23' })).toEqual(https);
    } finally {
      await pub.close();
    }
  });

  it('COOKIE_SECURE overrides the cookie (only): on over plain HTTP, off over HTTPS', async () => {
    // An http:// PUBLIC_URL (a LAN name) changes nothing about the transport.
    const on = await createTestApp({ COOKIE_SECURE: 'on', PUBLIC_URL: 'http://aquadesk.lan:3000' });
    try {
      expect(await transport(on, { remoteAddress: '192.168.1.23' })).toEqual({ ...plain, secure: true });
    } finally {
      await on.close();
    }
    const off = await createTestApp({ COOKIE_SECURE: 'off' });
    try {
      expect(await transport(off, { headers: { 'x-forwarded-proto': 'https' } })).toEqual({ ...https, secure: false });
    } finally {
      await off.close();
    }
  });

  it('PUBLIC_URL leaves the photo links paths on the host the page was opened at (ADR 013)', async () => {
    // The spec's client shows a photo at its server address + fileUrl, and our own page at any LAN
    // name or address: an absolute link to PUBLIC_URL would break both.
    const pub = await createTestApp({ PUBLIC_URL: 'http://aquadesk.lan:3000' });
    try {
      const region = await makeRegion(pub.db);
      const customer = await makeCustomer(pub.db, region.id);
      const tech = await signedIn(pub, ROLE.TECHNICIAN, { regionId: region.id });
      const row = await makeRequest(pub.db, {
        customerId: customer.id,
        regionId: region.id,
        requestedById: tech.user.id,
        assignedToId: tech.user.id,
        status: 'IN_PROGRESS',
      });
      const file = multipart(await tinyPng(16, 16));
      const up = await pub.app.inject({
        method: 'POST',
        url: `/api/uploads/work-media/${row.id}`,
        headers: { ...tech.headers, ...file.headers },
        payload: file.payload,
      });
      expect(up.statusCode).toBe(201);
      const details = await pub.app.inject({
        method: 'GET',
        url: `/api/service-requests/${row.id}`,
        headers: tech.headers,
      });
      const links = [up.json().fileUrl, up.json().thumbnailUrl, details.json().workMedia[0].fileUrl] as string[];
      for (const link of links) expect(link).toMatch(/^\/api\/media\//);
    } finally {
      await pub.close();
    }
  });

  it('PUBLIC_URL that is not an http(s) address stops the start with a clear message', async () => {
    await expect(createTestApp({ PUBLIC_URL: 'aquadesk.lan' })).rejects.toThrow(/PUBLIC_URL must be an http/);
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
