/**
 * The names the server answers to (issue 31, item 10; lib/host-guard.ts, ADR 013 "Host names").
 * DNS rebinding: a page at http://evil.example:3000 re-points its name at the shop PC, and the
 * browser then treats the API as the page's own origin. The browser still sends `Host:
 * evil.example:3000`, so such a request gets 421, on the API and on pages alike; PUBLIC_URL's
 * name, loopback names, IP addresses (this machine's, as where.ts prints them, among them), this
 * machine's name and ALLOWED_HOSTS are answered, with or without a port; the probes answer under
 * any name (load balancers call them by service name). No SQL: one database is enough.
 */
import net from 'node:net';
import os from 'node:os';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { HOST_REFUSED_LOG, hostGuard, hostMatcher, hostnameOf } from '#server/lib/host-guard.ts';
import { lanAddresses } from '#server/modules/ops/where.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { createTestApp, makeUser, ROLE, TEST_PASSWORD, type TestContext } from '#tests/harness/app.ts';

const EVIL = 'evil.example:3000';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (t: TestContext, url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('a name the server does not answer to (DNS rebinding)', () => {
  it('gets 421 with the error body on an API route, a page and the sign-in', async () => {
    const api = await get(ctx, '/api/config', { host: EVIL });
    expect(api.statusCode).toBe(421);
    expect(api.json()).toEqual({ message: ERR.hostNotAllowed.text, code: 'FORBIDDEN' });
    // The answer is still one of ours: request id and the API's security headers.
    expect(api.headers['x-request-id']).toBeTruthy();
    expect(api.headers['cache-control']).toBe('no-store');

    const page = await get(ctx, '/login', { host: EVIL });
    expect(page.statusCode).toBe(421);
    expect(page.json().code).toBe('FORBIDDEN');

    const user = await makeUser(ctx.db, ROLE.SUPER_ADMIN);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: EVIL },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(421);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expect(signIn.body).not.toContain('accessToken');
  });

  it('in the reader’s language (Accept-Language), like every other error', async () => {
    const res = await get(ctx, '/api/config', { host: EVIL, 'accept-language': 'ta' });
    expect(res.statusCode).toBe(421);
    expect(res.json().message).not.toBe(ERR.hostNotAllowed.text);
    expect(res.json().message).toContain('ALLOWED_HOSTS');
  });

  it('names that only look like ours are refused', async () => {
    for (const host of [
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'evil.example',
      'localhost:3000@evil.example',
      '127.1:3000',
      // (no Host at all: the real-socket test below; inject always sends one)
    ]) {
      expect((await get(ctx, '/api/config', { host })).statusCode, host).toBe(421);
    }
  });

  it('over a real socket, and without any Host (HTTP/1.0)', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as net.AddressInfo;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
          let text = '';
          socket.on('data', (d) => {
            text += String(d);
          });
          socket.on('end', () => resolve(text));
          socket.on('error', reject);
        });
      const rebound = await raw(`GET /api/config HTTP/1.1\r\nHost: ${EVIL}\r\nConnection: close\r\n\r\n`);
      expect(rebound.split('\r\n')[0]).toBe('HTTP/1.1 421 Misdirected Request');
      const ours = await raw(`GET /api/config HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(ours.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      const nameless = await raw('GET /api/config HTTP/1.0\r\n\r\n');
      expect(nameless.split('\r\n')[0]).toMatch(/^HTTP\/1\.[01] 421 /);
    } finally {
      await t.close();
    }
  });
});

describe('the names that are answered', () => {
  it('loopback names, any IP address (this machine’s among them) and this machine’s name, with or without a port', async () => {
    const hosts = [
      'localhost',
      'localhost:3000',
      'LOCALHOST:3000',
      'localhost.:3000',
      'aquadesk.localhost:3000',
      '127.0.0.1',
      '127.0.0.1:3000',
      '[::1]:3000',
      '[::1]',
      '192.168.1.23:3000',
      '10.0.0.5',
      '[fe80::1]:3000',
      // The addresses printed at start (modules/ops/where.ts), and the machine's name.
      ...lanAddresses().map((a) => `${a}:3000`),
      os.hostname(),
      `${os.hostname()}:3000`,
    ];
    for (const host of hosts) expect((await get(ctx, '/api/config', { host })).statusCode, host).toBe(200);
    // The harness's default (light-my-request: localhost:80) is answered: every other suite runs unchanged.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('PUBLIC_URL’s name and ALLOWED_HOSTS (a leading *. for the names under it)', async () => {
    const t = await createTestApp({
      PUBLIC_URL: 'https://service.example.com',
      ALLOWED_HOSTS: 'aquadesk.lan, *.shop.example',
    });
    try {
      for (const host of [
        'service.example.com',
        'Service.Example.com:443',
        'aquadesk.lan:3000',
        'aquadesk.lan',
        'counter.shop.example',
        'a.b.shop.example:8080',
      ]) {
        expect((await get(t, '/api/config', { host })).statusCode, host).toBe(200);
      }
      for (const host of [
        'example.com',
        'service.example.com.evil.example',
        'shop.example',
        'evilshop.example',
        EVIL,
      ]) {
        expect((await get(t, '/api/config', { host })).statusCode, host).toBe(421);
      }
    } finally {
      await t.close();
    }
  });

  it('ALLOWED_HOSTS=* answers any name (the check off)', async () => {
    const t = await createTestApp({ ALLOWED_HOSTS: '*' });
    try {
      expect((await get(t, '/api/config', { host: EVIL })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('the probes answer under any name (Caddy checks app1:3000/api/ready), nothing else does', async () => {
    for (const url of ['/api/health', '/api/ready', '/api/health?probe=1']) {
      expect((await get(ctx, url, { host: 'app1:3000' })).statusCode, url).toBe(200);
    }
    expect((await get(ctx, '/metrics', { host: 'app1:3000' })).statusCode).toBe(404); // no METRICS_TOKEN: its own 404
    expect((await ctx.app.inject({ method: 'POST', url: '/api/health', headers: { host: EVIL } })).statusCode).toBe(
      421,
    );
    expect((await get(ctx, '/api/health/x', { host: EVIL })).statusCode).toBe(421);
  });
});

describe('behind a proxy (X-Forwarded-Host)', () => {
  // The harness's peer is 127.0.0.1, which the default TRUST_PROXY=loopback trusts.
  it('a trusted proxy’s X-Forwarded-Host is the name the browser used: it must be answered too', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://service.example.com' });
    try {
      // Caddy: the browser's Host passed on, and the same name in X-Forwarded-Host.
      const caddy = { host: 'service.example.com', 'x-forwarded-host': 'service.example.com' };
      expect((await get(t, '/api/config', caddy)).statusCode).toBe(200);
      // nginx's default: its upstream in Host, the browser's name in X-Forwarded-Host.
      expect((await get(t, '/api/config', { host: '127.0.0.1:3000', 'x-forwarded-host': EVIL })).statusCode).toBe(421);
      expect(
        (await get(t, '/api/config', { host: '127.0.0.1:3000', 'x-forwarded-host': 'service.example.com' })).statusCode,
      ).toBe(200);
      // A script on the trusted machine can set X-Forwarded-Host, never Host: both are checked.
      expect((await get(t, '/api/config', { host: EVIL, 'x-forwarded-host': 'localhost' })).statusCode).toBe(421);
    } finally {
      await t.close();
    }
  });

  it('from a peer TRUST_PROXY does not trust, X-Forwarded-Host is ignored, as Fastify ignores it', async () => {
    const res = await get(ctx, '/api/config', { host: '192.168.1.10:3000', 'x-forwarded-host': EVIL }, '192.168.1.23');
    expect(res.statusCode).toBe(200);
    const rebound = await get(ctx, '/api/config', { host: EVIL, 'x-forwarded-host': 'localhost' }, '192.168.1.23');
    expect(rebound.statusCode).toBe(421);
  });
});

describe('the log', () => {
  afterEach(() => vi.useRealTimers());

  it('one warning per refused name per 10 minutes, with what an operator needs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink), disableRequestLogging: true });
    app.decorate('deps', { config: loadConfig({}) } as unknown as AppDeps);
    await app.register(hostGuard, { exempt: ['/api/health'], machineName: 'shop-pc' });
    app.get('/api/config', async () => ({ ok: true }));
    try {
      const hit = (host: string) => app.inject({ method: 'GET', url: '/api/config?token=secret', headers: { host } });
      for (let i = 0; i < 5; i++) expect((await hit(EVIL)).statusCode).toBe(421);
      expect((await hit('other.example')).statusCode).toBe(421);
      expect((await hit('shop-pc.local:3000')).statusCode).toBe(200);
      const warnings = () => lines.filter((l) => l.msg === HOST_REFUSED_LOG);
      expect(warnings()).toHaveLength(2);
      expect(warnings()[0]).toMatchObject({ level: 40, host: EVIL, method: 'GET', path: '/api/config' });
      expect(String(warnings()[0]?.hint)).toContain('ALLOWED_HOSTS');
      expect(JSON.stringify(lines)).not.toContain('secret');
      vi.setSystemTime(Date.now() + 10 * 60_000);
      await hit(EVIL);
      expect(warnings()).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});

describe('ALLOWED_HOSTS and the name in Host', () => {
  it('is read as names: lower case, scheme, port and a final dot dropped; anything else refuses to start', () => {
    const config = loadConfig({ ALLOWED_HOSTS: ' https://AquaDesk.LAN:3000/ , *.Shop.Example.,office-pc ,' });
    expect(config.ALLOWED_HOSTS).toEqual(['aquadesk.lan', '*.shop.example', 'office-pc']);
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
    for (const bad of ['aqua desk.lan', 'evil.*.example', 'a..b', '*']) {
      if (bad === '*') expect(loadConfig({ ALLOWED_HOSTS: bad }).ALLOWED_HOSTS).toEqual(['*']);
      else expect(() => loadConfig({ ALLOWED_HOSTS: bad }), bad).toThrow(/ALLOWED_HOSTS/);
    }
  });

  it('hostnameOf and hostMatcher', () => {
    expect(hostnameOf('[::1]:3000')).toBe('::1');
    expect(hostnameOf('Example.COM.:80')).toBe('example.com');
    expect(hostnameOf(undefined)).toBe('');
    const answered = hostMatcher({ PUBLIC_URL: 'http://aquadesk.lan:3000', ALLOWED_HOSTS: [] }, 'Shop-PC');
    expect(
      ['aquadesk.lan', 'shop-pc', 'shop-pc.local', 'localhost', 'x.localhost', '::1', '203.0.113.9'].every(answered),
    ).toBe(true);
    expect(['', 'localhost.evil', 'shop-pc.evil', 'aquadesk.lan.evil'].some(answered)).toBe(false);
  });
});
