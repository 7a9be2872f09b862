/**
 * Role Management offers Edit and Delete only where the server allows them (ADR 009): on a custom
 * role the caller may assign. A custom role under the Service Admin is the Service Admin's to
 * manage, not the Sales Admin's, although both open /roles.
 */
import { expect, test } from '@playwright/test';
import { apiAuth, loginAs, uniqueTag } from './fixtures.ts';

test('a custom role under the Service Admin: the Service Admin may edit it, the Sales Admin sees no buttons', async ({
  page,
  request,
}) => {
  const admin = await apiAuth(request);
  const roles = (await (await request.get('/api/roles', { headers: admin })).json()) as { id: string; name: string }[];
  const serviceAdminRole = roles.find((r) => r.name === 'Service Admin');
  if (!serviceAdminRole) throw new Error('No Service Admin role');
  const name = `Field QA ${uniqueTag()}`;
  const created = await request.post('/api/roles', {
    headers: admin,
    data: { name, permissions: {}, parentRoleId: serviceAdminRole.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const roleId = ((await created.json()) as { id: string }).id;

  // The server refuses the Sales Admin's edit and delete of this role...
  const salesAdmin = await apiAuth(request, { email: 'sales.admin@demo.test', password: 'demo1234' });
  expect(
    (await request.put(`/api/roles/${roleId}`, { headers: salesAdmin, data: { name: `${name} X` } })).status(),
  ).toBe(403);
  expect((await request.delete(`/api/roles/${roleId}`, { headers: salesAdmin })).status()).toBe(403);

  // ...so the screen offers the Sales Admin none.
  await loginAs(page, 'sales.admin@demo.test');
  await page.goto('/roles');
  // The list first (a person changes the page size of a table they see).
  await expect(page.getByRole('row', { name: /^Super Admin System Role/ })).toBeVisible();
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '50' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Service Admin');
  await expect(row.getByRole('button')).toHaveCount(0);

  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error('No browser');
  const other = await context.newPage();
  await loginAs(other, 'service.admin@demo.test');
  await other.goto('/roles');
  await expect(other.getByRole('row', { name: /^Super Admin System Role/ })).toBeVisible();
  await other.getByRole('combobox', { name: /Rows per page/ }).click();
  await other.getByRole('option', { name: '50' }).click();
  const own = other.getByRole('row').filter({ hasText: name });
  await expect(own.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expect(own.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  await context.close();
});
