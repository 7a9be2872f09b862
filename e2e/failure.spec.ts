/**
 * Failure states (issue 18, ADR 018): when AquaDesk stops answering, the page says "Can't reach
 * AquaDesk" inside the layout (the menu stays), a page whose code is not loaded yet does not take
 * the app down, and everything comes back by itself once the server answers again.
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
  // The list itself offers Retry once its own tries are spent.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed' }).getByRole('button', { name: 'Retry' }),
  ).toBeVisible({
    timeout: scaled(15_000),
  });

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
