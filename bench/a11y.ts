/**
 * Lighthouse accessibility scores (issue 18, ADR 018) of /login, /dashboard, a request's details
 * and My Tasks, against a running AquaDesk (`npm start`, or any server with the demo data):
 *
 *   npx tsx bench/a11y.ts [--base http://127.0.0.1:3000]
 *
 * Debian's Chromium, driven by Playwright for the sign-in; Lighthouse attaches to the same browser
 * and keeps its storage for the signed-in pages. Desktop form factor: accessibility does not
 * depend on the throttling. Target: ≥ 95 on each page. A one-off measurement: the axe test
 * (e2e/a11y.spec.ts) is what guards the rules in `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const base = arg('--base', 'http://127.0.0.1:3000');
const debugPort = Number(arg('--debug-port', '9333'));

interface Score {
  page: string;
  score: number;
  failed: string[];
}

async function audit(url: string, signedIn: boolean): Promise<Score> {
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility'],
    formFactor: 'desktop',
    screenEmulation: { mobile: false, width: 1366, height: 850, deviceScaleFactor: 1, disabled: false },
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const category = lhr.categories.accessibility;
  const failed = (category?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return { page: new URL(url).pathname, score: Math.round((category?.score ?? 0) * 100), failed };
}

async function signedInAudits(email: string, paths: (page: import('@playwright/test').Page) => Promise<string[]>) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-a11y-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debugPort}`],
  });
  const scores: Score[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (email) {
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/dashboard');
    }
    const urls = await paths(page);
    await page.goto('about:blank');
    for (const url of urls) scores.push(await audit(`${base}${url}`, !!email));
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return scores;
}

async function main() {
  const scores = [
    ...(await signedInAudits('', async () => ['/login'])),
    ...(await signedInAudits('admin@demo.test', async (page) => {
      await page.goto(`${base}/service-requests`);
      const href = await page.locator('a.row-link').first().getAttribute('href');
      return ['/dashboard', href ?? '/service-requests'];
    })),
    ...(await signedInAudits('tech@demo.test', async () => ['/technician/my-tasks'])),
  ];
  console.log(`Lighthouse accessibility, ${new Date().toISOString()}, load ${(os.loadavg()[0] ?? 0).toFixed(1)}`);
  console.log('| page | accessibility | audits failed |');
  console.log('|---|--:|---|');
  for (const s of scores) console.log(`| ${s.page} | ${s.score} | ${s.failed.join(', ') || 'none'} |`);
  if (scores.some((s) => s.score < 95)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
