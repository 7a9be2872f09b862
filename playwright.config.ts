/**
 * Browser tests: the BUILT app started the way the README starts it (`npm run serve` after
 * `npm run build`; `npm run test:e2e` builds first), on a fresh embedded database with the demo
 * data, driven in Debian's Chromium. Playwright never downloads a browser here.
 *
 * Three projects: `chromium` (every spec but the two below, at 127.0.0.1), `lan` (only
 * *.lan.spec.ts: the app at http://aquadesk.test, a name on the office network over plain HTTP,
 * which Chromium maps to 127.0.0.1 by its host-resolver rules; issue 14) and `https` (only
 * *.tls.spec.ts: the same server behind Caddy at https://aquadesk.test:<port>, a phone in the
 * field; Caddy and the browser's certificate store come from e2e/tls.ts; issue 32).
 *
 *   E2E_PORT   port of the app under test (default 4173)
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { scaled } from './tests/harness/speed.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
/** The same server by a non-loopback name: not a "secure context" to the browser, as on a LAN. */
const lanURL = `http://aquadesk.test:${port}`;
/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same release as the
 * chromium package): the headless build Playwright itself uses, without the full browser's GPU
 * process; a run takes about 16% less CPU (ADR 028). CHROMIUM=/usr/bin/chromium runs the full one.
 */
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** A fresh database per run: the server command deletes it before it starts. */
const dataDir = path.join(os.tmpdir(), `aquadesk-e2e-${port}`);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // One folder per port: runs on other ports (other people, same checkout) do not wipe this one's.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // 60 s: a journey signs in two or three times; on a loaded 2-core machine 30 s was too tight.
  // Both limits are times the machine's speed factor (tests/harness/speed.ts, issue 29).
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['**/*.lan.spec.ts', '**/*.tls.spec.ts'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 850 },
        launchOptions: { executablePath, args: chromiumArgs },
      },
    },
    {
      name: 'lan',
      testMatch: '**/*.lan.spec.ts',
      use: {
        ...devices['Pixel 7'],
        // Chromium, not the device's default browser; a phone-sized window.
        browserName: 'chromium',
        baseURL: lanURL,
        launchOptions: {
          executablePath,
          args: [...chromiumArgs, `--host-resolver-rules=MAP aquadesk.test 127.0.0.1`],
        },
      },
    },
    {
      // A 360 px touch phone over HTTPS through Caddy (e2e/tls.ts): the spec's fixture starts
      // Caddy in front of the webServer below, gives the browser a HOME whose NSS database trusts
      // Caddy's root, and sets baseURL to https://aquadesk.test:<port>. The server needs nothing
      // of its own for it: Caddy on 127.0.0.1 is a proxy the default TRUST_PROXY (loopback)
      // believes, so its X-Forwarded-Proto makes the answers HTTPS ones (HSTS, Secure cookie),
      // while the other projects' plain HTTP at 127.0.0.1 stays plain.
      name: 'https',
      testMatch: '**/*.tls.spec.ts',
      use: {
        ...devices['Galaxy S8'],
        browserName: 'chromium',
        launchOptions: {
          executablePath,
          args: [...chromiumArgs, `--host-resolver-rules=MAP aquadesk.test 127.0.0.1`],
        },
      },
    },
  ],
  webServer: {
    command: `node -e "require('node:fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && npm run serve`,
    // Answers once the server is ready (after migrations and the demo seed).
    url: `${baseURL}/api/config`,
    reuseExistingServer: false,
    timeout: scaled(120_000),
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'on',
      SERVE_WEB: 'on',
      LOG_LEVEL: 'warn',
      // Every test signs in; the per-client limit is the API tests' business, not the browser's.
      LOGIN_RATE_PER_IP: '10000',
      // The `lan` and `https` projects' name (a name is not answered unless listed: 421,
      // lib/host-guard.ts).
      ALLOWED_HOSTS: 'aquadesk.test',
      // Customer messages go at any hour here, so a journey sees them SENT whatever the clock
      // says (the quiet hours have their own API test; ADR 046).
      MESSAGE_QUIET_HOURS: 'off',
    },
  },
});
