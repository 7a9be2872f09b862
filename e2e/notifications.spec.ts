/**
 * Notifications reach an open browser live (SSE), and the 30 s poll still works when the
 * stream is blocked. The other side (the manager, the sender) acts through the API, as a second
 * client would.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, loginAs } from './fixtures.ts';

async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO.password } });
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  return { headers: { authorization: `Bearer ${body.accessToken}` }, user: body.user as { id: string; name: string } };
}

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
  playwright,
  baseURL,
}) => {
  const techContext = await browser.newContext();
  const techPage = await techContext.newPage();
  // The bell's first count has arrived (the open SSE stream means the network never goes idle).
  const firstCount = techPage.waitForResponse((r) => r.url().includes('/api/notifications/unread-count') && r.ok());
  await loginAs(techPage, 'tech2@demo.test');
  await firstCount;
  await expect(bell(techPage)).toBeVisible();
  const before = await badgeCount(techPage);

  // The manager, in another client, assigns an approved Chennai request to this technician.
  const managerApi = await playwright.request.newContext({ baseURL });
  const manager = await apiLogin(managerApi, 'service.manager@demo.test');
  const tech = await apiLogin(managerApi, 'tech2@demo.test');
  const list = await managerApi.get('/api/service-requests?status=APPROVED', { headers: manager.headers });
  expect(list.ok()).toBeTruthy();
  const [approved] = (await list.json()) as { id: string }[];
  expect(approved, 'the demo has an approved request in Chennai').toBeTruthy();
  const navigations: string[] = [];
  techPage.on('framenavigated', (f) => navigations.push(f.url()));
  const assign = await managerApi.post(`/api/service-requests/${approved?.id}/manual-assign`, {
    headers: manager.headers,
    data: { technicianId: tech.user.id },
  });
  expect(assign.ok(), await assign.text()).toBeTruthy();

  await expect.poll(() => badgeCount(techPage), { timeout: 5000, intervals: [100] }).toBe(before + 1);
  expect(navigations, 'no reload').toEqual([]);

  // The list shows it, with the sender's name and a 'New' chip; opening it goes to the request.
  await bell(techPage).click();
  await expect(techPage).toHaveURL(/\/notifications$/);
  const item = techPage.getByRole('listitem').filter({ hasText: 'You have been assigned' }).first();
  await expect(item).toContainText('Ravi Service Manager');
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await item.getByRole('button').first().click();
  await expect(techPage).toHaveURL(new RegExp(`/service-requests/${approved?.id}$`));
  await expect.poll(() => badgeCount(techPage)).toBe(before);
  await managerApi.dispose();
  await techContext.close();
});

test('the poll still updates the badge when the stream is blocked, and Mark All as Read clears it', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(75_000);
  await page.route('**/api/notifications/stream', (route) => route.abort());
  await loginAs(page, 'sales.lead@demo.test');
  await page.goto('/notifications');
  const before = await badgeCount(page);

  const adminApi = await playwright.request.newContext({ baseURL });
  const admin = await apiLogin(adminApi, 'admin@demo.test');
  const lead = await apiLogin(adminApi, 'sales.lead@demo.test');
  const sent = await adminApi.post('/api/notifications', {
    headers: admin.headers,
    data: { toUserId: lead.user.id, message: 'Please call the Mylapore customer back today' },
  });
  expect(sent.status()).toBe(201);

  // No push: the 30 s poll brings it.
  await expect.poll(() => badgeCount(page), { timeout: 40_000, intervals: [1000] }).toBe(before + 1);
  await page.reload();
  await expect(page.getByText('Please call the Mylapore customer back today')).toBeVisible();
  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  await expect(page.getByRole('button', { name: 'Mark All as Read' })).toHaveCount(0);
  await expect(page.getByText('New', { exact: true })).toHaveCount(0);
  await expect.poll(() => badgeCount(page)).toBe(0);
  await adminApi.dispose();
});
