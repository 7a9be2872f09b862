/**
 * AquaDesk through a real TLS proxy at a real host name, for the `https` project (issue 32):
 * Debian's Caddy runs deploy/Caddyfile.local in front of the one e2e server (the webServer of
 * playwright.config.ts) at https://aquadesk.test:<port>, which Chromium maps to 127.0.0.1 by its
 * host-resolver rules. The certificate is Caddy's own CA's (`tls internal`); the browser trusts
 * that CA's root the way a person's phone would be made to, through a certificate store, not by
 * a flag: an NSS database ($HOME/.pki/nssdb, made with certutil from libnss3-tools) in a HOME of
 * the run's own, given to the browser process. Nothing here passes --ignore-certificate-errors
 * or ignoreHTTPSErrors, and nothing touches this machine's trust store.
 *
 * Caddy listens on a free high port on 127.0.0.1 (not 443): no root needed, and neither two runs
 * side by side nor a retry's new worker (started while the failed one still tears down) collide.
 * Its data (the CA) lives in a temp dir of the worker's, removed at the end.
 *
 *   CADDY     the caddy binary (default `caddy` on PATH: /usr/bin/caddy from Debian's package)
 *   CERTUTIL  the certutil binary (default `certutil` on PATH: libnss3-tools)
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base } from '@playwright/test';
import { scaled } from '../tests/harness/speed.ts';

/** The name the phone opens; playwright.config.ts's `https` project maps it to 127.0.0.1. */
export const TLS_HOST = 'aquadesk.test';

export interface TlsProxy {
  /** https://aquadesk.test:<port>: the address the browser opens. */
  origin: string;
  /** The plain-HTTP server behind Caddy (http://127.0.0.1:<E2E_PORT>): for API calls from Node. */
  upstream: string;
  /** The HOME given to the browser: its $HOME/.pki/nssdb trusts Caddy's root. */
  browserHome: string;
  /** A HOME with no certificate store: a browser started with it must refuse the site. */
  untrustingHome: string;
  /** Caddy's root certificate (PEM). */
  rootCert: string;
}

const execFileAsync = promisify(execFile);
const CADDYFILE = path.resolve('deploy/Caddyfile.local');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * GET `pathname` from Caddy as a client that trusts only `ca`, for the name TLS_HOST: the status,
 * or the error (a wrong chain or name fails here, before any browser starts).
 */
function getThroughTls(port: number, ca: string, pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.get(
      { host: '127.0.0.1', port, servername: TLS_HOST, headers: { host: `${TLS_HOST}:${port}` }, path: pathname, ca },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.setTimeout(2000, () => req.destroy(new Error('timed out')));
    req.once('error', reject);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Starts Caddy in front of `upstream`, waits until it answers over TLS, and builds the NSS store. */
export async function startTlsProxy(upstream: string): Promise<TlsProxy & { close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aquadesk-tls-'));
  const browserHome = path.join(dir, 'home');
  const untrustingHome = path.join(dir, 'untrusting-home');
  await Promise.all([mkdir(path.join(browserHome, '.pki', 'nssdb'), { recursive: true }), mkdir(untrustingHome)]);
  const port = await freePort();
  const caddy = spawn(process.env.CADDY ?? 'caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      SITE_ADDRESS: TLS_HOST,
      HTTPS_PORT: String(port),
      UPSTREAM: new URL(upstream).host,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  caddy.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  let failed: Error | undefined;
  caddy.once('error', (err) => {
    failed = new Error(`could not start Caddy (${err.message}); install Debian's caddy package`);
  });
  caddy.once('exit', (code) => {
    failed ??= new Error(`Caddy exited (${code}):\n${log}`);
  });
  const close = async () => {
    await stop(caddy);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const rootPath = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    const deadline = Date.now() + scaled(20_000);
    let rootCert = '';
    let last = 'no root certificate yet';
    for (;;) {
      if (failed) throw failed;
      if (Date.now() > deadline) throw new Error(`Caddy did not answer over TLS: ${last}\n${log}`);
      if (!rootCert && existsSync(rootPath)) rootCert = await readFile(rootPath, 'utf8');
      if (rootCert) {
        // Ready when the server behind answers through Caddy: 200 from /api/ready.
        const status = await getThroughTls(port, rootCert, '/api/ready').catch((err: Error) => err.message);
        if (status === 200) break;
        last = String(status);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const db = `sql:${path.join(browserHome, '.pki', 'nssdb')}`;
    const certutil = process.env.CERTUTIL ?? 'certutil';
    await execFileAsync(certutil, ['-N', '-d', db, '--empty-password']);
    // "C,,": a certificate authority trusted to issue server certificates (TLS), nothing else.
    await execFileAsync(certutil, ['-A', '-d', db, '-n', 'AquaDesk e2e Caddy local CA', '-t', 'C,,', '-i', rootPath]);
    return { origin: `https://${TLS_HOST}:${port}`, upstream, browserHome, untrustingHome, rootCert, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * `tls`: Caddy for this worker, in front of playwright.config.ts's webServer. The browser is
 * launched with HOME set to the one whose NSS database trusts Caddy's root, and `baseURL` is
 * https://aquadesk.test:<port>; `page.goto('/…')` goes through the proxy.
 */
export const test = base.extend<object, { tls: TlsProxy }>({
  tls: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use, workerInfo) => {
      const url = workerInfo.config.webServer?.url;
      if (!url) throw new Error('playwright.config.ts starts no webServer to put Caddy in front of');
      const proxy = await startTlsProxy(new URL(url).origin);
      await use(proxy);
      await proxy.close();
    },
    { scope: 'worker', timeout: scaled(30_000) },
  ],
  launchOptions: [
    async ({ launchOptions, tls }, use) => {
      await use({ ...launchOptions, env: { ...process.env, HOME: tls.browserHome } });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ tls }, use) => {
    await use(tls.origin);
  },
});
