/**
 * Failure states (issue 18, ADR 018): when AquaDesk stops answering, the page says "Can't reach
 * AquaDesk" inside the layout (the menu stays), a page whose code is not loaded yet does not take
 * the app down, and everything comes back by itself once the server answers again. Nothing
 * typed is lost meanwhile: a form's draft comes back (issue 33).
 */
import { expect, type Page, test } from '@playwright/test';
import { scaled } from '../tests/harness/speed.ts';
import { loginAs, navigation } from './fixtures.ts';

const UNREACHABLE = "Can't reach AquaDesk";

/** Every API call (the readiness probe too) fails as with a server that is down. */
async function serverDown(page: Page, alsoCode = false) {
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  // The page chunks too: a page not visited yet cannot load.
  if (alsoCode) await page.route(/\/assets\/.*\.js$/, (route) => route.abort('connectionrefused'));
}

async function serverBack(page: Page) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

test("a list says Can't reach AquaDesk with Retry, keeps the menu, and recovers by itself", async ({ page }) => {
  await loginAs(page, 'admin@demo.test');
  await page.goto('/customers');
  await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible();

  await serverDown(page);
  await navigation(page).getByRole('link', { name: 'Region Management' }).click();
  const notice = page.getByRole('alert').filter({ hasText: UNREACHABLE });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(navigation(page)).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);
  // One message (issue 33): once the list's own tries are spent (its spinner gone), it adds no
  // "Failed to load data" and no second Retry under the notice.
  await expect(page.getByRole('heading', { level: 1, name: 'Region Management' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0, { timeout: scaled(15_000) });
  await expect(page.getByText('Failed to load data')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(1);

  // Retry while still down: still down, still in the layout.
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(notice).toBeVisible();

  await serverBack(page);
  // Nobody clicks anything: the probe notices and the list loads.
  await expect(notice).toBeHidden({ timeout: scaled(15_000) });
  await expect(page.getByRole('table', { name: 'Regions' })).toBeVisible({ timeout: scaled(15_000) });
  await expect(page.getByRole('table', { name: 'Regions' })).toContainText('Chennai');
});

test('a page whose code cannot load takes only itself down and opens when the server is back', async ({ page }) => {
  await loginAs(page, 'admin@demo.test');
  await serverDown(page, true);
  // Role Management has not been opened in this tab: its code is not loaded yet.
  await navigation(page).getByRole('link', { name: 'Role Management' }).click();
  await expect(page).toHaveURL(/\/roles$/);
  await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toBeVisible();
  await expect(navigation(page)).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);

  await serverBack(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible({
    timeout: scaled(20_000),
  });
  await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Roles' })).toContainText('Super Admin');
});

test('what was typed into New Service Request comes back after leaving it while the server is down', async ({
  page,
}) => {
  await loginAs(page, 'admin@demo.test');
  await navigation(page).getByRole('link', { name: 'New Service' }).click();
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.fill('RO leaks under the sink');

  await serverDown(page);
  // A page whose data is not in the cache yet: its load fails.
  await navigation(page).getByRole('link', { name: 'Customer Management' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave this form?' });
  await ask.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toBeVisible();

  await navigation(page).getByRole('link', { name: 'New Service' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Draft restored' })).toBeVisible();
  await expect(description).toHaveValue('RO leaks under the sink');
});
