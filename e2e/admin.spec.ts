/**
 * Administration journeys with the demo accounts:
 *   a Super Admin creates a region, a customer in it (two extra phones, manual coordinates) and a
 *   user with an assignable role, then edits that user; a Service Manager is offered only the roles
 *   below theirs; a Sales Admin manages roles, which a Service Manager cannot reach.
 */
import { expect, type Page, test } from '@playwright/test';
import { scaled } from '../tests/harness/speed.ts';
import { loginAs, navigation } from './fixtures.ts';

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const tenDigits = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a Super Admin sets up a region, a customer and a user, then edits the user', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const tag = suffix();
  const region = `Coimbatore ${tag}`;
  const customer = `Kavya Raman ${tag}`;
  const userName = `Tara Tech ${tag}`;
  const email = `tara.${tag}@demo.test`;
  const [primary, extra1, extra2] = [tenDigits(), tenDigits(), tenDigits()];

  await loginAs(page, 'admin@demo.test');

  // 1. A region (Save stays disabled while the name is blank).
  await navigation(page).getByRole('link', { name: 'Region Management' }).click();
  await expect(page).toHaveURL(/\/regions$/);
  await page.getByRole('button', { name: 'Add Region' }).click();
  const regionDialog = page.getByRole('dialog', { name: 'Create Region' });
  await expect(regionDialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await regionDialog.getByLabel('Region Name').fill(region);
  await regionDialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Region created successfully!')).toBeVisible();
  await expect(regionDialog).toBeHidden();

  // 2. A customer in it, with two extra phones and typed coordinates.
  await navigation(page).getByRole('link', { name: 'Customer Management' }).click();
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  await dialog.getByLabel('Customer Name').fill(customer);
  await choose(page, 'Region', region);
  await dialog.getByLabel('Address').fill('5 Lake View Road, Race Course, Coimbatore');
  // Digits only, at most 10.
  await dialog.getByLabel('Primary Phone').fill(`${primary.slice(0, 5)}ab-${primary.slice(5)}99`);
  await expect(dialog.getByLabel('Primary Phone')).toHaveValue(primary);
  await expect(save).toBeEnabled();
  const extra = dialog.getByLabel('Additional Phone', { exact: true });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Phone number is required')).toBeVisible();
  await extra.fill('12345');
  await extra.press('Enter');
  await expect(dialog.getByText('Phone number must be 10 digits')).toBeVisible();
  await extra.fill(primary);
  await extra.press('Enter');
  await expect(dialog.getByText('This phone number already exists')).toBeVisible();
  await extra.fill(extra1);
  await extra.press('Enter');
  await extra.fill(extra2);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('button', { name: extra1 })).toBeVisible();
  await expect(dialog.getByRole('button', { name: extra2 })).toBeVisible();
  // Manual coordinates: the two messages, then a location.
  await dialog.getByLabel('Latitude').fill('north');
  await dialog.getByLabel('Longitude').fill('76.9558');
  await dialog.getByRole('button', { name: 'Set Location' }).click();
  await expect(dialog.getByText('Invalid coordinates. Please enter valid numbers.')).toBeVisible();
  await dialog.getByLabel('Latitude').fill('95');
  await dialog.getByRole('button', { name: 'Set Location' }).click();
  await expect(dialog.getByText('Coordinates out of range. Latitude: -90 to 90, Longitude: -180 to 180')).toBeVisible();
  await dialog.getByLabel('Latitude').fill('11.0168');
  await dialog.getByRole('button', { name: 'Set Location' }).click();
  await expect(dialog.getByRole('button', { name: 'Location Saved' })).toBeDisabled();
  await expect(dialog.getByLabel('Latitude')).toHaveValue('11.016800');
  await save.click();
  await expect(toast(page, 'Customer created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list finds it by its second extra phone; a row click opens its history.
  await page.getByLabel('Search customers').fill(extra2.slice(2));
  const row = page.getByRole('row').filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(region);
  await row.click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: customer, level: 1 })).toBeVisible();
  await expect(page.getByText(/^Customer since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Navigate to Location' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=11.0168,76.9558',
  );
  await expect(page.getByText('No service history')).toBeVisible();

  // 3. A user with an assignable role, in the new region.
  await navigation(page).getByRole('link', { name: 'User Management' }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Role is required')).toBeVisible();
  await page.getByLabel('Full Name').fill(userName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByLabel('Phone').fill('9876501234');
  await choose(page, 'Role', 'Technician');
  await choose(page, 'Region', region);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(toast(page, 'User created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/, { timeout: scaled(5000) });

  // 4. Edit it: prefilled, no password field.
  await page.getByLabel('Search users').fill(email);
  const userRow = page.getByRole('row').filter({ hasText: email });
  await expect(userRow).toContainText('Technician');
  await expect(userRow).toContainText(region);
  await expect(userRow).toContainText('ACTIVE');
  await userRow.getByRole('link', { name: `Edit ${userName}` }).click();
  await expect(page).toHaveURL(/\/users\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Full Name')).toHaveValue(userName);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByLabel('Full Name').fill(`${userName} Senior`);
  await page.getByRole('button', { name: 'Update User' }).click();
  await expect(toast(page, 'User updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/, { timeout: scaled(5000) });
  await page.getByLabel('Search users').fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(`${userName} Senior`);
});

test('a Service Manager is offered only the roles below theirs, and only their region', async ({ page }) => {
  await loginAs(page, 'service.manager@demo.test');
  await navigation(page).getByRole('link', { name: 'User Management' }).click();
  // Their table holds only users they may manage, in Chennai.
  await expect(page.getByRole('row').filter({ hasText: 'Suresh Technician' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Naveen Technician' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Meena Sales Manager' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option')).toHaveText(['Service Team Lead', 'Technician']);
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Region' }).click();
  await expect(page.getByRole('option')).toHaveText(['Chennai']);
});

test('a Sales Admin manages roles; a Service Manager cannot reach Role Management', async ({ page, browser }) => {
  const name = `Key Accounts ${suffix()}`;
  await loginAs(page, 'sales.admin@demo.test');
  await navigation(page).getByRole('link', { name: 'Role Management' }).click();
  await expect(page).toHaveURL(/\/roles$/);
  const superAdmin = page.getByRole('row').filter({ hasText: 'Super Admin' }).first();
  await expect(superAdmin).toContainText('System Role');
  await expect(superAdmin).toContainText('No parent role');
  await expect(superAdmin.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Role' });
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Role Name').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Role Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Role created successfully!')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Sales Admin');
  await expect(row).not.toContainText('System Role');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(edit.getByLabel('Role Name')).toHaveValue(name);
  await edit.getByLabel('Role Name').fill(`${name} Team`);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Role updated successfully!')).toBeVisible();

  const renamed = page.getByRole('row').filter({ hasText: `${name} Team` });
  await renamed.getByRole('button', { name: `Delete ${name} Team` }).click();
  await page.getByRole('dialog', { name: 'Delete Role' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Role deleted successfully!')).toBeVisible();
  await expect(renamed).toHaveCount(0);

  const context = await browser.newContext();
  const manager = await context.newPage();
  await loginAs(manager, 'service.manager@demo.test');
  await expect(navigation(manager).getByRole('link', { name: 'User Management' })).toBeVisible();
  await expect(navigation(manager).getByRole('link', { name: 'Role Management' })).toHaveCount(0);
  await manager.goto('/roles');
  await expect(manager).toHaveURL(/\/unauthorized$/);
  await context.close();
});
