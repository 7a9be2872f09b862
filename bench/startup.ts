/**
 * `npm run bench:start [-- --runs N] [--port P]`: cold start time and idle memory of the server
 * as production runs it (docs/performance.md, "Start-up and idle memory").
 *
 * For each way of running the server (the compiled `node dist/server/main.js` that `npm run serve`
 * runs, and `node --import tsx src/server/main.ts`, what it ran before issue 14), N times each,
 * alternating so the machine's load hits both alike:
 *   - first start: a fresh DATA_DIR (migrations and the demo data);
 *   - restart: the same DATA_DIR again (what a reboot or an update costs);
 * it times spawn → `GET /api/health` answers (listening) and spawn → `GET /api/ready` is 200
 * (migrated, serving) and the CPU time the process used until then (utime + stime of
 * /proc/<pid>/stat: on a shared machine the wall-clock times swing with the others' load, the CPU
 * time much less), then reads its resident memory (VmRSS of /proc/<pid>/status) after 5 s idle.
 * Linux only (it reads /proc). Prints the medians. Needs `npm run build` first (for dist/server).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '4590' } },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);

const WAYS = {
  compiled: ['dist/server/main.js'],
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
} as const;
type Way = keyof typeof WAYS;

interface Reading {
  listeningMs: number;
  readyMs: number;
  /** CPU time (user + system) the process used until ready: barely moved by other load on the machine. */
  cpuMs: number;
  rssMiB: number;
}

/** utime + stime of /proc/<pid>/stat, in ms (clock ticks of 10 ms on Linux). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

function rssMiB(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? Number.NaN) / 1024;
}

async function once(way: Way, dataDir: string): Promise<Reading> {
  const started = performance.now();
  const proc = spawn(process.execPath, [...WAYS[way]], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'on',
      SERVE_WEB: 'on',
      LOG_LEVEL: 'warn',
    },
    // stderr holds the "where to open it" text; only a failure's output matters here.
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  try {
    let listeningMs = 0;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`${way}: the server exited with ${proc.exitCode}`);
      if (!listeningMs && (await status(`http://127.0.0.1:${PORT}/api/health`)) === 200) {
        listeningMs = performance.now() - started;
      }
      if (listeningMs && (await status(`http://127.0.0.1:${PORT}/api/ready`)) === 200) break;
      if (performance.now() - started > 300_000) throw new Error(`${way}: not ready after 300 s`);
      await sleep(10);
    }
    const readyMs = performance.now() - started;
    const cpu = cpuMs(proc.pid!);
    await sleep(5000);
    return { listeningMs, readyMs, cpuMs: cpu, rssMiB: rssMiB(proc.pid!) };
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/main.js'))) throw new Error('Run `npm run build` first');
  const results: Record<string, Reading[]> = {};
  for (let i = 0; i < RUNS; i++) {
    for (const way of Object.keys(WAYS) as Way[]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-start-'));
      try {
        for (const kind of ['first start', 'restart']) {
          const r = await once(way, dataDir);
          const name = `${way} ${kind}`;
          results[name] = [...(results[name] ?? []), r];
          console.error(
            `  ${way} ${kind}: listening ${Math.round(r.listeningMs)} ms, ready ${Math.round(r.readyMs)} ms, CPU ${r.cpuMs} ms, RSS ${r.rssMiB.toFixed(0)} MiB`,
          );
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    console.error(`run ${i + 1}/${RUNS} done`);
  }
  console.log(
    `\nMedians of ${RUNS} runs (Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}):\n`,
  );
  console.log('| Server | listening | ready | CPU time to ready | idle RSS |');
  console.log('|---|--:|--:|--:|--:|');
  for (const [name, rs] of Object.entries(results)) {
    console.log(
      `| ${name} | ${Math.round(median(rs.map((r) => r.listeningMs)))} ms | ${Math.round(median(rs.map((r) => r.readyMs)))} ms | ${median(rs.map((r) => r.cpuMs))} ms | ${median(rs.map((r) => r.rssMiB)).toFixed(0)} MiB |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
