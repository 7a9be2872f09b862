/**
 * The public pages (PUBLIC_ROUTES, issue 30): /status opens signed out, in its own small layout
 * (no app shell), and its checks are public calls: no session call (refresh, me) and no bearer
 * token, even with a stale token stored. Each test starts in a fresh context (signed out).
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/shared/domain/constants.ts';

/** Every call the page makes to the API, as it was sent. */
function apiCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r);
  });
  return calls;
}

/** What the status page's checks sent: no session call, and no Authorization header. */
async function expectPublicCallsOnly(calls: Request[]) {
  const paths = calls.map((r) => new URL(r.url()).pathname);
  expect(paths).toContain('/api/health');
  expect(paths.filter((p) => p === '/api/auth/refresh' || p === '/api/auth/me')).toEqual([]);
  for (const r of calls) expect((await r.allHeaders()).authorization, r.url()).toBeUndefined();
}

test('signed out, /status says AquaDesk is working, without the app shell or a session call', async ({ page }) => {
  const calls = apiCalls(page);
  await page.goto('/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
  const status = page.getByTestId('system-status');
  await expect(status).toHaveAttribute('data-state', 'up');
  await expect(status).toContainText('AquaDesk is working');
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectPublicCallsOnly(calls);
});

test('with a stale token stored, /status stays and says when the database is not ready', async ({ page }) => {
  await page.addInitScript({
    content: `try {
      localStorage.setItem(${JSON.stringify(STORAGE_KEYS.token)}, 'expired.garbage.token');
      localStorage.setItem(${JSON.stringify(STORAGE_KEYS.userId)}, 'someone');
      localStorage.setItem(${JSON.stringify(STORAGE_KEYS.user)}, '{"id":"someone","name":"Gone"}');
    } catch {}`,
  });
  const calls = apiCalls(page);
  await page.goto('/status');
  const status = page.getByTestId('system-status');
  await expect(status).toHaveAttribute('data-state', 'up');
  await expect(page).toHaveURL(/\/status$/);

  // The database away: /api/ready answers 503 (the server itself still answers /api/health).
  await page.route('**/api/ready', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'The database is not reachable. Please try again shortly.',
        code: 'UNAVAILABLE',
      }),
    }),
  );
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(status).toHaveAttribute('data-state', 'notReady');
  await expect(status).toContainText('AquaDesk is not ready yet');
  await expect(page).toHaveURL(/\/status$/);
  await expectPublicCallsOnly(calls);
});
