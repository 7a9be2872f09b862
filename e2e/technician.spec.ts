/**
 * The technician's screens (issue 4, section 6) and the empty notification list (issue 5), for
 * technicians of their own: each test makes a region and a technician in it through the API, so
 * the demo technicians' tasks and notifications are never involved.
 */
import { expect, test } from '@playwright/test';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import { createCustomer, createRegion, createServiceRequest, createUser, navigation, signIn } from './fixtures.ts';

test.describe.configure({ timeout: scaled(60_000) });

test('a technician with no tasks sees “No tasks assigned”, “No task history” and “No notifications”', async ({
  page,
  request,
}) => {
  const region = await createRegion(request);
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Nila Newcomer' });
  await signIn(page, technician);

  await navigation(page).getByRole('link', { name: 'My Tasks' }).click();
  await expect(page).toHaveURL(/\/technician\/my-tasks$/);
  await expect(page.getByRole('heading', { name: 'My Tasks' })).toBeVisible();
  await expect(page.getByText('No tasks assigned')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await navigation(page).getByRole('link', { name: 'Task History' }).click();
  await expect(page).toHaveURL(/\/technician\/task-history$/);
  await expect(page.getByRole('heading', { name: 'Task History' })).toBeVisible();
  await expect(page.getByText('No task history')).toBeVisible();

  await page.getByRole('link', { name: 'notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByText('No notifications')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark All as Read' })).toHaveCount(0);
});

test('a technician with a task sees it in My Tasks and in the Task History table', async ({ page, request }) => {
  const region = await createRegion(request);
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Kumar Fieldwork' });
  const customer = await createCustomer(request, region, {
    name: 'Revathi Subramanian',
    address: '7 Temple Street, Mylapore',
  });
  const made = await createServiceRequest(request, {
    region,
    customer,
    type: 'INSTALLATION',
    description: `Install a new under-sink RO unit in the kitchen, reference ${customer.primaryPhone}`,
    assignTo: technician,
  });
  await signIn(page, technician);

  await navigation(page).getByRole('link', { name: 'My Tasks' }).click();
  const card = page.getByRole('article', { name: `Installation task for ${customer.name}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('ASSIGNED');
  await expect(card).toContainText(customer.address);
  await expect(card).toContainText(made.description);
  await expect(page.getByText('No tasks assigned')).toHaveCount(0);

  await navigation(page).getByRole('link', { name: 'Task History' }).click();
  const table = page.getByRole('table', { name: 'Task history' });
  await expect(table.getByRole('columnheader')).toContainText(['Customer', 'Type', 'Description', 'Status', 'Created']);
  const row = table.getByRole('row').filter({ hasText: customer.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Installation');
  await expect(row).toContainText(made.description);
  await expect(row).toContainText('ASSIGNED');
  await expect(page.getByText('No task history')).toHaveCount(0);
  // A row opens the request.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/service-requests/${made.id}$`));
  await expect(page.getByRole('button', { name: 'Start Work' })).toBeVisible();
});
