/**
 * A technician in the field (issue 32): a 360 px touch phone opens AquaDesk over HTTPS through
 * Caddy at https://aquadesk.test, a name that is not localhost, and the browser checks the
 * certificate for real (its own NSS store trusts Caddy's local CA; e2e/tls.ts). One job, end to
 * end: signed in through the form (HSTS, a Secure refresh cookie), a live notification through
 * the proxy within a second, a photo, the customer's location from the phone (only a secure
 * origin may ask), the installed app opening from its home-screen URL and the task from the
 * cache with no signal, and Start and Complete done offline arriving exactly once.
 *
 * Runs only in the `https` project (playwright.config.ts). Its data is its own, made through the
 * API on the plain server behind Caddy (Node's HTTP client does not use Chromium's resolver).
 */
import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import sharp from 'sharp';
import type { AuditEntry } from '../src/shared/contracts/audit.ts';
import type { RequestDetails } from '../src/shared/contracts/service-requests.ts';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import {
  apiAuth,
  createCustomer,
  createRegion,
  createServiceRequest,
  createUnit,
  createUser,
  navigation,
  signInThroughForm,
} from './fixtures.ts';
import { TLS_HOST, test } from './tls.ts';

const SITE = { latitude: 13.041812, longitude: 80.234123, accuracy: 12 };
test.use({ geolocation: SITE, permissions: ['geolocation'] });

const bell = (page: Page) => page.getByRole('link', { name: 'notifications' });
async function badgeCount(page: Page): Promise<number> {
  const n = Number.parseInt((await bell(page).innerText()).trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}
const swState = (page: Page) =>
  page.evaluate<string>(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? 'none')`);

test('a technician in the field: HTTPS through Caddy at aquadesk.test, live, located, installed, offline', async ({
  page,
  context,
  tls,
  playwright,
  launchOptions,
}) => {
  test.setTimeout(scaled(90_000));

  // The certificate is checked: the same browser without the NSS store refuses the site.
  const untrusting = await playwright.chromium.launch({
    ...launchOptions,
    env: { ...process.env, HOME: tls.untrustingHome },
  });
  const refused = await (await untrusting.newPage()).goto(`${tls.origin}/login`).catch((err: Error) => err.message);
  expect(refused).toMatch(/ERR_CERT_AUTHORITY_INVALID/);
  await untrusting.close();

  const api = await playwrightRequest.newContext({ baseURL: tls.upstream });
  const admin = await apiAuth(api);
  const region = await createRegion(api, 'Field Region');
  const technician = await createUser(api, { role: ROLE.TECHNICIAN, region: region.name, name: 'Kavya Fieldwork' });
  const customer = await createCustomer(api, region, { name: 'Joseph Mathew', address: '4 Temple Street, Mylapore' });
  const task = await createServiceRequest(api, { region, customer, assignTo: technician });
  // Approved, not yet anyone's: the office gives it to the technician while they watch.
  const next = await createServiceRequest(api, { region, customer, approve: true });

  // 1. The sign-in page and the sign-in itself arrive over HTTPS with HSTS; the cookie is Secure.
  const first = await page.goto('/login');
  expect(page.url()).toMatch(new RegExp(`^https://${TLS_HOST.replace('.', '\\.')}:\\d+/login$`));
  expect(first?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(first?.headers()['content-security-policy']).toContain('upgrade-insecure-requests');
  expect(await page.evaluate('window.isSecureContext')).toBe(true);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/notifications/stream'));
  await signInThroughForm(page, technician);
  expect((await login).headers()['strict-transport-security']).toMatch(/max-age=\d+/);
  const cookie = (await context.cookies()).find((c) => c.name === 'aquadesk_refresh');
  expect(cookie).toMatchObject({ domain: TLS_HOST, secure: true, httpOnly: true });

  // 2. The live stream through the proxy: open, not compressed, and an assignment made by the
  // office shows on the phone within a second of the office's answer.
  const live = await stream;
  expect(live.status()).toBe(200);
  expect(live.headers()['content-type']).toContain('text/event-stream');
  expect(live.headers()['content-encoding']).toBeUndefined();
  await expect(page.getByRole('heading', { name: 'My Tasks Today' })).toBeVisible();
  const before = await badgeCount(page);
  const assigned = await api.post(`/api/service-requests/${next.id}/manual-assign`, {
    headers: admin,
    data: { technicianId: technician.id },
  });
  const answeredAt = Date.now();
  expect(assigned.ok(), await assigned.text()).toBeTruthy();
  await expect.poll(() => badgeCount(page), { timeout: scaled(5000), intervals: [20] }).toBe(before + 1);
  const tookMs = Date.now() - answeredAt;
  console.info(`SSE through Caddy: the badge rose ${tookMs} ms after the assignment's answer`);
  expect(tookMs).toBeLessThan(1000);

  // The app installs: the service worker (a secure origin only) takes the page.
  await expect.poll(() => swState(page), { timeout: scaled(30_000) }).toBe('activated');
  await page.goto('/technician/my-tasks');
  await page.waitForFunction('!!navigator.serviceWorker.controller', undefined, { timeout: scaled(30_000) });
  const card = page.getByRole('article', { name: `Service task for ${customer.name}` });
  await expect(card).toHaveCount(2);
  await card.filter({ hasText: task.ticketNumber }).getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/service-requests/${task.id}$`));
  const panel = page.getByRole('region', { name: 'Work Progress' });

  // 3. A photo from the task screen, its thumbnail loaded through the proxy.
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#00838f' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('photo-input').setInputFiles({ name: 'inlet.jpg', mimeType: 'image/jpeg', buffer: photo });
  await panel.getByRole('button', { name: 'Upload 1 Image(s)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 image(s) uploaded successfully!' })).toBeVisible();
  const thumb = page.getByRole('region', { name: 'Work Photos (1)' }).getByRole('img');
  await expect
    .poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);

  // 4. The phone's location: the browser gives it to a secure origin, and it lands on the job.
  await panel.getByRole('button', { name: 'Capture Location' }).click();
  await expect(panel.getByRole('button', { name: 'Location Saved' })).toBeVisible();
  await expect(panel).toContainText(`Latitude ${SITE.latitude}, Longitude ${SITE.longitude}`);

  // 5. No signal: the app opens from its home-screen URL (the manifest's start_url) out of the
  // worker's cache, and the task opens from the phone's cache.
  const manifest = (await (await api.get('/manifest.webmanifest')).json()) as { start_url: string };
  await context.setOffline(true);
  await page.goto(new URL(manifest.start_url, tls.origin).href);
  await expect(page.getByRole('heading', { name: `Welcome back, ${technician.name}!` })).toBeVisible();
  // The technician's bottom navigation bar (ADR 036), drawn from the cache as well.
  await navigation(page).getByRole('link', { name: 'My Tasks' }).click();
  await card.filter({ hasText: task.ticketNumber }).getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Offline, as of / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText(customer.name);

  // 6. Start and Complete, offline: kept on the phone, sent once when the signal returns.
  await panel.getByRole('button', { name: 'Start Work' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Saved on this phone' }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Complete Work' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Notes').fill('Inlet valve cleaned; TDS 55');
  await dialog.getByRole('button', { name: 'Complete Work', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 changes waiting to sync')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: scaled(30_000) });
  await expect(panel).toContainText('Work completed');

  const details = (await (
    await api.get(`/api/service-requests/${task.id}`, { headers: admin })
  ).json()) as RequestDetails;
  expect(details.status).toBe('WORK_COMPLETED');
  expect(details.workLogs).toHaveLength(1);
  expect(details.workLogs[0]).toMatchObject({ notes: 'Inlet valve cleaned; TDS 55', endTime: expect.any(String) });
  expect(details.workMedia).toHaveLength(1);
  expect(details.customer).toMatchObject({ latitude: SITE.latitude, longitude: SITE.longitude });
  // The trail has each of the technician's steps on this job once.
  const trail = await api.get(`/api/audit-log?page=1&pageSize=100&search=${encodeURIComponent(technician.email)}`, {
    headers: admin,
  });
  expect(trail.ok()).toBeTruthy();
  const steps = ((await trail.json()) as AuditEntry[])
    .filter((e) => e.entityId === task.id && e.action.startsWith('request.'))
    .map((e) => e.action)
    .sort();
  expect(steps).toEqual(['request.complete_work', 'request.start_work']);
  await api.dispose();
});

test('a customer opens a sticker over HTTPS at aquadesk.test: its strict policy holds and a request is sent', async ({
  browser,
  tls,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: tls.upstream });
  const region = await createRegion(api, 'Sticker Region');
  const unit = await createUnit(api, region, 'Kaveri Flow RO 12 L');
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  const first = await page.goto(`${tls.origin}/s/${unit.publicCode}`);
  expect(first?.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(first?.headers()['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(first?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.getByRole('heading', { level: 1, name: 'Kaveri Flow RO 12 L' })).toBeVisible();
  await page.getByRole('radio', { name: 'No water' }).check();
  await page.getByLabel('Your mobile number').fill('98765 43210');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('ticket-number')).toHaveText(/^SR-\d{6}$/);
  // The page's own scripts, styles and fonts all load under its policy: nothing refused.
  expect(refused).toEqual([]);
  await phone.close();
  await api.dispose();
});
