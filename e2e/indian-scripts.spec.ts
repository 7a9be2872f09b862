/**
 * Indian scripts on every screen (issue 33 item 7, ADR 022 "Fonts, second pass"):
 *
 * - On the office's English screen, a request whose description, work note and photo (its uploader's
 *   name under the full view) are in Tamil is drawn in Noto Sans Tamil, the self-hosted face, not in
 *   a system font's empty boxes: Chromium's own account of the fonts it drew each Tamil text with
 *   (CDP CSS.getPlatformFontsForNode), the face loaded in document.fonts, its file fetched. Every
 *   element holding Tamil letters, the caption on a photo (a <button>, whose font the browser's own
 *   style sets to Arial) and a text field included, has the Tamil face in its font stack; a
 *   Malayalam comment with a zero-width non-joiner typed there is drawn in Noto Sans Malayalam.
 * - An English screen with no Indian script (a rupee sign included, which the Latin fonts here do not
 *   have) fetches none of the five scripts' fonts.
 * - The dashboard's tiles at 360 px break their labels only between words, in Tamil and Malayalam
 *   (and Telugu, Kannada, Hindi): every word of every tile label lies on one line, inside its tile.
 *
 * The machine has no system font for any Indian script (fc-list :lang=ta is empty), so a text the
 * app's fonts do not cover shows as boxes here too. Screenshots under test-results/ for a human look.
 */
import fs from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  type CDPSession,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import sharp from 'sharp';
import { ROLE } from '../src/shared/domain/roles.ts';
import hiDashboard from '../src/web/i18n/locales/hi/dashboard.json' with { type: 'json' };
import hiMaintenance from '../src/web/i18n/locales/hi/on-demand/maintenance.json' with { type: 'json' };
import knDashboard from '../src/web/i18n/locales/kn/dashboard.json' with { type: 'json' };
import knMaintenance from '../src/web/i18n/locales/kn/on-demand/maintenance.json' with { type: 'json' };
import mlDashboard from '../src/web/i18n/locales/ml/dashboard.json' with { type: 'json' };
import mlMaintenance from '../src/web/i18n/locales/ml/on-demand/maintenance.json' with { type: 'json' };
import taDashboard from '../src/web/i18n/locales/ta/dashboard.json' with { type: 'json' };
import taMaintenance from '../src/web/i18n/locales/ta/on-demand/maintenance.json' with { type: 'json' };
import teDashboard from '../src/web/i18n/locales/te/dashboard.json' with { type: 'json' };
import teMaintenance from '../src/web/i18n/locales/te/on-demand/maintenance.json' with { type: 'json' };
import { scaled } from '../tests/harness/speed.ts';
import {
  apiAuth,
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  type MadeUser,
  signIn,
} from './fixtures.ts';

const INDIC_FONT_FILE = /noto-sans-(devanagari|tamil|telugu|kannada|malayalam)-[^/]*\.woff2?$/;
const TAMIL_FONT_FILE = /noto-sans-tamil-[^/]*\.woff2?$/;

/** The fonts' files the page asks for, from now on. */
function fontRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\.woff2?$/.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

/** An element's computed font-family (the e2e tsconfig has no DOM types). */
const fontFamilyOf = (locator: Locator) =>
  locator.evaluate(
    (el) =>
      (globalThis as unknown as { getComputedStyle(e: unknown): { fontFamily: string } }).getComputedStyle(el)
        .fontFamily,
  );

/** The account's language, stored as the profile stores it (PATCH /api/auth/me). */
async function chooseLanguage(request: APIRequestContext, me: MadeUser, locale: string) {
  const res = await request.patch('/api/auth/me', { headers: await apiAuth(request, me), data: { locale } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

type PlatformFont = { familyName: string; isCustomFont: boolean; glyphCount: number };
type DomNode = { nodeId: number; children?: DomNode[]; shadowRoots?: DomNode[] };

/**
 * The fonts Chromium drew each matching element's text with (family, whether a web font, glyphs).
 * A text field's text is in the browser's own shadow tree: its nodes are asked too.
 */
async function drawnWith(cdp: CDPSession, selector: string): Promise<PlatformFont[][]> {
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const byId = new Map<number, DomNode>();
  const index = (n: DomNode) => {
    byId.set(n.nodeId, n);
    for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) index(c);
  };
  index(root as DomNode);
  const fontsOf = async (n: DomNode): Promise<PlatformFont[]> => {
    const own = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId: n.nodeId }).catch(() => ({ fonts: [] })))
      .fonts;
    const inner = await Promise.all((n.shadowRoots ?? []).flatMap((r) => (r.children ?? []).map(fontsOf)));
    return [...own, ...inner.flat()];
  };
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const out: PlatformFont[][] = [];
  for (const nodeId of nodeIds) {
    const node = byId.get(nodeId);
    out.push(node ? await fontsOf(node) : []);
  }
  return out;
}

/** Letters of the Indian scripts' blocks (U+0900 to U+0DFF). */
const INDIC_LETTER = /[\u0900-\u0DFF]/;

/**
 * A text was drawn in `family`, the self-hosted face: its letters are that face's glyphs, and the
 * system's fonts drew no more glyphs than the text has other characters (spaces, Latin, digits);
 * a letter in a system font here is an empty box.
 */
function expectDrawnIn(
  fonts: { familyName: string; isCustomFont: boolean; glyphCount: number }[],
  family: string,
  text: string,
) {
  const how = `"${text}" drawn with ${JSON.stringify(fonts)}`;
  const face = fonts.find((f) => f.familyName === family);
  expect(face?.isCustomFont, how).toBe(true);
  expect(face?.glyphCount ?? 0, how).toBeGreaterThan(0);
  const others = [...text].filter((c) => !INDIC_LETTER.test(c)).length;
  const system = fonts.filter((f) => !f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0);
  expect(system, how).toBeLessThanOrEqual(others);
}

/**
 * Marks every element with a text of its own in the Tamil block (data-tamil="<n>") and answers,
 * for each, its text and its computed font-family.
 */
const MARK_TAMIL = `(() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('');
    if (!/[\\u0B80-\\u0BFF]/.test(own)) continue;
    el.setAttribute('data-tamil', String(out.length));
    out.push({ text: own.trim(), font: getComputedStyle(el).fontFamily });
  }
  return out;
})()`;

test("the office's English screen draws a request's Tamil description, note and photo caption in Noto Sans Tamil", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const region = await createRegion(request, 'Tamil Text Region');
  const customer = await createCustomer(request, region, { name: 'Lakshmi Narayanan' });
  const tech = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'முருகன் செல்வம்' });
  const description = 'சமையலறை வடிகட்டியில் தண்ணீர் கசிகிறது';
  const note = 'வடிகட்டி மாற்றப்பட்டது, கசிவு நின்றது';
  const made = await createServiceRequest(request, { region, customer, description, assignTo: tech });
  // The technician's day, through the API: start, a photo (taken now: its caption shows the time), done.
  const techAuth = await apiAuth(request, tech);
  const started = await request.post('/api/technician-workflow/start', {
    headers: techAuth,
    data: { requestId: made.id },
  });
  expect(started.ok(), await started.text()).toBeTruthy();
  const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#1565c0' } })
    .jpeg()
    .toBuffer();
  const uploaded = await request.post(
    `/api/uploads/work-media/${made.id}?clientTime=${encodeURIComponent(new Date().toISOString())}`,
    { headers: techAuth, multipart: { file: { name: 'filter.jpg', mimeType: 'image/jpeg', buffer: photo } } },
  );
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const stopped = await request.post('/api/technician-workflow/stop', {
    headers: techAuth,
    data: { requestId: made.id, notes: note },
  });
  expect(stopped.ok(), await stopped.text()).toBeTruthy();

  // An office user whose screen is English (the browser's en-IN, no language of their own).
  const me = await createUser(request, { role: ROLE.SUPER_ADMIN, name: 'Office English' });
  const fonts = fontRequests(page);
  await signIn(page, me);
  await page.goto(`/service-requests/${made.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Request ${made.ticketNumber}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByText(description, { exact: true })).toBeVisible();
  await expect(page.getByText(note, { exact: true })).toBeVisible();
  await page.evaluate('document.fonts.ready.then(() => true)');

  // Every element holding Tamil letters has the Tamil face in its stack (nothing falls to Arial alone).
  const tamil = (await page.evaluate(MARK_TAMIL)) as { text: string; font: string }[];
  expect(tamil.map((t) => t.text)).toEqual(expect.arrayContaining([description, note]));
  for (const t of tamil) expect(t.font, `the font of "${t.text}"`).toContain('Noto Sans Tamil');
  // The caption on the photo's thumbnail is inside a <button>: the theme's stack, not the browser's Arial.
  const caption = page.getByRole('button', { name: /^Open photo 1/ }).locator('span');
  await expect(caption).toContainText(/^Taken /);
  expect(await fontFamilyOf(caption)).toContain('Noto Sans Tamil');

  // What Chromium drew them with: the self-hosted Noto Sans Tamil, for all their Tamil letters.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const drawn = await drawnWith(cdp, '[data-tamil]');
  expect(drawn.length).toBeGreaterThanOrEqual(3); // description, note, the technician's name (twice)
  for (const [i, fontsOfNode] of drawn.entries()) expectDrawnIn(fontsOfNode, 'Noto Sans Tamil', tamil[i]?.text ?? '');
  const faces = (await page.evaluate(
    `[...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Tamil').map((f) => f.weight + ' ' + f.status)`,
  )) as string[];
  expect(faces).toContain('400 loaded');
  expect(fonts.filter((u) => TAMIL_FONT_FILE.test(u)).length).toBeGreaterThan(0);

  // The photo's full view: its caption names the technician who took it, in Tamil.
  await page.getByRole('button', { name: /^Open photo 1/ }).click();
  const full = page.getByRole('dialog');
  await expect(full).toContainText(tech.name);
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.evaluate(MARK_TAMIL);
  const inDialog = await drawnWith(cdp, '.MuiDialog-root [data-tamil]');
  expect(inDialog.length).toBe(1);
  expectDrawnIn(inDialog[0] ?? [], 'Noto Sans Tamil', await full.locator('[data-tamil]').innerText());
  const dir = test.info().outputPath();
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/en-request-tamil-photo.png` });
  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();

  // A comment typed into a text field on the English screen, in Malayalam with a zero-width
  // non-joiner (അപ്‌ലോഡ്, as the catalogues and phone keyboards write it): drawn in Noto Sans
  // Malayalam, not in boxes (after an installed Latin font in the stack, the whole word was).
  await page.getByRole('button', { name: 'Acknowledge Completion' }).click();
  const dialog = page.getByRole('dialog');
  const comments = dialog.getByRole('textbox');
  const malayalam = 'ഫോട്ടോ അപ്\u200cലോഡ് ശരിയാണ്';
  await comments.fill(malayalam);
  expect(await fontFamilyOf(comments)).toContain('Noto Sans Malayalam');
  await comments.evaluate((el) =>
    (el as unknown as { setAttribute(name: string, value: string): void }).setAttribute('data-typed', ''),
  );
  await page.evaluate('document.fonts.ready.then(() => true)');
  const typed = await drawnWith(cdp, '[data-typed]');
  expectDrawnIn(typed[0] ?? [], 'Noto Sans Malayalam', malayalam);
  await page.screenshot({ path: `${dir}/en-request-tamil-comment.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.screenshot({ path: `${dir}/en-request-tamil.png`, fullPage: true });
});

test('an English screen with no Indian script fetches none of their fonts', async ({ page, request }) => {
  test.setTimeout(scaled(60_000));
  // A region of its own: nobody else's (Tamil) requests reach this manager's dashboard or lists.
  const region = await createRegion(request, 'English Only Region');
  const customer = await createCustomer(request, region, { name: 'Ramesh Kumar' });
  const made = await createServiceRequest(request, {
    region,
    customer,
    // The rupee sign: the Latin fonts here lack it, and a face whose range held it would be fetched.
    description: 'Replace the RO membrane, quoted ₹1,499 with the AMC discount',
    approve: true,
  });
  const me = await createUser(request, { role: ROLE.SERVICE_MANAGER, region: region.name, name: 'Manager English' });
  const fonts = fontRequests(page);
  await signIn(page, me);
  for (const path of ['/service-requests', `/service-requests/${made.id}`, '/notifications', '/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ has: page.getByRole('progressbar') })).toHaveCount(0);
    await page.evaluate('document.fonts.ready.then(() => true)');
  }
  await page.goto(`/service-requests/${made.id}`);
  await expect(page.getByText(made.description)).toBeVisible();
  await page.evaluate('document.fonts.ready.then(() => true)');
  // The five scripts' faces are declared on every page, whatever its language, and none is used here.
  const faces = (await page.evaluate(
    `[...document.fonts].filter((f) => /^"?Noto Sans /.test(f.family)).map((f) => f.family.replace(/"/g, '') + ' ' + f.weight + ' ' + f.status)`,
  )) as string[];
  for (const family of ['Devanagari', 'Tamil', 'Telugu', 'Kannada', 'Malayalam']) {
    expect(faces).toContain(`Noto Sans ${family} 400 unloaded`);
  }
  expect(faces.filter((f) => !f.endsWith(' unloaded'))).toEqual([]);
  expect(fonts.filter((u) => INDIC_FONT_FILE.test(u))).toEqual([]);
});

/**
 * For each label, every element of the main region whose text is exactly that label, and in it
 * every word that is broken over two lines or sticks out of the element's box.
 */
const WORDS_OUT_OF_PLACE = `((labels) => {
  const main = document.querySelector('main');
  const withText = [...main.querySelectorAll('*')].filter((el) =>
    [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()),
  );
  const out = { missing: [], broken: [], outside: [] };
  for (const label of labels) {
    const els = withText.filter((el) => el.textContent.trim() === label);
    if (els.length === 0) out.missing.push(label);
    for (const el of els) {
      const box = el.getBoundingClientRect();
      for (const node of el.childNodes) {
        if (node.nodeType !== 3) continue;
        for (const m of node.textContent.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const tops = rects.map((r) => r.top);
          if (Math.max(...tops) - Math.min(...tops) > 2) out.broken.push(m[0] + ' in "' + label + '"');
          if (rects.some((r) => r.left < box.left - 1 || r.right > box.right + 1)) {
            out.outside.push(m[0] + ' in "' + label + '"');
          }
        }
      }
    }
  }
  return out;
})`;

type Dashboard = typeof taDashboard;
type Maintenance = typeof taMaintenance;

/** Signs in through the form (the browser's English), lands on the dashboard in the account's language. */
async function dashboardAt360(browser: Browser, who: MadeUser, lng: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.getByRole('status').filter({ has: page.getByRole('progressbar') })).toHaveCount(0);
  return page;
}

for (const [lng, dashboard, maintenance] of [
  ['ta', taDashboard, taMaintenance],
  ['ml', mlDashboard, mlMaintenance],
  ['te', teDashboard, teMaintenance],
  ['kn', knDashboard, knMaintenance],
  ['hi', hiDashboard, hiMaintenance],
] as [string, Dashboard, Maintenance][]) {
  test(`the dashboard's tiles at 360 px break ${lng} labels only between words`, async ({ browser, request }) => {
    test.setTimeout(scaled(90_000));
    const dir = test.info().outputPath();
    fs.mkdirSync(dir, { recursive: true });
    // A technician (the four cards and My Tasks Today) and a Service Manager (the four cards and
    // the maintenance tiles), each in a region of their own.
    const region = await createRegion(request, `Tiles ${lng}`);
    const who = [
      {
        user: await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Tile Technician' }),
        labels: [
          ...Object.values(dashboard.card),
          dashboard.myTasks.assigned,
          dashboard.myTasks.inProgress,
          dashboard.myTasks.awaiting,
        ],
      },
      {
        user: await createUser(request, { role: ROLE.SERVICE_MANAGER, region: region.name, name: 'Tile Manager' }),
        labels: [
          ...Object.values(dashboard.card),
          maintenance.cards.dueThisWeek,
          maintenance.cards.overdue,
          maintenance.cards.amcExpiring,
        ],
      },
    ];
    for (const { user, labels } of who) {
      await chooseLanguage(request, user, lng);
      const page = await dashboardAt360(browser, user, lng);
      await expect(page.getByText(labels.at(-1) ?? '', { exact: true }).first()).toBeVisible();
      await page.evaluate('document.fonts.ready.then(() => true)');
      const found = (await page.evaluate(`${WORDS_OUT_OF_PLACE}(${JSON.stringify(labels)})`)) as {
        missing: string[];
        broken: string[];
        outside: string[];
      };
      await page.screenshot({
        path: `${dir}/${lng}-dashboard-${user.role.replace(/ /g, '-')}-360.png`,
        fullPage: true,
      });
      expect(found, `${user.role}'s dashboard in ${lng} at 360 px`).toEqual({ missing: [], broken: [], outside: [] });
      await page.context().close();
    }
  });
}
