/**
 * Languages (issue 19, ADR 022): an admin switches to Hindi on the profile, sees the admin
 * screens in Hindi (and again after signing in elsewhere: the choice is the account's), and
 * switches back; the login screen's picker; the translated screens at 360 px in Tamil and
 * Malayalam hold without horizontal overflow (screenshots under test-results/ for a human look).
 */
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import hiAccount from '../src/web/i18n/locales/hi/account.json' with { type: 'json' };
import admin from '../src/web/i18n/locales/hi/admin.json' with { type: 'json' };
import hiAuth from '../src/web/i18n/locales/hi/auth.json' with { type: 'json' };
import mlAuth from '../src/web/i18n/locales/ml/auth.json' with { type: 'json' };
import taAuth from '../src/web/i18n/locales/ta/auth.json' with { type: 'json' };
import { createUser, signIn } from './fixtures.ts';

async function pickLanguage(page: Page, name: string) {
  await page.getByRole('combobox', { name: /Language|भाषा|மொழி|ഭാഷ/ }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Nothing on the page is wider than the viewport (no sideways scrolling on a phone). */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = (await page.evaluate(
    '({ scroll: document.documentElement.scrollWidth, view: document.documentElement.clientWidth })',
  )) as { scroll: number; view: number };
  expect(overflow.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(overflow.view);
}

test('an admin switches to Hindi on the profile, sees the admin screens in Hindi, and switches back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const me = await createUser(request, { role: 'Super Admin', name: 'Hema Admin' });
  await signIn(page, me);

  await page.goto('/profile');
  await pickLanguage(page, 'हिन्दी');
  await expect(page.getByRole('heading', { name: hiAccount.title, level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  for (const [path, title] of [
    ['/users', admin.users.title],
    ['/roles', admin.roles.title],
    ['/regions', admin.regions.title],
    ['/customers', admin.customers.title],
    ['/audit', admin.audit.title],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  }
  // The users table in Hindi: headers, a system role's name.
  await page.goto('/users');
  await expect(page.getByRole('columnheader', { name: 'नाम' })).toBeVisible();
  await expect(page.getByRole('button', { name: admin.users.add })).toBeVisible();

  // The choice belongs to the account: a fresh browser context signs in and gets Hindi.
  const other = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
  if (!other) throw new Error('no second context');
  const second = await other.newPage();
  await second.goto('/login');
  await second.getByLabel('Email').fill(me.email);
  await second.getByLabel('Password', { exact: true }).fill(me.password);
  await second.getByRole('button', { name: 'Sign In' }).click();
  // Signed in before moving on: a goto during the sign-in would land on the login screen.
  await expect(second).toHaveURL(/\/dashboard$/);
  await second.goto('/roles');
  await expect(second.getByRole('heading', { name: admin.roles.title, level: 1 })).toBeVisible();
  await other.close();

  // Back to English.
  await page.goto('/profile');
  await pickLanguage(page, 'English');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  const meNow = await page.evaluate("JSON.parse(localStorage.getItem('user') ?? '{}').locale");
  expect(meNow).toBe('en-IN');
});

test("the login screen's picker changes the screen's language, and the choice is kept at sign-in", async ({
  page,
  request,
}) => {
  const me = await createUser(request, { role: 'Sales Admin', name: 'Gita Admin' });
  await page.goto('/login');
  await expect(page.getByText('Sign in to your account')).toBeVisible();
  await pickLanguage(page, 'हिन्दी');
  await expect(page.getByText(hiAuth.subtitle)).toBeVisible();
  await expect(page.getByRole('button', { name: hiAuth.signIn })).toBeVisible();
  // A wrong password: the server's message in Hindi too.
  await page.getByLabel(hiAuth.email).fill(me.email);
  await page.getByLabel(hiAuth.password, { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: hiAuth.signIn }).click();
  await expect(page.getByRole('alert')).toContainText('ईमेल या पासवर्ड गलत है');
  await page.getByLabel(hiAuth.password, { exact: true }).fill(me.password);
  await page.getByRole('button', { name: hiAuth.signIn }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect
    .poll(async () => {
      const res = await request.post('/api/auth/login', { data: { email: me.email, password: me.password } });
      return (await res.json()).user.locale;
    })
    .toBe('hi');
});

for (const [lng, name, auth] of [
  ['ta', 'தமிழ்', taAuth],
  ['ml', 'മലയാളം', mlAuth],
] as const) {
  test(`the translated screens hold at 360 px in ${name}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const me = await createUser(request, { role: 'Super Admin', name: 'Mobile Admin' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await pickLanguage(page, name);
    await expect(page.getByRole('button', { name: auth.signIn })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    const dir = test.info().outputPath();
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${lng}-login.png`, fullPage: true });
    await page.getByLabel(auth.email).fill(me.email);
    await page.getByLabel(auth.password, { exact: true }).fill(me.password);
    await page.getByRole('button', { name: auth.signIn }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const path of [
      '/profile',
      '/notifications',
      '/users',
      '/users/create',
      '/roles',
      '/regions',
      '/customers',
      '/audit',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate('document.fonts.ready.then(() => true)');
      await page.waitForTimeout(300);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `${dir}/${lng}${path.replace(/\//g, '-')}.png`, fullPage: true });
    }
  });
}
