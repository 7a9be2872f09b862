/**
 * Nobody approves a request they raised, except the Super Admin (issue 15, item 7; ADR 016): the
 * details page offers no Approve button on one's own request (the server refuses it with 403 as
 * well), Reject stays (it withdraws the request); the same person sees Approve on a request
 * someone else raised; the Super Admin, a one-person shop's escape, sees it on their own.
 */
import { expect, type Page, test } from '@playwright/test';
import { ROLE } from '../src/shared/domain/roles.ts';
import {
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  loginAs,
  signIn,
  uniqueTag,
} from './fixtures.ts';

const approveButton = (page: Page) => page.getByRole('button', { name: 'Approve', exact: true });
const rejectButton = (page: Page) => page.getByRole('button', { name: 'Reject', exact: true });

test('a Service Team Lead gets no Approve button on a request they raised; the Super Admin does', async ({
  browser,
  page,
  request,
}) => {
  const region = await createRegion(request);
  const customer = await createCustomer(request, region);
  const lead = await createUser(request, { role: ROLE.SERVICE_TEAM_LEAD, region: region.name, name: 'Kavya Lead' });
  const login = await request.post('/api/auth/login', { data: { email: lead.email, password: lead.password } });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const raised = await request.post('/api/service-requests', {
    headers,
    data: {
      type: 'SERVICE',
      description: `Raised by the lead ${uniqueTag()}: filter needs a check`,
      customerId: customer.id,
      regionId: region.id,
    },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const own = (await raised.json()) as { id: string; ticketNumber: string };
  const others = await createServiceRequest(request, { region, customer });

  await signIn(page, lead);
  await page.goto(`/service-requests/${own.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Request ${own.ticketNumber}` })).toBeVisible();
  await expect(page.getByText('PENDING APPROVAL', { exact: true }).first()).toBeVisible();
  await expect(rejectButton(page)).toBeVisible();
  await expect(approveButton(page)).toHaveCount(0);
  await page.screenshot({ path: `test-results/self-approval-own-${test.info().project.name}.png` });
  // The server agrees: the same approval through the API is refused.
  const direct = await request.post(`/api/service-requests/${own.id}/service-approve`, { headers, data: {} });
  expect(direct.status()).toBe(403);
  expect((await direct.json()).message).toMatch(/You cannot approve a request you raised yourself/);

  // Someone else's request: Approve is there.
  await page.goto(`/service-requests/${others.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Request ${others.ticketNumber}` })).toBeVisible();
  await expect(approveButton(page)).toBeVisible();

  // The Super Admin raised `others` and may approve it (a browser of their own).
  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginAs(admin, 'admin@demo.test');
  await admin.goto(`/service-requests/${others.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Request ${others.ticketNumber}` })).toBeVisible();
  await expect(approveButton(admin)).toBeVisible();
  await context.close();
});
