/**
 * The job the product exists for, across four roles, with the demo accounts:
 *   the Salesman raises a request → the Sales Admin sales-approves it and then gives the service
 *   approval too (spec section 6: a sales role's request is approved only by Sales Admin or Super
 *   Admin; the Service Manager is offered neither Approve nor Reject on it) → the Service Manager
 *   auto-assigns → the technician starts, uploads a photo and completes → the
 *   Service Manager acknowledges → COMPLETED shows in the list, on the dashboard and in the
 *   customer's history.
 * Each role has its own browser context, as four people on four devices would.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { scaled } from '../tests/harness/speed.ts';
import { DEMO_ACCOUNTS, loginThroughForm } from './fixtures.ts';

const CUSTOMER = 'Ganesh Iyer';
const CUSTOMER_OPTION = 'Ganesh Iyer - 44 Anna Salai, Teynampet, Chennai';

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughForm(page, email);
  return page;
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The value under a label in the Request Details card. */
function fact(page: Page, label: string) {
  return page.getByRole('region', { name: 'Request Details' }).getByText(label, { exact: true }).locator('xpath=..');
}

async function confirmInDialog(page: Page, button: string, text?: { label: string; value: string }) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (text) await dialog.getByLabel(text.label).fill(text.value);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a request goes from the Salesman to COMPLETED through four roles', async ({ browser }) => {
  test.setTimeout(scaled(240_000));
  const description = `Journey ${Date.now()}: RO unit drips at night`;

  // 1. The Salesman raises the request (New Service in the drawer).
  const salesman = await signedIn(browser, 'sales@demo.test');
  await salesman
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'New Service' })
    .click();
  await expect(salesman).toHaveURL(/\/service-requests\/create$/);
  await expect(salesman.getByLabel('Request Type')).toContainText('Service');
  await salesman.getByLabel('Request Type').click();
  await salesman.getByRole('option', { name: 'Complaint' }).click();
  // A Salesman's region is preset to their own (Chennai).
  await expect(salesman.getByLabel('Region')).toContainText('Chennai');
  await salesman.getByRole('combobox', { name: 'Customer' }).fill('Ganesh');
  await salesman.getByRole('option', { name: CUSTOMER_OPTION }).click();
  // The spec's validation message first, then a proper description.
  await salesman.getByLabel('Description').fill('too short');
  await salesman.getByRole('button', { name: 'Create Request' }).click();
  await expect(salesman.getByText('Description must be at least 10 characters')).toBeVisible();
  await salesman.getByLabel('Description').fill(description);
  const created = salesman.waitForResponse(
    (r) => r.url().endsWith('/api/service-requests') && r.request().method() === 'POST',
  );
  await salesman.getByRole('button', { name: 'Create Request' }).click();
  const request = (await (await created).json()) as {
    id: string;
    ticketNumber: string;
    customerId: string;
    status: string;
  };
  expect(request.status).toBe('PENDING_APPROVAL');
  await expect(toast(salesman, 'Service request created successfully!')).toBeVisible();
  // A Salesman cannot open the list: back to the dashboard after 2 s, where the request shows.
  await expect(salesman).toHaveURL(/\/dashboard$/, { timeout: scaled(5000) });
  await expect(salesman.getByRole('region', { name: 'Recent Requests' })).toContainText(description);
  await salesman.context().close();

  const detailsUrl = `/service-requests/${request.id}`;

  // 2. The Sales Admin gives the sales approval; it stays pending, for the Sales Admin's second stage.
  const salesAdmin = await signedIn(browser, 'sales.admin@demo.test');
  await salesAdmin.goto(detailsUrl);
  await expect(salesAdmin.getByRole('heading', { name: `Request ${request.ticketNumber}` })).toBeVisible();
  await expect(fact(salesAdmin, 'Sales Approval')).toContainText('Awaiting sales approval');
  await salesAdmin.getByRole('button', { name: 'Sales Approve' }).click();
  await confirmInDialog(salesAdmin, 'Approve', { label: 'Comments (optional)', value: 'Order confirmed' });
  await expect(toast(salesAdmin, 'Request approved successfully!')).toBeVisible();
  await expect(fact(salesAdmin, 'Sales Approval')).toContainText('Approved');
  await expect(salesAdmin.getByText('PENDING APPROVAL', { exact: true })).toBeVisible();
  // Sales approval given: the second stage is the Sales Admin's too (Approve and Reject, no Sales Approve).
  await expect(salesAdmin.getByRole('button', { name: 'Sales Approve' })).toHaveCount(0);
  await expect(salesAdmin.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await expect(salesAdmin.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();

  // 3. The Service Manager is offered neither Approve nor Reject on a Salesman's request.
  const manager = await signedIn(browser, 'service.manager@demo.test');
  await manager.goto(detailsUrl);
  await expect(manager.getByRole('heading', { name: `Request ${request.ticketNumber}` })).toBeVisible();
  await expect(manager.getByText('PENDING APPROVAL', { exact: true })).toBeVisible();
  await expect(manager.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);

  // 4. The Sales Admin gives the service approval.
  await salesAdmin.getByRole('button', { name: 'Approve', exact: true }).click();
  await confirmInDialog(salesAdmin, 'Approve');
  await expect(toast(salesAdmin, 'Request approved successfully!')).toBeVisible();
  await expect(salesAdmin.getByText('APPROVED', { exact: true }).first()).toBeVisible();
  await expect(salesAdmin.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await salesAdmin.context().close();

  // 5. The Service Manager auto-assigns.
  await manager.reload();
  await expect(manager.getByText('APPROVED', { exact: true }).first()).toBeVisible();
  const history = manager.getByRole('region', { name: 'Approval History' });
  await expect(history).toContainText('Priya Sales Admin');
  await expect(history).toContainText('Order confirmed');
  await expect(history).not.toContainText('Ravi Service Manager');

  await manager.getByRole('button', { name: 'Assign Technician' }).click();
  const assignDialog = manager.getByRole('dialog');
  await expect(assignDialog.getByRole('button', { name: 'Assign Selected' })).toBeDisabled();
  await assignDialog.getByRole('button', { name: 'Auto Assign' }).click();
  await expect(toast(manager, 'Technician assigned successfully!')).toBeVisible();
  await expect(manager.getByText('ASSIGNED', { exact: true })).toBeVisible();
  // Who was picked (the least-loaded Chennai technician): sign in as that demo technician.
  const technicianName = ((await fact(manager, 'Technician').textContent()) ?? '').replace(/^Technician/, '').trim();
  const technician = DEMO_ACCOUNTS.find((a) => a.name === technicianName);
  expect(technician, `assigned to ${technicianName}`).toBeTruthy();
  expect(['tech@demo.test', 'tech2@demo.test']).toContain(technician?.email);

  // 6. The technician starts, uploads a photo and completes.
  const tech = await signedIn(browser, technician?.email as string);
  await tech.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Tasks' }).click();
  const card = tech.getByRole('article').filter({ hasText: description });
  await expect(card).toContainText('ASSIGNED');
  await expect(card).toContainText('44 Anna Salai, Teynampet, Chennai');
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(tech).toHaveURL(new RegExp(`${detailsUrl}$`));

  const timer = tech.getByRole('timer', { name: 'Work timer' });
  await expect(timer).toHaveText('00:00:00');
  await tech.getByRole('button', { name: 'Start Work' }).click();
  await expect(toast(tech, 'Work timer started!')).toBeVisible();
  await expect(tech.getByText('IN PROGRESS', { exact: true })).toBeVisible();
  await expect(timer).not.toHaveText('00:00:00', { timeout: scaled(5000) });
  const ticking = (await timer.textContent()) ?? '';
  await expect(timer).not.toHaveText(ticking, { timeout: scaled(5000) });
  // After a reload the timer resumes from the open work log, not from zero.
  await tech.reload();
  await expect(timer).toHaveText(/^00:00:0[1-9]|^00:00:[1-5]\d|^00:0[1-9]:\d\d$/);

  // Uploading with nothing chosen is refused; then one photo, with its own progress bar.
  await tech.getByRole('button', { name: 'Upload Images' }).click();
  await expect(tech.getByText('Please select at least one image')).toBeVisible();
  const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#1976d2' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'e2e' } })
    .toBuffer();
  // What it shows is picked first (issue 35 item 2): this one is the job done, After.
  await tech.getByRole('button', { name: 'After', exact: true }).click();
  await tech.getByTestId('photo-input').setInputFiles({ name: 'site.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(tech.getByRole('progressbar', { name: 'Upload progress of site.jpg' })).toBeVisible();
  await tech.getByRole('button', { name: 'Upload 1 Image(s)' }).click();
  await expect(toast(tech, '1 image(s) uploaded successfully!')).toBeVisible();
  const photos = tech.getByRole('region', { name: 'Work Photos (1)' });
  // Shown under After.
  const thumb = photos.getByRole('list', { name: 'After' }).getByRole('img');
  await expect(thumb).toBeVisible();
  await expect
    .poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  await photos.getByRole('button', { name: 'Open photo 1' }).click();
  await expect(tech.getByRole('dialog').getByRole('img')).toBeVisible();
  await tech.getByRole('button', { name: 'Close photo' }).click();

  await tech.getByRole('button', { name: 'Complete Work' }).click();
  await confirmInDialog(tech, 'Complete Work', { label: 'Notes (optional)', value: 'Replaced the float valve' });
  await expect(toast(tech, 'Work completed successfully!')).toBeVisible();
  await expect(tech.getByText('WORK COMPLETED', { exact: true })).toBeVisible();
  await expect(tech.getByRole('region', { name: 'Work Logs' })).toContainText('Replaced the float valve');
  await expect(tech.getByRole('button', { name: 'Start Work' })).toHaveCount(0);
  await tech.context().close();

  // 7. The Service Manager acknowledges.
  await manager.reload();
  await expect(manager.getByText('WORK COMPLETED', { exact: true })).toBeVisible();
  await manager.getByRole('button', { name: 'Acknowledge Completion' }).click();
  await confirmInDialog(manager, 'Acknowledge', { label: 'Comments (optional)', value: 'Customer satisfied' });
  await expect(toast(manager, 'Work acknowledged and completed!')).toBeVisible();
  await expect(manager.getByText('COMPLETED', { exact: true })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Acknowledge Completion' })).toHaveCount(0);

  // 8. COMPLETED in the list, on the dashboard and in the customer's history.
  await manager.goto('/service-requests');
  await manager.getByRole('textbox', { name: 'Search requests' }).fill(description.slice(0, 22));
  const row = manager.getByRole('row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  // The ticket number people say; the internal id is not on people's screens (issue 33).
  await expect(row).toContainText(request.ticketNumber);
  await expect(row).not.toContainText(request.id.slice(0, 8));
  await expect(row).toContainText('COMPLETED');
  await expect(row).toContainText(technicianName);
  await manager.getByLabel('Status').click();
  await manager.getByRole('option', { name: 'Completed', exact: true }).click();
  await expect(manager.getByRole('row').filter({ hasText: description })).toHaveCount(1);

  await manager.goto('/dashboard');
  const recent = manager
    .getByRole('region', { name: 'Recent Requests' })
    .getByRole('link')
    .filter({ hasText: description });
  await expect(recent).toContainText('COMPLETED');
  await recent.click();
  await expect(manager).toHaveURL(new RegExp(`${detailsUrl}$`));

  await manager.goto(`/customers/${request.customerId}`);
  await expect(manager.getByText(CUSTOMER).first()).toBeVisible();
  const historyCard = manager.locator('.MuiCard-root').filter({ hasText: description });
  await expect(historyCard).toContainText('COMPLETED');
  await manager.context().close();
});
