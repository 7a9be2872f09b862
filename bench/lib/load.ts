/** autocannon runs: a warm-up, then the measured run, with the server's RSS sampled throughout. */
import autocannon from 'autocannon';
import { type Endpoint, type Fixtures, headersFor, type Side } from './endpoints.ts';
import { type Server, withRssPeak } from './servers.ts';

export interface Measure {
  /** Successful (expected status) responses per second. */
  rps: number;
  p50: number;
  p99: number;
  /** Peak RSS of the server during the measured run, MiB. */
  rssMiB: number;
  ok: number;
  /** Responses with another status, and connection errors. */
  bad: number;
  statuses: Record<string, number>;
  seconds: number;
}

interface Fire {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  next: () => { path: string; body?: string };
  connections: number;
  duration: number;
  maxRequests?: number;
  expected: number;
}

/**
 * Requests still in flight when autocannon stops keep the server busy for a moment: let them finish.
 * A smoke run (CI: `--duration` under 3 s) measures nothing it keeps, so it waits less.
 */
let settleMs = 1000;
let unloadedWarmupSeconds = 1;
export function smokeTimings(): void {
  settleMs = 200;
  unloadedWarmupSeconds = 0.5;
}
const settle = () => new Promise((r) => setTimeout(r, settleMs));

async function fire(f: Fire): Promise<{ result: autocannon.Result; statuses: Map<number, number> }> {
  const out = await fireOnce(f);
  await settle();
  return out;
}

function fireOnce(f: Fire): Promise<{ result: autocannon.Result; statuses: Map<number, number> }> {
  return new Promise((resolve, reject) => {
    const statuses = new Map<number, number>();
    const instance = autocannon(
      {
        url: f.url,
        connections: f.connections,
        duration: f.duration,
        ...(f.maxRequests ? { maxOverallRequests: Math.max(f.maxRequests, f.connections) } : {}),
        timeout: 30,
        requests: [
          {
            method: f.method,
            headers: f.headers,
            setupRequest: (req) => {
              const call = f.next();
              return { ...req, path: call.path, ...(call.body !== undefined ? { body: call.body } : {}) };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ result, statuses })),
    );
    instance.on('response', (_client, statusCode) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

interface SideState {
  server: Server;
  fire: Omit<Fire, 'duration' | 'maxRequests'>;
  /** Fresh fixtures left (writes with a finite supply). */
  budget?: number;
  slots: { ok: number; all: number; errors: number; seconds: number; p50: number; p99: number; rss: number }[];
  statuses: Map<number, number>;
}

function sideState(server: Server, side: Side, endpoint: Endpoint, fixtures: Fixtures, connections: number): SideState {
  const actor = endpoint.actor(fixtures);
  return {
    server,
    fire: {
      url: server.url,
      method: endpoint.method,
      headers: headersFor(side, actor, endpoint.method === 'POST'),
      // One iterator per side for the whole measurement: approve never reuses a request.
      next: endpoint.calls(fixtures, side),
      connections,
      expected: endpoint.status,
    },
    budget: endpoint.finite?.(fixtures, side),
    slots: [],
    statuses: new Map(),
  };
}

async function warm(st: SideState, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  // Writes with a finite supply keep most of it for the measured slots.
  const max = st.budget !== undefined ? Math.floor(st.budget / 5) : undefined;
  const w = await fire({ ...st.fire, duration: seconds, maxRequests: max });
  if (st.budget !== undefined) st.budget -= [...w.statuses.values()].reduce((a, b) => a + b, 0);
}

async function slot(st: SideState, seconds: number, share: number, id: string): Promise<void> {
  let maxRequests: number | undefined;
  if (st.budget !== undefined) {
    maxRequests = Math.floor(st.budget * share);
    if (maxRequests < st.fire.connections) throw new Error(`${id}: no fresh fixtures left`);
  }
  const { value, peakMiB } = await withRssPeak(st.server, () => fire({ ...st.fire, duration: seconds, maxRequests }));
  const { result, statuses } = value;
  const all = [...statuses.values()].reduce((a, b) => a + b, 0);
  if (st.budget !== undefined) st.budget -= all;
  for (const [k, v] of statuses) st.statuses.set(k, (st.statuses.get(k) ?? 0) + v);
  st.slots.push({
    ok: statuses.get(st.fire.expected) ?? 0,
    all,
    errors: result.errors,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rss: peakMiB,
  });
}

function summarize(st: SideState): Measure {
  const ok = st.slots.reduce((n, x) => n + x.ok, 0);
  const all = st.slots.reduce((n, x) => n + x.all, 0);
  const seconds = st.slots.reduce((n, x) => n + x.seconds, 0);
  return {
    rps: ok / seconds,
    // The slots' median weighted by their responses; the worst slot's p99 (conservative).
    p50: ok > 0 ? Math.round(st.slots.reduce((n, x) => n + x.p50 * x.ok, 0) / ok) : 0,
    p99: Math.max(...st.slots.map((x) => x.p99)),
    rssMiB: Math.max(...st.slots.map((x) => x.rss)),
    ok,
    bad: all - ok + st.slots.reduce((n, x) => n + x.errors, 0),
    statuses: Object.fromEntries([...st.statuses.entries()].map(([k, v]) => [String(k), v])),
    seconds,
  };
}

/**
 * One endpoint on both servers: a warm-up each, then four half-length slots in the order
 * ours, baseline, baseline, ours (ABBA), so a change of the machine's load during the measurement
 * weighs on both sides alike instead of on whichever ran second.
 */
export async function measurePair(o: {
  ours: Server;
  base: Server;
  endpoint: Endpoint;
  fixtures: Fixtures;
  connections: number;
  warmup: number;
  duration: number;
}): Promise<{ ours: Measure; base: Measure }> {
  const a = sideState(o.ours, 'ours', o.endpoint, o.fixtures, o.connections);
  const b = sideState(o.base, 'base', o.endpoint, o.fixtures, o.connections);
  await warm(a, o.warmup);
  await warm(b, o.warmup);
  const half = o.duration / 2;
  await slot(a, half, 0.5, o.endpoint.id);
  await slot(b, half, 0.5, o.endpoint.id);
  await slot(b, half, 1, o.endpoint.id);
  await slot(a, half, 1, o.endpoint.id);
  return { ours: summarize(a), base: summarize(b) };
}

/**
 * Our server alone on one connection, after a short warm-up: its service time without the
 * queueing that 50 connections on 2 shared cores add to every p99 (the p99 targets' second reading).
 */
export async function measureUnloaded(o: {
  server: Server;
  endpoint: Endpoint;
  fixtures: Fixtures;
  seconds: number;
}): Promise<Measure> {
  const st = sideState(o.server, 'ours', o.endpoint, o.fixtures, 1);
  await warm(st, unloadedWarmupSeconds);
  await slot(st, o.seconds, 1, o.endpoint.id);
  return summarize(st);
}

/** POST /api/auth/login under load (P9): each call signs in anew. */
export async function measureLogin(o: {
  server: Server;
  email: string;
  password: string;
  connections: number;
  warmup: number;
  duration: number;
  /** The measured run's floor (a sign-in is slow, and a short run holds few of them). */
  minSeconds: number;
}): Promise<Measure> {
  const body = JSON.stringify({ email: o.email, password: o.password });
  const base = {
    url: o.server.url,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    next: () => ({ path: '/api/auth/login', body }),
    connections: o.connections,
    expected: 200,
  };
  if (o.warmup > 0) {
    await fire({ ...base, duration: o.warmup });
    // Up to 50 sign-ins (argon2, about 13 ms of CPU each) can still be queued: wait for them.
    await new Promise((r) => setTimeout(r, settleMs * 3));
  }
  const { value, peakMiB } = await withRssPeak(o.server, () =>
    fire({ ...base, duration: Math.max(o.duration, o.minSeconds) }),
  );
  const ok = value.statuses.get(200) ?? 0;
  const all = [...value.statuses.values()].reduce((a, b) => a + b, 0);
  return {
    rps: ok / value.result.duration,
    p50: value.result.latency.p50,
    p99: value.result.latency.p99,
    rssMiB: peakMiB,
    ok,
    bad: all - ok + value.result.errors,
    statuses: Object.fromEntries([...value.statuses.entries()].map(([k, v]) => [String(k), v])),
    seconds: value.result.duration,
  };
}

/** Raw argon2 verify throughput in this process, `concurrency` verifies in flight (P9's reference). */
export async function argon2Rate(o: {
  hash: string;
  password: string;
  seconds: number;
  concurrency: number;
  verify: (hash: string, plain: string) => Promise<boolean>;
}): Promise<number> {
  let done = 0;
  const end = performance.now() + o.seconds * 1000;
  const t0 = performance.now();
  const worker = async () => {
    while (performance.now() < end) {
      if (!(await o.verify(o.hash, o.password))) throw new Error('argon2 verify failed');
      done++;
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  return done / ((performance.now() - t0) / 1000);
}
