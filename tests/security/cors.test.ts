/**
 * CORS for the spec's own client, served from another origin (docs/product-rules.md R-03): preflights are
 * answered for the origins in CORS_ORIGINS, echoing the exact origin with credentials, for every
 * method the client uses, and for no other origin.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '#tests/harness/app.ts';

const SPA = 'https://spa.example.com';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ CORS_ORIGINS: `${SPA},https://other.example.com` });
});
afterAll(() => ctx.close());

const preflight = (origin: string, method: string, url = '/api/users/00000000-0000-4000-8000-000000000000') =>
  ctx.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('CORS', () => {
  it('allows every method of the spec’s client from a listed origin, with credentials', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await preflight(SPA, method);
      expect(res.statusCode, method).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(SPA);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      const allowed = String(res.headers['access-control-allow-methods'])
        .split(',')
        .map((m) => m.trim());
      expect(allowed, method).toContain(method);
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    }
  });

  it('exposes X-Total-Count on a real call from a listed origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config', headers: { origin: SPA } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SPA);
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });

  it('grants nothing to an origin that is not listed', async () => {
    const res = await preflight('https://evil.example.net', 'DELETE');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const call = await ctx.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://evil.example.net' },
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a listed origin read the notification stream (its headers survive the hijack)', async () => {
    const me = await signedIn(ctx, 'Technician');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const headersOf = (origin: string) =>
      new Promise<{ status?: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/notifications/stream',
            headers: { authorization: `Bearer ${me.token}`, origin },
          },
          (res) => {
            resolve({ status: res.statusCode, headers: res.headers });
            req.destroy();
          },
        );
        req.on('error', reject);
      });
    const listed = await headersOf(SPA);
    expect(listed.status).toBe(200);
    expect(listed.headers['content-type']).toContain('text/event-stream');
    expect(listed.headers['access-control-allow-origin']).toBe(SPA);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const unlisted = await headersOf('https://evil.example.com');
    expect(unlisted.status).toBe(200);
    expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with no origins configured (the default)', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('grants no origin anything, on a preflight or a call, and sends no Vary: Origin', async () => {
    const pre = await plain.app.inject({
      method: 'OPTIONS',
      url: '/api/users',
      headers: { origin: SPA, 'access-control-request-method': 'DELETE' },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    const call = await plain.app.inject({ method: 'GET', url: '/api/config', headers: { origin: SPA } });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    expect(call.headers['access-control-allow-credentials']).toBeUndefined();
    expect(call.headers.vary).toBeUndefined();
  });
});
