/**
 * Issue 22 (ADR 027), the installable app: the server sends the service worker and the manifest
 * with the right headers, the worker precaches the shell on the first visit, and with the network
 * off the login page opens from the cache on a 360 px touch phone. (The queued actions in the
 * browser are the next step; the server side is in tests/api/offline.)
 */
import { expect, test } from '@playwright/test';

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
      { timeout: 30_000 },
    )
    .toBe('activated');
  // A page opened before the worker was installed is not under it: the next visit is.
  await page.reload();
  await page.waitForFunction('!!navigator.serviceWorker.controller', undefined, { timeout: 30_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/issue22-offline-login-360.png' });
  // A deep link the worker never saw opens the shell too (navigation fallback to index.html).
  await page.goto('/my-tasks').catch(() => undefined);
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
});
