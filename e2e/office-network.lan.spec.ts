/**
 * The app at a name on the office network, over plain HTTP (issue 14): a phone opens
 * http://aquadesk.test:<port>, which Chromium resolves to 127.0.0.1 by its host-resolver rules (no
 * network needed). Such an origin is not "secure" to the browser the way localhost and 127.0.0.1
 * are, so this is where HSTS, `upgrade-insecure-requests` or a Secure refresh cookie would break
 * the app (it stayed on "Loading..." before the fix). One technician's job, end to end: sign in,
 * open the task, start work, upload a photo and see its thumbnail, get a live notification,
 * reload with a stale access token and only the refresh cookie to go on, sign out.
 *
 * Runs only in the `lan` project (playwright.config.ts); its data is its own, made through the API
 * at 127.0.0.1 (Node's HTTP client does not use Chromium's resolver).
 */
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import sharp from 'sharp';
import { STORAGE_KEYS } from '../src/shared/domain/constants.ts';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import {
  apiAuth,
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  navigation,
  signInThroughForm,
  storedItem,
} from './fixtures.ts';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const bell = (page: Page) => page.getByRole('link', { name: 'notifications' });
async function badgeCount(page: Page): Promise<number> {
  const n = Number.parseInt((await bell(page).innerText()).trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}

test('a technician does a job from a phone at http://aquadesk.test (plain HTTP, not localhost)', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(scaled(90_000));
  const lanURL = new URL(String(testInfo.project.use.baseURL));
  expect(lanURL.hostname).toBe('aquadesk.test');
  const loopback = new URL(lanURL);
  loopback.hostname = '127.0.0.1';
  const api = await playwrightRequest.newContext({ baseURL: loopback.origin });

  // A region, a technician, a customer and a task assigned to the technician: all our own.
  const region = await createRegion(api, 'LAN Region');
  const technician = await createUser(api, { role: ROLE.TECHNICIAN, region: region.name, name: 'Selvi Fieldwork' });
  const customer = await createCustomer(api, region, { name: 'Farida Begum', address: '12 Lake View Road, Adyar' });
  const task = await createServiceRequest(api, {
    region,
    customer,
    description: `Water tastes salty again, reference ${customer.primaryPhone}`,
    assignTo: technician,
  });

  // Nothing may leave for https:// (what upgrade-insecure-requests and HSTS did).
  const insecureUpgrades: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith('https:')) insecureUpgrades.push(r.url());
  });
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    if (/SSL|CERT|INSECURE/i.test(error)) insecureUpgrades.push(`${r.url()} ${error}`);
  });

  // The page itself: served over plain HTTP with the strict policy, minus the HTTPS-only parts.
  const first = await page.goto('/login');
  expect(first?.ok()).toBeTruthy();
  const headers = first?.headers() ?? {};
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');

  // 1. Sign in; the refresh cookie is for this host and not Secure (else it would never come back).
  await signInThroughForm(page, technician);
  const cookie = (await context.cookies()).find((c) => c.name === 'aquadesk_refresh');
  expect(cookie?.domain).toBe('aquadesk.test');
  expect(cookie?.secure).toBe(false);

  // 2. Open the task (on a phone the technician's navigation is the bottom bar, ADR 036).
  await navigation(page).getByRole('link', { name: 'My Tasks' }).click();
  const card = page.getByRole('article').filter({ hasText: task.description });
  await expect(card).toContainText('ASSIGNED');
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/service-requests/${task.id}$`));

  // 3. Start work.
  await page.getByRole('button', { name: 'Start Work' }).click();
  await expect(toast(page, 'Work timer started!')).toBeVisible();
  await expect(page.getByText('IN PROGRESS', { exact: true })).toBeVisible();

  // 4. Upload a photo and see its thumbnail (a signed /api/media link, loaded from this host).
  const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('photo-input').setInputFiles({ name: 'filter.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Upload 1 Image(s)' }).click();
  await expect(toast(page, '1 image(s) uploaded successfully!')).toBeVisible();
  const thumb = page.getByRole('region', { name: 'Work Photos (1)' }).getByRole('img');
  await expect(thumb).toBeVisible();
  expect(await thumb.getAttribute('src')).toMatch(/^(\/api\/media\/|http:\/\/aquadesk\.test:\d+\/api\/media\/)/);
  await expect
    .poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  // 5. A live notification: the bell rises within 5 s, pushed over the stream (the poll is 30 s).
  const before = await badgeCount(page);
  const sent = await api.post('/api/notifications', {
    headers: await apiAuth(api),
    data: { toUserId: technician.id, message: 'Customer asks you to call before you leave' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect.poll(() => badgeCount(page), { timeout: scaled(5000), intervals: [100] }).toBe(before + 1);

  // 6. Reload with a stale access token: only the refresh cookie can keep the technician signed in
  // (the app's first call answers 401, it refreshes with the cookie and carries on).
  await page.evaluate(
    (key) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        key,
        'expired.access.token',
      ),
    STORAGE_KEYS.token,
  );
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/service-requests/${task.id}$`));
  await expect(page.getByText('IN PROGRESS', { exact: true })).toBeVisible();
  expect(await storedItem(page, STORAGE_KEYS.token)).not.toBe('expired.access.token');

  // 7. Sign out: back to the sign-in page, and the app stays closed.
  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).find((c) => c.name === 'aquadesk_refresh')).toBeUndefined();

  expect(insecureUpgrades).toEqual([]);
  await api.dispose();
});
