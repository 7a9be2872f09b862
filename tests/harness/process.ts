/**
 * Real server processes for the operations tests: `node --import tsx src/server/main.ts` (or the
 * compiled server) with its own environment, its stdout (pino JSON) collected, and a port from the operations tests' range.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on, from a range the operations tests own. */
export async function freePort(from = 4400, to = 4499): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    const ok = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export interface ServerProcess {
  port: number;
  url: string;
  proc: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** The stdout lines that parsed as JSON (pino). */
  logLines(): Record<string, unknown>[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Polls GET /api/ready until it answers 200; returns every status seen on the way. */
  waitReady(timeoutMs?: number): Promise<number[]>;
  /** SIGTERM, then the exit code (SIGKILL after the timeout). */
  stop(timeoutMs?: number): Promise<number | null>;
}

/**
 * `args`: what follows `node`; by default the sources through tsx. The compiled-server test passes
 * its own build (`dist/server-…/main.js`), as `npm run serve` runs it.
 */
export async function startServer(
  env: Record<string, string>,
  args: string[] = ['--import', 'tsx', 'src/server/main.ts'],
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      SERVE_WEB: 'off',
      LOG_LEVEL: 'info',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  proc.stderr?.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let exitCode: number | null | undefined;
  void exited.then((c) => {
    exitCode = c;
  });

  return {
    port,
    url,
    proc,
    output: () => out,
    logLines: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return {};
          }
        }),
    exited,
    async waitReady(timeoutMs = 90_000) {
      const seen: number[] = [];
      const start = Date.now();
      while (Date.now() - start < timeoutMs) {
        if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) before it was ready:\n${out}`);
        try {
          const res = await fetch(`${url}/api/ready`);
          seen.push(res.status);
          if (res.status === 200) return seen;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`server not ready after ${timeoutMs} ms:\n${out}`);
    },
    async stop(timeoutMs = 20_000) {
      if (exitCode !== undefined) return exitCode;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
