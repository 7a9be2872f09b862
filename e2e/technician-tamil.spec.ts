/**
 * Issue 19 (ADR 022): a technician whose account speaks Tamil signs in on a 360 px touch phone (a
 * browser set to English: the language is the account's) and completes a job: My Tasks → the task →
 * Start Work → a photo → Complete Work. The shell (top bar, bottom navigation bar) and the technician's
 * controls (task cards, customer card, Work Progress, timer, photos, location) read in Tamil, no
 * control is under 44 px, axe finds nothing serious and nothing scrolls sideways. The same screens hold at 360 px in Malayalam
 * (whose words run longest), Telugu, Kannada and Hindi. Screenshots under test-results/ for a human look.
 *
 * The request details page's other cards (facts, history, work logs' heading aside) and the toasts
 * of the workflow calls are translated in the same issue by the requests screens; this spec asserts
 * only the shell and the technician's parts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { menuFor } from '../src/shared/domain/permissions.ts';
import { ROLE } from '../src/shared/domain/roles.ts';
import hiServer from '../src/shared/i18n/locales/hi/server.json' with { type: 'json' };
import knServer from '../src/shared/i18n/locales/kn/server.json' with { type: 'json' };
import mlServer from '../src/shared/i18n/locales/ml/server.json' with { type: 'json' };
import taServer from '../src/shared/i18n/locales/ta/server.json' with { type: 'json' };
import teServer from '../src/shared/i18n/locales/te/server.json' with { type: 'json' };
import hiShell from '../src/web/i18n/locales/hi/shell.json' with { type: 'json' };
import hiTech from '../src/web/i18n/locales/hi/technician.json' with { type: 'json' };
import knShell from '../src/web/i18n/locales/kn/shell.json' with { type: 'json' };
import knTech from '../src/web/i18n/locales/kn/technician.json' with { type: 'json' };
import mlShell from '../src/web/i18n/locales/ml/shell.json' with { type: 'json' };
import mlTech from '../src/web/i18n/locales/ml/technician.json' with { type: 'json' };
import taShell from '../src/web/i18n/locales/ta/shell.json' with { type: 'json' };
import taTech from '../src/web/i18n/locales/ta/technician.json' with { type: 'json' };
import teShell from '../src/web/i18n/locales/te/shell.json' with { type: 'json' };
import teTech from '../src/web/i18n/locales/te/technician.json' with { type: 'json' };
import { scaled } from '../tests/harness/speed.ts';
import { createCustomer, createRegion, createServiceRequest, createUser, DEMO, type MadeUser } from './fixtures.ts';

const TAP = 44;
const WIDTH = 360;
/** The technician's menu, item by item, in a language's `shell` catalogue. */
const technicianMenu = (shell: { menu: Record<string, string> }) =>
  menuFor(ROLE.TECHNICIAN).map((item) => shell.menu[item.route] ?? item.label);

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(
  require.resolve('axe-core/axe.min.js', { paths: [require.resolve('@axe-core/playwright')] }),
  'utf8',
);
interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown }[];
}

/** axe-core's serious and critical violations on the page now (as e2e/a11y.spec.ts runs it). */
async function seriousA11y(page: Page): Promise<string[]> {
  if (!(await page.evaluate('!!globalThis.axe'))) {
    await page.evaluate(AXE_SOURCE);
    await page.addStyleTag({
      content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
    });
  }
  const violations = (await page.evaluate(
    "globalThis.axe.run({ resultTypes: ['violations'] }).then((r) => r.violations)",
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${JSON.stringify(n.target)}`));
}

/** Every visible button and link under 44 × 44 px (name and size). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('button, a[href], [role="button"], [role="link"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= 0 || r.bottom <= 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"]')) continue;
      if (r.width < ${TAP} - 0.5 || r.height < ${TAP} - 0.5) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
        out.push(name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
      }
    }
    return out;
  })()`);
}

/**
 * The bottom navigation bar's items (ADR 036) whose name does not fit: a word cut or spilling out
 * of its item (wider than the name's box), more than two lines, or an item under 48 px high.
 */
async function unfitNavItems(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    const bar = [...document.querySelectorAll('nav')].find((n) => getComputedStyle(n).position === 'fixed');
    if (!bar) return ['no bottom bar'];
    for (const link of bar.querySelectorAll('a')) {
      const label = link.lastElementChild;
      const r = link.getBoundingClientRect();
      const lines = label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight);
      const name = label.textContent;
      const l = label.getBoundingClientRect();
      if (label.scrollWidth > label.clientWidth + 0.5) out.push(name + ': spills ' + label.scrollWidth + '/' + label.clientWidth);
      if (l.left < r.left - 0.5 || l.right > r.right + 0.5) out.push(name + ': wider than its item');
      if (r.left < -0.5 || r.right > innerWidth + 0.5) out.push(name + ': off the screen');
      if (lines > 2.05) out.push(name + ': ' + lines.toFixed(1) + ' lines');
      if (r.height < 48) out.push(name + ': ' + Math.round(r.height) + ' px high');
    }
    return out;
  })()`);
}

/** Nothing is wider than the screen, and no text of ours spills out of its box. */
async function expectNoHorizontalOverflow(page: Page, where: string) {
  const { scroll, view } = (await page.evaluate(
    '({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth })',
  )) as { scroll: number; view: number };
  expect(scroll, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(view);
  const spilled = (await page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('button, a[href], h1, h2, p, span, label')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > ${WIDTH} + 0.5) out.push((el.textContent || '').trim().slice(0, 30) + ' → ' + Math.round(r.right));
    }
    return out;
  })()`)) as string[];
  expect(spilled, `${where}: past the right edge`).toEqual([]);
}

/** Closes the toasts, so a screenshot shows the page under them. */
async function dismissToasts(page: Page) {
  const closers = page.getByRole('alert').getByRole('button');
  for (const close of await closers.all()) await close.click().catch(() => undefined);
  await expect(closers).toHaveCount(0);
}

async function settle(page: Page) {
  // From the top: a full-page shot of a scrolled page draws the fixed bars (and the skip link
  // waiting above them) in the middle.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.waitForTimeout(250);
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 740 },
    isMobile: true,
    hasTouch: true,
    // The browser speaks English: the Tamil comes from the account.
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    geolocation: { latitude: 13.041812, longitude: 80.234123, accuracy: 18 },
    permissions: ['geolocation'],
  });
  return context.newPage();
}

/** The account's language, chosen as the profile does it (PATCH /api/auth/me). */
async function chooseLanguage(request: APIRequestContext, who: MadeUser, locale: string) {
  const login = await request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(login.ok()).toBeTruthy();
  const res = await request.patch('/api/auth/me', {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
    data: { locale },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in through the English login screen; the app then speaks the account's language. */
async function signInAs(page: Page, who: MadeUser, lang: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function jobFor(request: APIRequestContext, lang: string) {
  const region = await createRegion(request, `E2E ${lang}`);
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Murugan Selvam' });
  const customer = await createCustomer(request, region, {
    name: 'Kaveri Water Works',
    address: '42 Pillaiyar Koil Street, Mylapore, Chennai',
  });
  const made = await createServiceRequest(request, {
    region,
    customer,
    type: 'SERVICE',
    description: 'RO membrane change due; TDS at the tap reads 180. Check the UV lamp too (AMC visit).',
    assignTo: technician,
  });
  await chooseLanguage(request, technician, lang);
  return { technician, customer, made };
}

test('a Tamil technician completes a job on a 360 px phone with the shell and the work controls in Tamil', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(150_000));
  const { technician, customer, made } = await jobFor(request, 'ta');
  const dir = test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  const page = await phone(browser);
  await signInAs(page, technician, 'ta');

  // The top bar names the service; the dashboard's heading alone greets (ADR 036).
  await expect(page.getByRole('banner')).toContainText(DEMO.serviceName);
  await expect(page.getByRole('banner')).not.toContainText(taShell.welcomeBack);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(technician.name);
  // One unread: the assignment. The count is part of the bell's name.
  await expect(
    page.getByRole('link', { name: taShell.notificationsUnread_one.replace('{{count}}', '1') }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /கணக்கு மெனு$/ })).toBeVisible();

  // The bottom navigation bar: the technician's menu in Tamil, every name whole (two lines at most).
  await expect(page.getByRole('button', { name: taShell.openNavigation })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: taShell.mainNavigation });
  await expect(nav.getByRole('link')).toHaveText(technicianMenu(taShell));
  expect(technicianMenu(taShell)).toContain(taShell.menu.taskHistory);
  await expect(nav.getByRole('link', { name: taShell.menu.dashboard })).toHaveAttribute('aria-current', 'page');
  await settle(page);
  await expectNoHorizontalOverflow(page, 'bottom bar');
  expect(await unfitNavItems(page), 'bottom bar: names that do not fit').toEqual([]);
  expect(await smallTargets(page), 'dashboard: controls under 44 px').toEqual([]);
  await page.screenshot({ path: `${dir}/ta-bottom-nav.png` });
  await nav.getByRole('link', { name: taShell.menu.myTasks }).click();

  // My Tasks: the card in Tamil (its type from the server catalogue), a full-size View Details.
  await expect(page.getByRole('heading', { name: taTech.myTasks.title, level: 1 })).toBeVisible();
  const card = page.getByRole('article', {
    name: taTech.myTasks.cardLabel
      .replace('{{customer}}', customer.name)
      .replace('{{type}}', taServer.requestType.SERVICE),
  });
  await expect(card).toContainText(made.ticketNumber);
  await expect(card).toContainText(taServer.requestType.SERVICE);
  await settle(page);
  await expectNoHorizontalOverflow(page, 'my tasks');
  expect(await smallTargets(page), 'my tasks: controls under 44 px').toEqual([]);
  await page.screenshot({ path: `${dir}/ta-my-tasks.png`, fullPage: true });
  expect(await seriousA11y(page), 'my tasks: axe').toEqual([]);
  await card.getByRole('link', { name: taTech.myTasks.viewDetails }).click();
  await expect(page).toHaveURL(new RegExp(`/service-requests/${made.id}$`));

  // The customer card, then Work Progress with its one green action.
  const customerCard = page.getByRole('region', { name: taTech.contact.title });
  await expect(customerCard).toContainText(customer.name);
  await expect(
    customerCard.getByRole('link', { name: taTech.contact.openInMaps.replace('{{address}}', customer.address) }),
  ).toBeVisible();
  await expect(customerCard.getByRole('link', { name: /எண்ணுக்கு அழை$/ })).toHaveAttribute(
    'href',
    `tel:${customer.primaryPhone}`,
  );
  const panel = page.getByRole('region', { name: taTech.work.title });
  await expect(panel).toContainText(taTech.work.notStarted);
  await expect(panel.getByRole('timer', { name: taTech.work.timer })).toHaveText('00:00:00');
  await expect(panel.getByRole('button', { name: taTech.photos.choose })).toBeVisible();
  await expect(panel.getByRole('button', { name: taTech.photos.take })).toBeVisible();
  await expect(panel.getByRole('button', { name: taTech.location.capture })).toBeVisible();
  await expect(panel.getByText(taTech.location.manual)).toBeVisible();
  const start = panel.getByRole('button', { name: taTech.work.start });
  await settle(page);
  await expectNoHorizontalOverflow(page, 'task, assigned');
  expect(await smallTargets(page), 'task, assigned: controls under 44 px').toEqual([]);
  await page.screenshot({ path: `${dir}/ta-task-assigned.png`, fullPage: true });
  expect(await seriousA11y(page), 'task, assigned: axe').toEqual([]);

  // The phone's location, in Tamil words around the spec's coordinates.
  await panel.getByRole('button', { name: taTech.location.capture }).click();
  await expect(panel.getByRole('button', { name: taTech.location.saved })).toBeVisible();
  await expect(panel).toContainText('அட்சரேகை 13.041812, தீர்க்கரேகை 80.234123');
  await expect(customerCard.getByRole('link', { name: taTech.contact.navigate })).toBeVisible();

  // Start Work: the timer runs and says so.
  await start.click();
  await expect(panel).toContainText(taTech.work.inProgress);
  await expect(panel.getByRole('timer', { name: taTech.work.timer })).not.toHaveText('00:00:00');

  // A photo: chosen, counted in Tamil, uploaded with a Tamil toast.
  const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#1565c0' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('photo-input').setInputFiles({ name: 'membrane.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(
    panel.getByRole('progressbar', { name: taTech.photos.progress.replace('{{name}}', 'membrane.jpg') }),
  ).toBeVisible();
  await panel.getByRole('button', { name: taTech.photos.uploadCount_one.replace('{{count}}', '1') }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: taTech.photos.uploaded_one.replace('{{count}}', '1') }),
  ).toBeVisible();
  await expect(panel.getByRole('list', { name: taTech.photos.selected })).toContainText(taTech.photos.done);
  await settle(page);
  await expectNoHorizontalOverflow(page, 'task, in progress');
  expect(await smallTargets(page), 'task, in progress: controls under 44 px').toEqual([]);
  await dismissToasts(page);
  await page.screenshot({ path: `${dir}/ta-task-in-progress.png`, fullPage: true });

  // Complete Work, through its notes dialog.
  await panel.getByRole('button', { name: taTech.work.complete }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(taTech.work.completeMessage);
  await dialog.getByLabel(taTech.work.notes).fill('RO membrane மாற்றப்பட்டது, TDS 40');
  expect(await smallTargets(page), 'complete dialog: controls under 44 px').toEqual([]);
  await dialog.getByRole('button', { name: taTech.work.complete, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText(taTech.work.doneWaiting);
  await expect(panel).toContainText(taTech.work.completed);
  for (const name of [taTech.work.start, taTech.work.complete, taTech.location.capture, taTech.location.saved]) {
    await expect(panel.getByRole('button', { name, exact: true }), name).toHaveCount(0);
  }
  await expect(panel.getByText(taTech.work.addForgotten)).toBeVisible();
  // The work log says when it started and ended, in Tamil words.
  const logs = page.getByRole('region', { name: taTech.logs.title });
  await expect(logs).toContainText('தொடக்கம் ');
  await expect(logs).toContainText('முடிவு ');
  await settle(page);
  await expectNoHorizontalOverflow(page, 'task, work completed');
  expect(await smallTargets(page), 'task, work completed: controls under 44 px').toEqual([]);
  await page.screenshot({ path: `${dir}/ta-task-completed.png`, fullPage: true });

  // The server's own words come back in the account's Tamil (no Accept-Language asked): a second
  // start is a 409 that names the status in Tamil too.
  const login = await request.post('/api/auth/login', {
    data: { email: technician.email, password: technician.password },
  });
  const res = await request.post('/api/technician-workflow/start', {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
    data: { requestId: made.id },
  });
  expect(res.status()).toBe(409);
  expect((await res.json()).message).toBe(
    taServer.error.movedOnStatus.replace('{{status}}', taServer.requestStatus.WORK_COMPLETED),
  );

  // Task History lists it, in Tamil.
  await page.goto('/technician/task-history');
  await expect(page.getByRole('heading', { name: taTech.history.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: taTech.history.tableLabel })).toContainText(customer.name);
  await expectNoHorizontalOverflow(page, 'task history');
  await page.context().close();
});

for (const [lng, shell, tech, server] of [
  ['ml', mlShell, mlTech, mlServer],
  ['te', teShell, teTech, teServer],
  ['kn', knShell, knTech, knServer],
  ['hi', hiShell, hiTech, hiServer],
] as const) {
  test(`the technician screens hold at 360 px in ${lng}`, async ({ browser, request }) => {
    test.setTimeout(scaled(120_000));
    const { technician, customer, made } = await jobFor(request, lng);
    const dir = test.info().outputPath();
    fs.mkdirSync(dir, { recursive: true });
    const page = await phone(browser);
    await signInAs(page, technician, lng);
    await expect(page.getByRole('banner')).toContainText(DEMO.serviceName);
    await expect(page.getByRole('banner')).not.toContainText(shell.welcomeBack);

    const nav = page.getByRole('navigation', { name: shell.mainNavigation });
    await expect(nav.getByRole('link')).toHaveText(technicianMenu(shell));
    await settle(page);
    await expectNoHorizontalOverflow(page, 'bottom bar');
    expect(await unfitNavItems(page), 'bottom bar: names that do not fit').toEqual([]);
    await page.screenshot({ path: `${dir}/${lng}-bottom-nav.png` });
    await nav.getByRole('link', { name: shell.menu.myTasks }).click();

    await expect(page.getByRole('heading', { name: tech.myTasks.title, level: 1 })).toBeVisible();
    const card = page.getByRole('article', {
      name: tech.myTasks.cardLabel
        .replace('{{customer}}', customer.name)
        .replace('{{type}}', server.requestType.SERVICE),
    });
    await expect(card).toContainText(made.ticketNumber);
    await settle(page);
    await expectNoHorizontalOverflow(page, 'my tasks');
    expect(await smallTargets(page), 'my tasks: controls under 44 px').toEqual([]);
    await page.screenshot({ path: `${dir}/${lng}-my-tasks.png`, fullPage: true });

    await card.getByRole('link', { name: tech.myTasks.viewDetails }).click();
    const panel = page.getByRole('region', { name: tech.work.title });
    await panel.getByRole('button', { name: tech.work.start }).click();
    await expect(panel).toContainText(tech.work.inProgress);
    await expect(panel.getByRole('button', { name: tech.work.complete })).toBeVisible();
    await page.getByText(tech.location.manual).click();
    await expect(panel.getByRole('button', { name: tech.location.set })).toBeVisible();
    await settle(page);
    await expectNoHorizontalOverflow(page, 'task, in progress');
    expect(await smallTargets(page), 'task, in progress: controls under 44 px').toEqual([]);
    await dismissToasts(page);
    await page.screenshot({ path: `${dir}/${lng}-task-in-progress.png`, fullPage: true });
    await page.context().close();
  });
}
