/**
 * R6: PostgreSQL restarted under a running server, idle and under load. The cluster is a
 * throwaway one of this test (initdb into a temporary directory, a free loopback port of this
 * test's range); the machine's shared server is never touched.
 * Pass: 0 process crashes; while the database is away every answer is a 503 within 2 s (no
 * hanging); once it is back the same process serves again without a restart.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer } from '#tests/harness/process.ts';

const isRoot = process.getuid?.() === 0;

/**
 * Where a PostgreSQL server program is: on PATH, else the newest /usr/lib/postgresql/<N>/bin
 * (stock Debian and Ubuntu keep initdb and pg_ctl there, off PATH). An absolute path, so it
 * does not depend on the PATH `runuser` hands to the postgres user either.
 */
function pgProgram(name: string, env: NodeJS.ProcessEnv = process.env, root = '/usr/lib/postgresql'): string {
  const executable = (file: string) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, name))) return path.join(dir, name);
  }
  const versions = (fs.existsSync(root) ? fs.readdirSync(root) : [])
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  for (const v of versions) {
    const file = path.join(root, v, 'bin', name);
    if (executable(file)) return file;
  }
  throw new Error(`${name} not found on PATH nor in ${root}/*/bin: install the PostgreSQL server package`);
}

/** A PostgreSQL cluster of our own: initdb, pg_ctl start/stop. Run as `postgres` when we are root. */
class Cluster {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-pg-'));
  constructor(readonly port: number) {}
  private run(program: string, args: string[]) {
    const cmd = pgProgram(program);
    const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  }
  init() {
    if (isRoot) execFileSync('chown', ['postgres:postgres', this.dir]);
    this.run('initdb', ['-D', path.join(this.dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  }
  start() {
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c fsync=off`,
      '-w',
      'start',
    ]);
  }
  stop(mode: 'fast' | 'immediate') {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }
  destroy() {
    try {
      this.stop('immediate');
    } catch {
      // not running
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
}

let cluster: Cluster;
let server: ServerProcess;
let headers: Record<string, string>;
let customer: { id: string; regionId: string };

beforeAll(async () => {
  cluster = new Cluster(await freePort(4600, 4649));
  cluster.init();
  cluster.start();
  server = await startServer({
    PORT: String(await freePort(4650, 4699)),
    DATABASE_URL: cluster.url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-r6-')),
    DEMO: 'on',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOGIN_RATE_PER_IP: '100000',
    LOG_LEVEL: 'info',
  });
  await server.waitReady(90_000);
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
  });
  headers = {
    authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}`,
    'content-type': 'application/json',
  };
  const list = (await (await fetch(`${server.url}/api/customers?pageSize=1`, { headers })).json()) as {
    id: string;
    regionId: string;
  }[];
  customer = list[0] as { id: string; regionId: string };
}, 180_000);

afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
});

interface Answer {
  status: number;
  ms: number;
}

async function timed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    // No answer at all: the process is gone or hung past 10 s.
    return { status: 0, ms: performance.now() - started };
  }
}

const list = () => timed(`${server.url}/api/service-requests?pageSize=5`);
const create = (tag: string) =>
  timed(`${server.url}/api/service-requests`, {
    method: 'POST',
    body: JSON.stringify({
      type: 'SERVICE',
      description: `R6 load ${tag}`,
      customerId: customer.id,
      regionId: customer.regionId,
    }),
  });

async function untilServing(timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ((await list()).status === 200) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not serve again after PostgreSQL came back');
}

const JOBS_STARTED = [
  'customer messages delivery started',
  'daily backup scheduled',
  'daily maintenance run scheduled',
];

/** Which of `messages` the server has logged, once all of them are (or the time is up). */
async function untilLogged(messages: string[], timeoutMs: number): Promise<string[]> {
  const started = Date.now();
  const seen = () => messages.filter((m) => server.logLines().some((l) => l.msg === m)).sort();
  while (Date.now() - started < timeoutMs && seen().length < messages.length) {
    await new Promise((r) => setTimeout(r, 250));
  }
  return seen();
}

describe('R6: PostgreSQL restarted under the server', () => {
  it('idle: 503 within 2 s while it is down, serving again without a restart', async () => {
    const pid = server.proc.pid;
    expect((await list()).status).toBe(200);
    cluster.stop('fast');
    const down: Answer[] = [];
    for (let i = 0; i < 10; i++) {
      down.push(await list());
      down.push(await timed(`${server.url}/api/ready`));
    }
    cluster.start();
    const recoveredMs = await untilServing(30_000);
    const slowest = Math.max(...down.map((a) => a.ms));
    console.info(
      `R6 idle: ${down.length} calls while down: ${[...new Set(down.map((a) => a.status))].join(',')}, ` +
        `slowest ${slowest.toFixed(0)} ms; serving again ${recoveredMs} ms after the restart; same pid: ${server.proc.pid === pid}`,
    );
    expect(down.every((a) => a.status === 503)).toBe(true);
    expect(slowest).toBeLessThan(2000);
    expect(server.proc.exitCode).toBeNull();
    expect(server.proc.pid).toBe(pid);
    // The background jobs register after the server is ready, so the restart above can land in
    // the middle of that: they are retried, none is lost (the daily run, the backup, the messages).
    expect(await untilLogged(JOBS_STARTED, 60_000)).toEqual(JOBS_STARTED);
  }, 120_000);

  it('under load: 0 crashes, only 2xx or a prompt 503, then serving again', async () => {
    const answers: (Answer & { at: number; began: number })[] = [];
    const t0 = Date.now();
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const began = Date.now() - t0;
        const a = i % 3 === 0 ? await create(`${w}.${i}`) : await list();
        answers.push({ ...a, at: Date.now() - t0, began });
      }
    };
    const workers = Array.from({ length: 12 }, (_, w) => worker(w));
    await new Promise((r) => setTimeout(r, 3000));
    cluster.stop('immediate');
    const downAt = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 4000));
    const upAt = Date.now() - t0;
    cluster.start();
    await new Promise((r) => setTimeout(r, 6000));
    stop = true;
    await Promise.all(workers);
    const recoveredMs = await untilServing(30_000);
    const by = (s: number) => answers.filter((a) => a.status === s).length;
    const other = answers.filter((a) => ![200, 201, 503].includes(a.status));
    // Calls made while the database is away: each a 503 within 2 s. (A call already running when it
    // went away may wait out one more connection attempt; its time is reported, not bounded.)
    const whileDown = answers.filter((a) => a.began > downAt && a.at < upAt);
    const slow503 = whileDown.filter((a) => a.status !== 503 || a.ms >= 2000);
    const last = answers.filter((a) => a.at > 11_000);
    console.info(
      `R6 load: ${answers.length} calls (200×${by(200)} 201×${by(201)} 503×${by(503)} other×${other.length}); ` +
        `${whileDown.length} made while it was down, slowest ${Math.max(0, ...whileDown.map((a) => a.ms)).toFixed(0)} ms ` +
        `(slowest 503 overall ${Math.max(0, ...answers.filter((a) => a.status === 503).map((a) => a.ms)).toFixed(0)} ms); ` +
        `${last.filter((a) => a.status < 300).length}/${last.length} ok in the last second; process alive: ${server.proc.exitCode === null}`,
    );
    const unhandled = server
      .logLines()
      .filter((l) => l.msg === 'unhandled error')
      .map((l) => String((l.err as { message?: string } | undefined)?.message));
    if (unhandled.length) console.info(`R6 unhandled errors: ${[...new Set(unhandled)].join(' | ')}`);
    expect(server.proc.exitCode).toBeNull();
    expect(other.map((a) => a.status)).toEqual([]);
    expect(whileDown.length).toBeGreaterThan(0);
    expect(slow503.map((a) => `${a.status} in ${a.ms.toFixed(0)} ms`)).toEqual([]);
    expect(by(503)).toBeGreaterThan(0);
    expect(recoveredMs).toBeLessThan(30_000);
  }, 120_000);
});
