/**
 * `npm run bench:web` (P8 of issue 7): Lighthouse, mobile preset (its default: a mid-range phone,
 * simulated slow 4G and a 4x slower CPU), on /login, on /dashboard signed in and on the technician's
 * My Tasks (issue 39), against our real
 * server serving the built app (npm run build first; the script does). Debian's Chromium, driven
 * by Playwright for the sign-in; Lighthouse attaches to the same browser, keeping its storage for
 * the signed-in page. Targets: performance score ≥ 90 and LCP ≤ 2.5 s on each page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { ROOT, startServer } from './lib/servers.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface PageScore {
  page: string;
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKiB: number;
  /** What Lighthouse took for the largest paint (its selector), so a late one can be found. */
  lcpElement: string;
  /** The longest main-thread tasks (ms, where they came from): what Total Blocking Time is made of. */
  longTasks: string;
  pass: boolean;
}

interface NodeDetails {
  type?: string;
  selector?: string;
  items?: NodeDetails[];
  node?: NodeDetails;
}

/** The LCP element's selector from the audit's (nested) details table. */
function lcpSelector(details: unknown): string {
  const walk = (d: NodeDetails | undefined): string | undefined => {
    if (!d) return undefined;
    if (d.type === 'node' && d.selector) return d.selector;
    if (d.node) return walk(d.node);
    for (const i of d.items ?? []) {
      const found = walk(i);
      if (found) return found;
    }
    return undefined;
  };
  return walk(details as NodeDetails) ?? '?';
}

async function audit(url: string, port: number, signedIn: boolean): Promise<PageScore> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The signed-in page needs the session the sign-in left in this browser.
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_WEB_LHR_DIR=<dir> keeps each page's whole Lighthouse report, for finding what costs.
  const keep = process.env.BENCH_WEB_LHR_DIR;
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    fs.writeFileSync(path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const lcpMs = num('largest-contentful-paint');
  return {
    page: new URL(url).pathname,
    score,
    lcpMs,
    fcpMs: num('first-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    speedIndexMs: num('speed-index'),
    transferKiB: num('total-byte-weight') / 1024,
    lcpElement: lcpSelector(lhr.audits['largest-contentful-paint-element']?.details),
    longTasks: (
      (lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? []
    )
      .slice(0, 3)
      .map((t) => `${Math.round(t.duration ?? 0)} ms ${(t.url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)'}`)
      .join('; '),
    pass: score >= 90 && lcpMs <= 2500,
  };
}

async function main() {
  const port = Number(process.env.BENCH_WEB_PORT ?? 4530);
  const debugPort = port + 1;
  if (!fs.existsSync(path.join(ROOT, 'dist/web/index.html'))) {
    throw new Error('No dist/web: run `npm run build` first (npm run bench:web does).');
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-bench-web-'));
  const server = await startServer({
    name: 'ours',
    script: 'src/server/main.ts',
    port,
    readyPath: '/api/ready',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: '',
      DEMO: 'on',
      SERVE_WEB: 'on',
      LOG_LEVEL: 'warn',
    },
  });
  const context = await chromium.launchPersistentContext(path.join(scratch, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [...FLAGS, `--remote-debugging-port=${debugPort}`],
  });
  const scores: PageScore[] = [];
  try {
    scores.push(await audit(`${server.url}/login`, debugPort, false));
    const page = context.pages()[0] ?? (await context.newPage());
    const signIn = async (email: string) => {
      // A new sign-in: the previous user's session (cookie and the stored token) goes first.
      await context.clearCookies();
      await page.goto(`${server.url}/login`);
      await page.evaluate('localStorage.clear()');
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/dashboard');
      await page.goto('about:blank');
    };
    await signIn('admin@demo.test');
    scores.push(await audit(`${server.url}/dashboard`, debugPort, true));
    // Issue 39: the technician's My Tasks, the screen a cheap phone opens most.
    await signIn('tech@demo.test');
    scores.push(await audit(`${server.url}/technician/my-tasks`, debugPort, true));
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }

  const lines = [
    '# Lighthouse: mobile preset',
    '',
    `Run ${new Date().toISOString()} on ${os.cpus().length} cores (load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}), Debian Chromium, our server serving the production build (PGlite, demo data).`,
    '',
    '| page | performance score | LCP | FCP | TBT | CLS | Speed Index | transferred | target (≥ 90, LCP ≤ 2.5 s) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|',
    ...scores.map(
      (s) =>
        `| ${s.page} | ${s.score} | ${(s.lcpMs / 1000).toFixed(2)} s | ${(s.fcpMs / 1000).toFixed(2)} s | ${Math.round(
          s.tbtMs,
        )} ms | ${s.cls.toFixed(3)} | ${(s.speedIndexMs / 1000).toFixed(2)} s | ${s.transferKiB.toFixed(0)} KiB | ${
          s.pass ? 'met' : 'missed'
        } |`,
    ),
    '',
    '| page | largest paint (Lighthouse) | longest main-thread tasks |',
    '|---|---|---|',
    ...scores.map((s) => `| ${s.page} | \`${s.lcpElement}\` | ${s.longTasks || 'none'} |`),
    '',
  ];
  const md = lines.join('\n');
  console.log(md);
  const dir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'latest-web.md'), md);
  fs.writeFileSync(
    path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-web.json`),
    `${JSON.stringify(scores, null, 2)}\n`,
  );
  if (scores.some((s) => !s.pass)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
