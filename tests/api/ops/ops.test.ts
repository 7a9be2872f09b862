import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { AppMetrics } from '#server/lib/metrics.ts';
import { Lifecycle, NOT_READY_MESSAGE } from '#server/modules/ops/lifecycle.ts';
import { loggableUrl } from '#server/modules/ops/logging.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const scrape = () => get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
/** How many transitions with this audit action the test app has counted. */
const transitions = async (action: string, metrics: AppMetrics = ctx.app.deps.metrics) =>
  (await metrics.workflowTransitions.get()).values.find((v) => v.labels.action === action)?.value ?? 0;

describe('GET /api/health and /api/ready', () => {
  it('answers liveness and readiness on a migrated, reachable database', async () => {
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready while migrations run, and keeps API calls out meanwhile, while liveness still answers', async () => {
    const lifecycle = ctx.app.deps.lifecycle;
    lifecycle.phase = 'migrating';
    try {
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: NOT_READY_MESSAGE.migrating, code: 'UNAVAILABLE' });
      const api = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
      expect(api.statusCode).toBe(503);
      expect(api.json().code).toBe('UNAVAILABLE');
      expect(api.headers['retry-after']).toBe('5');
      expect((await get('/api/health')).statusCode).toBe(200);
    } finally {
      lifecycle.phase = 'ready';
    }
  });

  it('is not ready once shutdown began', async () => {
    ctx.app.deps.lifecycle.phase = 'stopping';
    try {
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: NOT_READY_MESSAGE.stopping, code: 'UNAVAILABLE' });
    } finally {
      ctx.app.deps.lifecycle.phase = 'ready';
    }
  });

  it('answers 503 in the error shape while the database is unreachable, and liveness stays 200', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-ops-'));
    // Nothing listens on port 1: every connection is refused at once.
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere', poolMax: 1 });
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'off', SERVE_WEB: 'off' } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, database, secret: 'x'.repeat(40), lifecycle: new Lifecycle('ready') });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: 'The database is not reachable. Please try again shortly.',
        code: 'UNAVAILABLE',
      });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('request ids', () => {
  it('sends every answer its request id, keeping a plain one the caller gave', async () => {
    // Ours: this process's random prefix and a counter, a fresh one on every answer.
    const OURS = /^[0-9a-f]{12}-[0-9a-z]+$/;
    const fresh = await get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(OURS);
    const next = await get('/api/health');
    expect(next.headers['x-request-id']).toMatch(OURS);
    expect(next.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    const given = await get('/api/health', { 'x-request-id': 'lb-trace.42' });
    expect(given.headers['x-request-id']).toBe('lb-trace.42');
    const hostile = await get('/api/health', { 'x-request-id': 'a b\u0000<script>' });
    expect(hostile.headers['x-request-id']).toMatch(OURS);
    const missing = await get('/api/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(OURS);
  });

  it('masks access-granting query values in logged URLs', () => {
    expect(loggableUrl('/api/media/a/b.jpg?exp=123&sig=SECRET')).toBe('/api/media/a/b.jpg?exp=123&sig=[redacted]');
    expect(loggableUrl('/x?token=abc&page=2')).toBe('/x?token=[redacted]&page=2');
    expect(loggableUrl('/api/service-requests?page=2')).toBe('/api/service-requests?page=2');
  });
});

describe('client address behind a proxy', () => {
  const failedLoginIp = async (remoteAddress: string) => {
    const email = `ip.${crypto.randomUUID()}@test.local`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
      remoteAddress,
    });
    expect(res.statusCode).toBe(401);
    const [row] = await ctx.db.select({ ip: auditLog.ip }).from(auditLog).where(eq(auditLog.actorEmail, email));
    return row?.ip;
  };

  it('takes X-Forwarded-For from a proxy on this machine (TRUST_PROXY=loopback, the default)', async () => {
    expect(await failedLoginIp('127.0.0.1')).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For from any other peer, so a client cannot pick its own rate-limit key', async () => {
    expect(await failedLoginIp('203.0.113.9')).toBe('203.0.113.9');
  });

  it('reads TRUST_PROXY as names and addresses, a hop count, or a flag', () => {
    const parse = (v: string) => loadConfig({ TRUST_PROXY: v } as NodeJS.ProcessEnv).TRUST_PROXY;
    expect(loadConfig({} as NodeJS.ProcessEnv).TRUST_PROXY).toEqual(['loopback']);
    expect(parse('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(parse('2')).toBe(2);
    expect(parse('true')).toBe(true);
    expect(parse('false')).toBe(false);
  });
});

describe('GET /metrics', () => {
  it('is 404 when no METRICS_TOKEN is configured', async () => {
    const config = ctx.app.deps.config;
    config.METRICS_TOKEN = undefined;
    try {
      const res = await get('/metrics', { authorization: 'Bearer x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    } finally {
      config.METRICS_TOKEN = METRICS_TOKEN;
    }
  });

  it('refuses a missing or wrong token with 401', async () => {
    const none = await get('/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    expect((await get('/metrics', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: METRICS_TOKEN })).statusCode).toBe(401);
  });

  it('reports requests and latency per route and status, pool use, SSE streams and readiness', async () => {
    await get('/api/health');
    await get('/api/no-such-thing');
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = res.body;
    expect(text).toMatch(/^aquadesk_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+$/m);
    expect(text).toMatch(/^aquadesk_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+$/m);
    expect(text).toMatch(
      /^aquadesk_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health",status="200"\} \d+$/m,
    );
    expect(text).toMatch(
      /^aquadesk_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+$/m,
    );
    expect(text).toContain('# TYPE aquadesk_http_request_duration_seconds histogram');
    const kind = ctx.database.kind;
    expect(text).toMatch(new RegExp(`^aquadesk_db_pool_connections\\{driver="${kind}",state="total"\\} \\d+$`, 'm'));
    expect(text).toMatch(new RegExp(`^aquadesk_db_pool_connections\\{driver="${kind}",state="idle"\\} \\d+$`, 'm'));
    expect(text).toMatch(new RegExp(`^aquadesk_db_pool_connections\\{driver="${kind}",state="waiting"\\} \\d+$`, 'm'));
    expect(text).toMatch(/^aquadesk_sse_connections 0$/m);
    expect(text).toMatch(/^aquadesk_ready 1$/m);
    // The process's figures: the names the in-house registry exposed, and prom-client's defaults.
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'process_start_time_seconds',
      'nodejs_heap_used_bytes',
      'nodejs_eventloop_delay_p99_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toMatch(new RegExp(`^${name} [-+0-9.e]+$`, 'm'));
    }
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toMatch(/^nodejs_active_handles_total \d+$/m);
    // Every line is a comment, blank, or "name{labels} value"; no family appears twice.
    for (const line of text.trim().split('\n')) {
      if (line && !line.startsWith('#')) expect(line).toMatch(/^[a-z_:][a-z0-9_:]*(\{[^}]*\})? [-+0-9.eInfNa]+$/);
    }
    const types = text.split('\n').filter((l) => l.startsWith('# TYPE '));
    expect(new Set(types).size).toBe(types.length);
  });

  it('counts each health check once', async () => {
    const count = async () => {
      const m = /^aquadesk_http_requests_total\{method="GET",route="\/api\/health",status="200"\} (\d+)$/m.exec(
        (await scrape()).body,
      );
      return Number(m?.[1] ?? 0);
    };
    const before = await count();
    await get('/api/health');
    await get('/api/health');
    expect(await count()).toBe(before + 2);
    // The counter is brought up to the histogram's count when scraped: the two always agree.
    await get('/api/health');
    const text = (await scrape()).body;
    const of = (name: string) =>
      Number(new RegExp(`^${name}\\{method="GET",route="/api/health",status="200"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    expect(of('aquadesk_http_requests_total')).toBe(before + 3);
    expect(of('aquadesk_http_request_duration_seconds_count')).toBe(before + 3);
  });

  /** A Service Admin and a PENDING_APPROVAL request they may approve (one stage: service; raised by someone else). */
  const pendingRequestOfAServiceAdmin = async () => {
    const region = await makeRegion(ctx.db);
    const admin = await signedIn(ctx, ROLE.SERVICE_ADMIN);
    const customer = await makeCustomer(ctx.db, region.id);
    const raiser = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const request = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: raiser.id,
    });
    return { admin, request };
  };

  it('counts workflow transitions per type where the service applies them', async () => {
    const { admin, request } = await pendingRequestOfAServiceAdmin();
    const before = await transitions('request.service_approve');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/service-requests/${request.id}/service-approve`,
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    // A refused second approval (the request has moved on) is not a transition.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/service-requests/${request.id}/service-approve`,
      headers: admin.headers,
      payload: {},
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(await transitions('request.service_approve')).toBe(before + 1);
    expect((await scrape()).body).toMatch(
      /^aquadesk_workflow_transitions_total\{action="request.service_approve"\} \d+$/m,
    );
  });

  it('an Idempotency-Key replay answers again but is not counted again', async () => {
    const { admin, request } = await pendingRequestOfAServiceAdmin();
    const action = 'request.service_approve';
    const before = await transitions(action);
    const approve = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/service-requests/${request.id}/service-approve`,
        headers: { ...admin.headers, 'idempotency-key': `metrics-replay-${request.id}` },
        payload: {},
      });
    const first = await approve();
    expect(first.statusCode).toBe(200);
    const replays = [await approve(), await approve()];
    for (const r of replays) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['idempotent-replayed']).toBe('true');
      expect(r.body).toBe(first.body);
    }
    // Three 2xx answers, one transition (the HTTP-derived count said 3).
    expect(await transitions(action)).toBe(before + 1);
  });

  it('escapes label values', async () => {
    const metrics = ctx.app.deps.metrics;
    const before = await transitions('a"b\\c');
    metrics.countTransition('a"b\\c');
    expect(await transitions('a"b\\c')).toBe(before + 1);
    expect((await scrape()).body).toContain('aquadesk_workflow_transitions_total{action="a\\"b\\\\c"}');
  });

  it('gives every app its own registry, so apps in one process neither clash nor count for each other', async () => {
    const sources = { lifecycle: { ready: false }, pushHub: { size: 3 }, database: { kind: 'pglite' as const } };
    const one = new AppMetrics(sources);
    const two = new AppMetrics(sources);
    one.countTransition('request.assign');
    one.observeRequest('GET', '/api/health', 200, 0.002);
    expect(await transitions('request.assign', one)).toBe(1);
    expect(await transitions('request.assign', two)).toBe(0);
    const text = await two.render();
    expect(text).not.toMatch(/^aquadesk_http_requests_total\{/m);
    expect(text).toMatch(/^aquadesk_ready 0$/m);
    expect(text).toMatch(/^aquadesk_sse_connections 3$/m);
    expect(text).toMatch(/^aquadesk_db_pool_connections\{driver="pglite",state="total"\} 1$/m);
    // The process's figures appear in every app's exposition.
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect((await one.render()).match(/^aquadesk_http_requests_total\{.*\} 1$/gm)).toEqual([
      'aquadesk_http_requests_total{method="GET",route="/api/health",status="200"} 1',
    ]);
  });
});
