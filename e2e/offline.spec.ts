/**
 * Issue 22 (ADR 027), the installable app: the server sends the service worker and the manifest
 * with the right headers, the worker precaches the shell on the first visit, and with the network
 * off the login page opens from the cache on a 360 px touch phone. Then the technician's day with
 * no signal: the task opened from the phone, started, two photos, completed with notes, and back
 * online the server has it exactly once with the phone's times; the replay cut off halfway; the
 * task reassigned while offline. Each test makes its own region, technician, customer and request.
 */
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { RequestDetails } from '../src/shared/contracts/service-requests.ts';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import {
  apiAuth,
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  type MadeRegion,
  type MadeRequest,
  type MadeUser,
  signIn,
  uniqueTag,
} from './fixtures.ts';

/**
 * Where a screenshot goes: the test's output folder, so a run changes no tracked file; with
 * `SHOTS=docs` the pictures kept in docs/screenshots are drawn again.
 */
const shot = (name: string) =>
  process.env.SHOTS === 'docs' ? `docs/screenshots/${name}` : test.info().outputPath(name);

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('sw.js and the manifest: no-cache, the right types, the CSP allows the worker', async ({ request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const body = await manifest.json();
  expect(body).toMatchObject({ name: 'AquaDesk', display: 'standalone', start_url: '/' });
  expect(body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
  for (const icon of body.icons as { src: string }[]) {
    const res = await request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const page = await request.get('/login');
  expect(page.headers()['content-security-policy']).toContain("worker-src 'self'");
  expect(page.headers()['content-security-policy']).toContain("manifest-src 'self'");
});

test('after one visit the login page opens with the network off', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  // The worker registers when the browser is idle, installs (precache) and takes control.
  await expect
    .poll(
      () => page.evaluate<string>(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? 'none')`),
      { timeout: scaled(30_000) },
    )
    .toBe('activated');
  // A page opened before the worker was installed is not under it: the next visit is.
  await page.reload();
  await page.waitForFunction('!!navigator.serviceWorker.controller', undefined, { timeout: scaled(30_000) });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.screenshot({ path: shot('issue22-offline-login-360.png') });
  // A deep link the worker never saw opens the shell too (navigation fallback to index.html).
  await page.goto('/technician/my-tasks').catch(() => undefined);
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
});

// ---- the technician's day with no signal (issue 22 item 6) ---------------------------------------

interface Job {
  technician: MadeUser;
  made: MadeRequest;
  region: MadeRegion;
}

async function jobOfItsOwn(request: APIRequestContext): Promise<Job> {
  const region = await createRegion(request, 'E2E Offline');
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Ravi Offline' });
  const customer = await createCustomer(request, region, { name: `Offline Customer ${uniqueTag()}` });
  const made = await createServiceRequest(request, { region, customer, assignTo: technician });
  return { technician, made, region };
}

/** The technician's phone: signed in, the task opened once (so the worker and the phone have it). */
async function onTheTask(page: Page, job: Job) {
  await signIn(page, job.technician);
  await expect
    .poll(
      () => page.evaluate<string>(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? 'none')`),
      {
        timeout: scaled(30_000),
      },
    )
    .toBe('activated');
  await page.goto('/technician/my-tasks');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.goto(`/service-requests/${job.made.id}`);
  await expect(page.getByRole('region', { name: 'Work Progress' })).toBeVisible();
  await page.waitForFunction('!!navigator.serviceWorker.controller', undefined, { timeout: scaled(30_000) });
}

async function details(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/service-requests/${id}`, { headers: await apiAuth(request) });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as RequestDetails;
}

const jpeg = (color: string) =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: color } })
    .jpeg({ quality: 95 })
    .toBuffer();

async function workOffline(page: Page, context: BrowserContext, shots?: string) {
  await context.setOffline(true);
  // The app opens from the phone: the shell from the worker's cache, the task from IndexedDB.
  await page.reload();
  const panel = page.getByRole('region', { name: 'Work Progress' });
  await expect(page.getByRole('status').filter({ hasText: /^Offline, as of / })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}-opened.png`, fullPage: true });
  await panel.getByRole('button', { name: 'Start Work' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Saved on this phone' }).first()).toBeVisible();
  await expect(panel).toContainText('Work in progress');
  await page.getByTestId('photo-input').setInputFiles([
    { name: 'before.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#1565c0') },
    { name: 'after.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#2e7d32') },
  ]);
  await panel.getByRole('button', { name: 'Upload 2 Image(s)' }).click();
  await expect(page.getByText('3 changes waiting to sync')).toBeVisible();
  await panel.getByRole('button', { name: 'Complete Work' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Notes').fill('Membrane replaced offline; TDS 40');
  await dialog.getByRole('button', { name: 'Complete Work', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('4 changes waiting to sync')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}-queued.png`, fullPage: true });
}

test('offline: start, two photos, complete with notes; back online the server has it once, with the phone’s times', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const job = await jobOfItsOwn(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await onTheTask(page, job);
  const before = Date.now();
  await workOffline(page, context, shot('issue22-offline'));
  // Some time passes before the signal returns: the server must keep the phone's times.
  await page.waitForTimeout(3000);
  const offlineUntil = Date.now();
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: scaled(30_000) });
  await expect(page.getByRole('region', { name: 'Work Progress' })).toContainText('Work completed');
  await page.screenshot({ path: shot('issue22-offline-synced.png'), fullPage: true });

  const r = await details(request, job.made.id);
  expect(r.status).toBe('WORK_COMPLETED');
  expect(r.workLogs).toHaveLength(1);
  const [log] = r.workLogs;
  expect(log?.notes).toBe('Membrane replaced offline; TDS 40');
  const start = Date.parse(log?.startTime ?? '');
  const end = Date.parse(log?.endTime ?? '');
  expect(start).toBeGreaterThanOrEqual(before - 1000);
  expect(end).toBeLessThanOrEqual(offlineUntil);
  // Written by the server after the signal returned, seconds after the phone's times.
  expect(Date.parse(log?.recordedAt ?? '')).toBeGreaterThanOrEqual(offlineUntil - 500);
  expect(Date.parse(log?.endRecordedAt ?? '')).toBeGreaterThan(end);
  expect(r.workMedia).toHaveLength(2);
  // Made small on the phone: the longest side 1600 px.
  for (const m of r.workMedia) expect(Math.max(m.width, m.height)).toBeLessThanOrEqual(1600);
  // Each photo keeps when it was taken, offline, before it reached the server.
  for (const m of r.workMedia) {
    expect(Date.parse(m.takenAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(m.takenAt ?? '')).toBeLessThanOrEqual(offlineUntil);
    expect(Date.parse(m.uploadedAt)).toBeGreaterThan(Date.parse(m.takenAt ?? ''));
  }
  await expect(page.getByText(/^Taken /)).toHaveCount(2);
  await page
    .getByText(/^Taken /)
    .first()
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('issue22-photo-taken-360.png') });
  await context.close();
});

test('the signal drops with the task open: Start Work is saved on the phone at once, sent when it returns', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  const job = await jobOfItsOwn(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await onTheTask(page, job);
  // No reload: the page stays as it was when the browser reported the network gone (issue 31).
  await context.setOffline(true);
  const panel = page.getByRole('region', { name: 'Work Progress' });
  await panel.getByRole('button', { name: 'Start Work' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Saved on this phone' }).first()).toBeVisible();
  await expect(panel).toContainText('Work in progress');
  await expect(page.getByTestId('sync-status')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: scaled(30_000) });
  expect((await details(request, job.made.id)).status).toBe('IN_PROGRESS');
  await context.close();
});

test('the replay cut off halfway (a photo’s answer lost) resumes by itself: one work log, two photos once', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const job = await jobOfItsOwn(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await onTheTask(page, job);
  await workOffline(page, context);
  // The first photo reaches the server, but its answer never reaches the phone.
  let cut = 0;
  await context.route('**/api/uploads/work-media/**', async (route) => {
    if (cut === 0) {
      cut += 1;
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await context.setOffline(false);
  // The cut photo waits for the network again (issue 33: waiting is not failed), retried by itself.
  await expect.poll(() => cut, { timeout: scaled(20_000) }).toBe(1);
  await expect(page.getByTestId('sync-status')).toContainText('Photo');
  await expect(page.getByTestId('sync-status')).toContainText('waiting for the network');
  await page.screenshot({ path: shot('issue22-offline-interrupted.png'), fullPage: true });
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: scaled(30_000) });
  expect(cut).toBe(1);
  const r = await details(request, job.made.id);
  expect(r.status).toBe('WORK_COMPLETED');
  expect(r.workLogs).toHaveLength(1);
  expect(r.workMedia).toHaveLength(2);
  await context.close();
});

test('reassigned while offline: the change needs attention with the server’s reason, nothing lost, the office told', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const job = await jobOfItsOwn(request);
  const other = await createUser(request, { role: ROLE.TECHNICIAN, region: job.region.name, name: 'Other Tech' });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await onTheTask(page, job);
  await context.setOffline(true);
  await page.reload();
  const panel = page.getByRole('region', { name: 'Work Progress' });
  await panel.getByRole('button', { name: 'Start Work' }).click();
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();
  // Meanwhile the office gives the job to someone else.
  const admin = await apiAuth(request);
  const re = await request.post(`/api/service-requests/${job.made.id}/manual-assign`, {
    headers: admin,
    data: { technicianId: other.id },
  });
  expect(re.ok()).toBeTruthy();
  await context.setOffline(false);
  const attention = page.getByRole('alert').filter({ hasText: 'Needs attention' });
  await expect(attention).toContainText('reassigned to another technician', { timeout: scaled(20_000) });
  await expect(attention).toContainText('Your notes and photos are kept on this phone.');
  await expect(attention.getByRole('button', { name: 'Retry' })).toBeVisible();
  // No work control that could only be refused again: the panel says why instead.
  await expect(panel.getByTestId('work-moved-on')).toContainText('reassigned to another technician');
  await expect(panel.getByTestId('work-moved-on')).toContainText('The work controls are hidden for this task');
  await expect(panel.getByRole('button', { name: 'Start Work' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Complete Work' })).toHaveCount(0);
  await page.screenshot({ path: shot('issue22-offline-conflict.png'), fullPage: true });
  const notes = await request.get('/api/notifications?pageSize=50', { headers: admin });
  expect(JSON.stringify(await notes.json())).toContain('could not be saved');
  const r = await details(request, job.made.id);
  expect(r.workLogs).toHaveLength(0);
  await context.close();
});

test('on a throttled 3G link a 12 MP photo is made small on the phone and its upload shows progress', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const job = await jobOfItsOwn(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await onTheTask(page, job);
  const panel = page.getByRole('region', { name: 'Work Progress' });
  await panel.getByRole('button', { name: 'Start Work' }).click();
  await expect(panel).toContainText('Work in progress');
  // Chromium's "Regular 3G": 750 kbit/s down, 250 kbit/s up, 100 ms latency.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: (750 * 1024) / 8,
    uploadThroughput: (250 * 1024) / 8,
  });
  // A 4000 x 3000 photo with detail (noise), as a phone's camera makes it: several MB.
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const big = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
    .blur(1.5)
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(big.length).toBeGreaterThan(1_000_000);
  // What the page hands to the network: the size of each photo in an upload's form.
  await page.evaluate(`(() => {
    window.__sent = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) for (const [, v] of body) if (v instanceof Blob) window.__sent.push(v.size);
      return send.call(this, body);
    };
  })()`);
  await page.getByTestId('photo-input').setInputFiles({ name: 'meter.jpg', mimeType: 'image/jpeg', buffer: big });
  await panel.getByRole('button', { name: 'Upload 1 Image(s)' }).click();
  // The bar moves while the (small) photo goes up over 3G.
  const bar = panel.getByRole('progressbar', { name: 'Upload progress of meter.jpg' });
  await expect
    .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), {
      timeout: scaled(30_000),
      intervals: [50],
    })
    .toBeGreaterThan(0);
  await expect(page.getByRole('alert').filter({ hasText: '1 image(s) uploaded successfully!' })).toBeVisible({
    timeout: scaled(60_000),
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const r = await details(request, job.made.id);
  expect(r.workMedia).toHaveLength(1);
  const [m] = r.workMedia;
  expect(Math.max(m?.width ?? 0, m?.height ?? 0)).toBe(1600);
  const sentSizes = await page.evaluate<number[]>('window.__sent');
  console.info(`3G: ${big.length} bytes chosen, ${sentSizes.join('+')} bytes sent, ${m?.sizeBytes} bytes stored`);
  // What crossed the 3G link: one upload of the small photo (multipart), under 400 kB.
  const sent = await page.evaluate<number[]>('window.__sent');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toBeGreaterThan(10_000);
  expect(sent[0]).toBeLessThan(400_000);
  expect(m?.sizeBytes ?? Number.POSITIVE_INFINITY).toBeLessThan(400_000);
  await context.close();
});
