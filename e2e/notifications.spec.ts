/**
 * Notifications reach an open browser live (SSE), and the 30 s poll still works when the
 * stream is blocked. Each test has people and data of its own (a region, a technician, a manager
 * and a request made through the API; a recipient made for the poll test), so no other spec's
 * notifications can land in the window where a badge is counted: the journey's auto-assign
 * notifies the demo technicians, and its approved request is never this spec's.
 */
import { expect, type Page, test } from '@playwright/test';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import { apiAuth, createCustomer, createRegion, createServiceRequest, createUser, DEMO, signIn } from './fixtures.ts';

function bell(page: Page) {
  return page.getByRole('link', { name: 'notifications' });
}

async function badgeCount(page: Page): Promise<number> {
  const text = (await bell(page).innerText()).trim();
  const n = Number.parseInt(text, 10);
  return Number.isNaN(n) ? 0 : n;
}

test('a technician sees the badge rise within 5 s, without a reload, when a manager assigns them a request', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  // A region of our own: its manager, its technician, and an approved request of its customer.
  const region = await createRegion(request);
  const manager = await createUser(request, { role: ROLE.SERVICE_MANAGER, region: region.name, name: 'Gowri Manager' });
  const technician = await createUser(request, {
    role: ROLE.TECHNICIAN,
    region: region.name,
    name: 'Imran Technician',
  });
  const customer = await createCustomer(request, region);
  const approved = await createServiceRequest(request, { region, customer, approve: true });

  // The technician, in one browser context, watches the bell.
  const techContext = await browser.newContext();
  const techPage = await techContext.newPage();
  // The bell's first count has arrived (the open SSE stream means the network never goes idle).
  const firstCount = techPage.waitForResponse((r) => r.url().includes('/api/notifications/unread-count') && r.ok());
  await signIn(techPage, technician);
  await firstCount;
  await expect(bell(techPage)).toBeVisible();
  const before = await badgeCount(techPage);
  const navigations: string[] = [];
  techPage.on('framenavigated', (f) => navigations.push(f.url()));

  // The manager, in a second browser context, assigns the request to this technician.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await signIn(managerPage, manager);
  await managerPage.goto(`/service-requests/${approved.id}`);
  await managerPage.getByRole('button', { name: 'Assign Technician' }).click();
  const dialog = managerPage.getByRole('dialog', { name: 'Assign Technician' });
  await dialog.getByRole('combobox', { name: 'Technician' }).click();
  await managerPage.getByRole('option', { name: new RegExp(`^${technician.name} `) }).click();
  const assigned = managerPage.waitForResponse(
    (r) => r.url().endsWith(`/api/service-requests/${approved.id}/manual-assign`) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Assign Selected' }).click();
  expect((await assigned).ok()).toBeTruthy();

  // Within 5 s of the assignment, with no reload: pushed, not polled (the poll is every 30 s).
  await expect.poll(() => badgeCount(techPage), { timeout: scaled(5000), intervals: [100] }).toBe(before + 1);
  expect(navigations, 'no reload').toEqual([]);
  await expect(managerPage.getByRole('alert').filter({ hasText: 'Technician assigned successfully!' })).toBeVisible();
  await managerContext.close();

  // The list shows it, with the sender's name and a 'New' chip; opening it goes to the request.
  await bell(techPage).click();
  await expect(techPage).toHaveURL(/\/notifications$/);
  const item = techPage.getByRole('listitem').filter({ hasText: 'You have been assigned' });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(manager.name);
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  // About a request: a link to it (middle-click, new tab), which also marks it read.
  await item.getByRole('link').first().click();
  await expect(techPage).toHaveURL(new RegExp(`/service-requests/${approved.id}$`));
  await expect.poll(() => badgeCount(techPage)).toBe(before);
  await techContext.close();
});

test('the poll still updates the badge when the stream is blocked, and Mark All as Read clears it', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  // A recipient of our own: nothing else notifies them, so the count rises by exactly one.
  const lead = await createUser(request, { role: ROLE.SALES_TEAM_LEAD, region: 'Chennai', name: 'Deepa Lead' });
  await page.route('**/api/notifications/stream', (route) => route.abort());
  await signIn(page, lead);
  await page.goto('/notifications');
  await expect(page.getByText('No notifications')).toBeVisible();
  const before = await badgeCount(page);

  const admin = await apiAuth(request, { email: 'admin@demo.test', password: DEMO.password });
  const sent = await request.post('/api/notifications', {
    headers: admin,
    data: { toUserId: lead.id, message: 'Please call the Mylapore customer back today' },
  });
  expect(sent.status()).toBe(201);

  // No push: the 30 s poll brings it.
  await expect.poll(() => badgeCount(page), { timeout: scaled(40_000), intervals: [1000] }).toBe(before + 1);
  await page.reload();
  const item = page.getByRole('listitem').filter({ hasText: 'Please call the Mylapore customer back today' });
  await expect(item).toContainText('Asha Admin');
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  await expect(page.getByRole('button', { name: 'Mark All as Read' })).toHaveCount(0);
  await expect(page.getByText('New', { exact: true })).toHaveCount(0);
  await expect.poll(() => badgeCount(page)).toBe(0);
});
