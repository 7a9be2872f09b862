/**
 * Export (issue 34 item 1, ADR 037): the request list's Export button downloads a CSV of the rows
 * the page shows for its search, every one of them and nothing else. The requests are this test's
 * own (a fresh customer found by its unique name), so other specs' data does not matter.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { scaled } from '../tests/harness/speed.ts';
import { createCustomer, createRegion, createServiceRequest, loginAs } from './fixtures.ts';

test.describe.configure({ timeout: scaled(60_000) });

test('Export → CSV downloads the visible rows’ tickets, with a BOM', async ({ page, request }) => {
  const region = await createRegion(request);
  const customer = await createCustomer(request, region);
  const made = [];
  for (let i = 0; i < 3; i++) made.push(await createServiceRequest(request, { region, customer }));

  await loginAs(page, 'admin@demo.test');
  await page.goto('/service-requests');
  await page.getByLabel('Search requests').fill(customer.name);
  const table = page.getByRole('table', { name: 'Service requests' });
  // Newest first: the three, the last made on top.
  const firstColumn = table.locator('tbody tr td:first-child');
  await expect(firstColumn).toHaveText(made.map((r) => r.ticketNumber).reverse());
  const visible = (await firstColumn.allInnerTexts()).map((t) => t.trim());

  await page.getByRole('button', { name: 'Export' }).click();
  const saved = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /^CSV/ }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^service-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]?.split(',')[0]).toBe('Ticket');
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(visible);
});
