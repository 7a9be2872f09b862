/**
 * Keyboard use (issue 18, ADR 018): the skip link is the first stop, every screen names itself in
 * the tab's title, and a keyboard-only user finds a request in the list, opens it (a real link),
 * approves it, and the focus lands on the next thing to do (Assign Technician), not on the page.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createCustomer, createRegion, createServiceRequest, loginAs } from './fixtures.ts';

/** Press Tab until `target` has the focus (at most `max` times); fails otherwise. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await target
      .evaluate((el) => (el as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === el)
      .catch(() => false);
    if (focused) return;
  }
  throw new Error(`${target} never took the focus in ${max} Tabs`);
}

test('the skip link is the first stop and jumps to the page heading; each screen has its title', async ({ page }) => {
  await loginAs(page, 'service.manager@demo.test');
  await expect(page).toHaveTitle('Dashboard · AquaDesk');
  // A fresh load: the first Tab reaches the skip link.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ravi Service Manager!' })).toBeFocused();

  // Through the menu by keyboard: the new page's heading takes the focus, the title follows.
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Service Requests' }),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/service-requests$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Service Requests' })).toBeFocused();
  await expect(page).toHaveTitle('Service Requests · AquaDesk');
  // The focus ring is drawn (the theme's :focus-visible), not a faint ripple.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveCSS('outline-style', 'solid');
  await expect(focused).toHaveCSS('outline-width', '3px');

  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('404 - Page Not Found · AquaDesk');
});

test('a keyboard-only user opens a request from the list, approves it, and lands on Assign Technician', async ({
  page,
  request,
}) => {
  const region = await createRegion(request);
  const customer = await createCustomer(request, region);
  const made = await createServiceRequest(request, { region, customer });

  await loginAs(page, 'admin@demo.test');
  await page.goto('/service-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Service Requests' })).toBeVisible();

  // Search by keyboard; the clear button empties the box.
  const search = page.getByRole('textbox', { name: 'Search requests' });
  await tabTo(page, search);
  await page.keyboard.type(made.description);
  const row = page.getByRole('table', { name: 'Service requests' }).getByRole('link', { name: customer.name });
  await expect(row).toHaveCount(1);
  // A real link: open in a new tab, middle-click and the keyboard all work on it.
  await expect(row).toHaveAttribute('href', `/service-requests/${made.id}`);
  await tabTo(page, row);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`/service-requests/${made.id}`);
  const heading = page.getByRole('heading', { level: 1, name: `Request ${made.ticketNumber}` });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(`Service request ${made.ticketNumber} · AquaDesk`);

  await tabTo(page, page.getByRole('button', { name: 'Approve', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Approve Request' });
  await expect(dialog.getByLabel('Comments (optional)')).toBeFocused();
  await page.keyboard.type('Checked by keyboard');
  await tabTo(page, dialog.getByRole('button', { name: 'Approve', exact: true }), 5);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('APPROVED', { exact: true }).first()).toBeVisible();
  // The next thing to do has the focus: one Enter away.
  const assign = page.getByRole('button', { name: 'Assign Technician' });
  await expect(assign).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Assign Technician' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(assign).toBeFocused();
});

test('a search box has a clear button with a name', async ({ page }) => {
  await loginAs(page, 'admin@demo.test');
  await page.goto('/customers');
  const search = page.getByRole('textbox', { name: 'Search customers' });
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
  await search.fill('zzzz-nobody');
  await expect(page.getByText('No customers found')).toBeVisible();
  // No "0–0 of 0" pager under an empty list.
  await expect(page.getByText(/0–0 of 0/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible();
  // A customer row is a link to its history.
  const first = page.getByRole('table', { name: 'Customers' }).locator('a.row-link').first();
  await expect(first).toHaveAttribute('href', /^\/customers\/[0-9a-f-]{36}$/);
});
