/**
 * Issue 21, the "done when" journey on the demo data: a Service Manager sees this week's due
 * units on Maintenance and raises the jobs; the list then links each to its open request; an
 * admin adds a product with its parts to the catalogue. (The technician's parts checklist and
 * the schedule moving on are proven at the API layer, tests/api/maintenance.)
 */
import { expect, test } from '@playwright/test';
import { apiAuth, loginAs, uniqueTag } from './fixtures.ts';

test('a Service Manager raises the due jobs from the Maintenance screen', async ({ page }) => {
  await loginAs(page, 'service.manager@demo.test');
  await page.getByRole('link', { name: 'Maintenance' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Units due for maintenance' });
  await expect(table.getByText('Overdue').first()).toBeVisible();
  await page.getByRole('button', { name: 'Raise due jobs now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Raised \d+ due jobs/ })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Open request' }).first()).toBeVisible();
  // A unit's page from the list: its schedule with state chips.
  await table.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Filter-change schedule' })).toBeVisible();
  await expect(page.getByText('A request for this unit is already open.')).toBeVisible();
});

test('an admin adds a product with its parts to the catalogue', async ({ page }) => {
  const model = `Test RO ${uniqueTag()}`;
  await loginAs(page, 'admin@demo.test');
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add product' });
  await dialog.getByLabel('Brand').fill('Kaveri');
  await dialog.getByLabel('Model').fill(model);
  await dialog.getByRole('textbox', { name: 'Part' }).fill('Sediment filter');
  await dialog.getByRole('button', { name: 'Add part' }).click();
  await dialog.getByRole('textbox', { name: 'Part' }).nth(1).fill('RO membrane');
  await dialog.getByRole('spinbutton', { name: 'Every (months)' }).nth(1).fill('24');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Product saved' })).toBeVisible();
  await expect(page.getByText(`Kaveri ${model}`)).toBeVisible();
  await expect(page.getByText('RO membrane (every 24 months)').first()).toBeVisible();
});

test('an admin records a purifier at a customer and adds an AMC to it', async ({ page, request }) => {
  const serial = `E2E-${uniqueTag()}`;
  await loginAs(page, 'admin@demo.test');
  const customers = await request.get('/api/customers', {
    headers: await apiAuth(request),
    params: { page: 1, pageSize: 1 },
  });
  const customer = ((await customers.json()) as { id: string }[])[0] as { id: string };
  await page.goto(`/customers/${customer.id}`);
  await page.getByRole('button', { name: 'Add unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add unit' });
  await dialog.getByRole('combobox', { name: 'Purifier' }).click();
  await page.getByRole('option', { name: 'Kaveri Flow RO 12 L' }).click();
  await dialog.getByRole('textbox', { name: 'Serial' }).fill(serial);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unit recorded' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(serial) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kaveri Flow RO 12 L' })).toBeVisible();
  await page.getByRole('button', { name: 'Add contract' }).click();
  await page.getByRole('dialog', { name: 'Add contract' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Contract added' })).toBeVisible();
  await expect(page.getByText('₹4,999.00')).toBeVisible();
  await expect(page.getByText('AMC visit')).toBeVisible();
});

test('a technician completes an installation and records the purifier installed', async ({ page, request }) => {
  const serial = `INST-${uniqueTag()}`;
  const admin = await apiAuth(request);
  const tech = await apiAuth(request, { email: 'tech@demo.test', password: 'demo1234' });
  const techId = (await (await request.get('/api/auth/me', { headers: tech })).json()).id as string;
  const chennai = (
    (await (await request.get('/api/customers', { headers: tech, params: { page: 1, pageSize: 1 } })).json()) as {
      id: string;
      regionId: string;
    }[]
  )[0] as { id: string; regionId: string };
  const created = await request.post('/api/service-requests', {
    headers: admin,
    data: {
      type: 'INSTALLATION',
      description: 'Install a new RO purifier in the kitchen',
      customerId: chennai.id,
      regionId: chennai.regionId,
    },
  });
  const id = (await created.json()).id as string;
  await request.post(`/api/service-requests/${id}/service-approve`, { headers: admin, data: {} });
  await request.post(`/api/service-requests/${id}/manual-assign`, { headers: admin, data: { technicianId: techId } });
  expect(
    (await request.post('/api/technician-workflow/start', { headers: tech, data: { requestId: id } })).ok(),
  ).toBeTruthy();

  await loginAs(page, 'tech@demo.test');
  await page.goto(`/service-requests/${id}`);
  await page.getByRole('button', { name: 'Complete Work' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Complete Work' });
  await dialog.getByRole('combobox', { name: 'Purifier' }).click();
  await page.getByRole('option', { name: 'Neervana Pure RO+UV 8 L' }).click();
  await dialog.getByRole('textbox', { name: 'Serial' }).fill(serial);
  await dialog.getByRole('button', { name: 'Complete Work' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Work completed successfully!' })).toBeVisible();
  const units = (await (await request.get(`/api/customers/${chennai.id}/units`, { headers: admin })).json()) as {
    serialNumber: string;
    product: { name: string };
  }[];
  expect(units.find((u) => u.serialNumber === serial)?.product.name).toBe('Pure RO+UV 8 L');
});
