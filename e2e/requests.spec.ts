/**
 * Request details actions (issue 4, section 3) on requests of their own: each test makes a
 * region, a customer and a request through the API, so no demo record and no other spec's data
 * changes (and no demo technician's load, which the journey's auto-assign depends on).
 */
import { expect, type Page, test } from '@playwright/test';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import { createCustomer, createRegion, createServiceRequest, createUser, loginAs, signIn } from './fixtures.ts';

test.describe.configure({ timeout: scaled(60_000) });

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The value under a label in the Request Details card. */
function fact(page: Page, label: string) {
  return page.getByRole('region', { name: 'Request Details' }).getByText(label, { exact: true }).locator('xpath=..');
}

test('rejecting needs a non-blank reason; then “Request rejected” and REJECTED', async ({ page, request }) => {
  const region = await createRegion(request);
  const customer = await createCustomer(request, region);
  const made = await createServiceRequest(request, { region, customer });

  await loginAs(page, 'admin@demo.test');
  await page.goto(`/service-requests/${made.id}`);
  await expect(page.getByRole('heading', { name: `Request ${made.ticketNumber}` })).toBeVisible();
  await expect(page.getByText('PENDING APPROVAL', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Request' });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel('Reason for rejection');
  const confirm = dialog.getByRole('button', { name: 'Reject', exact: true });
  // Blank: refused.
  await expect(confirm).toBeDisabled();
  // Whitespace only: still refused, and leaving the field says why.
  await reason.fill('   \n  ');
  await expect(confirm).toBeDisabled();
  await reason.blur();
  await expect(dialog.getByText('A reason for rejecting is required')).toBeVisible();
  // Cancel closes without a change.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('PENDING APPROVAL', { exact: true })).toBeVisible();

  // Opened again the field starts empty; a real reason rejects.
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(reason).toHaveValue('');
  await expect(confirm).toBeDisabled();
  await reason.fill('  Customer moved out of the service area  ');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Request rejected')).toBeVisible();
  await expect(page.getByText('REJECTED', { exact: true }).first()).toBeVisible();
  const history = page.getByRole('region', { name: 'Approval History' });
  await expect(history).toContainText('Asha Admin');
  await expect(history).toContainText('Customer moved out of the service area');
  // REJECTED is final: no action is offered any more.
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Assign Technician' })).toHaveCount(0);
});

test('a Service Manager assigns the chosen technician with Assign Selected', async ({ page, request }) => {
  const region = await createRegion(request);
  const [manager, technician, other] = [
    await createUser(request, { role: ROLE.SERVICE_MANAGER, region: region.name, name: 'Mohan Manager' }),
    await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Selvi Technician' }),
    await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Bala Technician' }),
  ];
  const customer = await createCustomer(request, region);
  const made = await createServiceRequest(request, { region, customer, approve: true });

  await signIn(page, manager);
  await page.goto(`/service-requests/${made.id}`);
  await expect(page.getByText('APPROVED', { exact: true }).first()).toBeVisible();
  await expect(fact(page, 'Technician')).toContainText('Not Assigned');

  await page.getByRole('button', { name: 'Assign Technician' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Technician' });
  await expect(dialog).toBeVisible();
  const assignSelected = dialog.getByRole('button', { name: 'Assign Selected' });
  await expect(assignSelected).toBeDisabled();
  // The region's technicians, each with their open tasks; nobody from another region.
  await dialog.getByRole('combobox', { name: 'Technician' }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(page.getByRole('option', { name: `${other.name} (0 open tasks)` })).toBeVisible();
  await expect(page.getByRole('option', { name: /Suresh Technician|Arun Technician/ })).toHaveCount(0);
  await page.getByRole('option', { name: `${technician.name} (0 open tasks)` }).click();
  await expect(assignSelected).toBeEnabled();
  await assignSelected.click();

  await expect(toast(page, 'Technician assigned successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('ASSIGNED', { exact: true })).toBeVisible();
  await expect(fact(page, 'Technician')).toContainText(technician.name);
  await expect(fact(page, 'Approved By')).toContainText('Asha Admin');
  // Before work starts it can be reassigned; the current technician cannot be chosen again.
  await page.getByRole('button', { name: 'Reassign Technician' }).click();
  await dialog.getByRole('combobox', { name: 'Technician' }).click();
  await expect(page.getByRole('option', { name: new RegExp(`^${technician.name} \\(1 open task\\)`) })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
