/** Starting, watching (RSS) and stopping the two servers under test. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Server {
  name: string;
  url: string;
  pid: number;
  /** Resident set size now, in MiB (0 once gone). */
  rssMiB(): number;
  stop(): Promise<void>;
}

function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Spawns `node --import tsx <script>` (one process, so its RSS is the server's own). */
export async function startServer(opts: {
  name: string;
  script: string;
  port: number;
  env: Record<string, string>;
  readyPath: string;
  timeoutMs?: number;
  /** Everything the server prints goes here too (bench/results/*.log, ignored by git). */
  logFile?: string;
  /** Node flags before the script (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.script], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const log = opts.logFile ? fs.createWriteStream(opts.logFile) : undefined;
  const keep = (b: Buffer) => {
    log?.write(b);
    output.push(b.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exitedP = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      log?.end();
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (exited) throw new Error(`${opts.name} exited during start:\n${output.join('')}`);
    try {
      const res = await fetch(url + opts.readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${opts.name} did not become ready on ${url}${opts.readyPath}:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid as number;
  return {
    name: opts.name,
    url,
    pid,
    rssMiB: () => (exited ? 0 : rssOf(pid)),
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitedP;
      clearTimeout(timer);
    },
  };
}

/** Samples a server's RSS while `fn` runs; returns fn's value and the peak in MiB. */
export async function withRssPeak<T>(server: Server, fn: () => Promise<T>): Promise<{ value: T; peakMiB: number }> {
  let peak = server.rssMiB();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMiB());
  }, 200);
  try {
    const value = await fn();
    peak = Math.max(peak, server.rssMiB());
    return { value, peakMiB: peak };
  } finally {
    clearInterval(timer);
  }
}
