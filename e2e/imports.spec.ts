/**
 * Moving in from a spreadsheet (issue 34 item 2, ADR 040): an admin opens Import from Customer
 * Management, uploads a 500-row CSV with 12 bad rows, sees the 12 errors by row and column,
 * downloads the file with its Errors column, uploads the fixed file, imports it, and the customer
 * list's export holds every one of the 500. The screen has no serious accessibility violation
 * at 1366 and 390 px. The customers are this test's own (a unique tag in their names).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { scaled } from '../tests/harness/speed.ts';
import { createRegion, loginAs, uniqueTag } from './fixtures.ts';

test.describe.configure({ timeout: scaled(120_000) });

const ROWS = 500;
const BAD = new Set([3, 40, 41, 77, 120, 199, 250, 251, 300, 333, 420, 499]);

function csvOf(rows: string[][]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

test('a 500-row spreadsheet with 12 bad rows: checked, fixed, imported, exported back', async ({ page, request }) => {
  const region = await createRegion(request, 'Import Region');
  const tag = uniqueTag();
  // Unique phones for this run: 6 followed by nine digits of the tag and the row.
  const base = 6_000_000_000 + (Number.parseInt(tag.replace(/\D/g, '').slice(-4) || '0', 10) % 9000) * 100_000;
  const good = (i: number) => [
    `Import ${tag} ${String(i).padStart(3, '0')}`,
    String(base + i),
    `${i} Lake Road, Adyar`,
    region.name,
  ];
  const header = ['Name', 'Phone', 'Address', 'Region'];
  const badRows = Array.from({ length: ROWS }, (_, i) => {
    const row = good(i);
    if (BAD.has(i)) row[1] = '98400'; // five digits: the form's rule
    return row;
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-import-'));
  const badFile = path.join(dir, 'customers.csv');
  const fixedFile = path.join(dir, 'customers-fixed.csv');
  fs.writeFileSync(badFile, csvOf([header, ...badRows]));
  fs.writeFileSync(fixedFile, csvOf([header, ...Array.from({ length: ROWS }, (_, i) => good(i))]));

  await loginAs(page, 'admin@demo.test');
  await page.goto('/customers');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/customers\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import customers and units' })).toBeVisible();

  // The bad file: every error by row and column.
  await page.locator('input[type="file"]').setInputFiles(badFile);
  await expect(page.getByText('500 rows: 488 ready, 12 with errors')).toBeVisible({ timeout: scaled(30_000) });
  const errors = page.getByRole('table', { name: 'Errors by row and column' });
  await expect(errors.getByRole('row')).toHaveCount(13);
  // Spreadsheet rows: the header is row 1, so data row i is row i + 2.
  await expect(errors.getByRole('row', { name: /^42 Phone Phone number must be 10 digits$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import( \d+ rows)?$/ })).toBeDisabled();
  // The columns, read by their headers.
  await expect(page.getByRole('combobox', { name: /^Read Phone as/ })).toHaveText('Phone (required)');

  const found: string[] = [];
  for (const size of [
    { width: 1366, height: 850 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const result = await new AxeBuilder({ page }).analyze();
    for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      found.push(`[${size.width}] ${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    }
  }
  expect(found, found.join('\n')).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 850 });

  // The file back with an Errors column, each bad row saying what is wrong.
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the file with errors' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('customers-errors.csv');
  const copy = fs
    .readFileSync(await download.path())
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(copy[0]).toBe('Name,Phone,Address,Region,Errors');
  const flagged = copy.slice(1).filter((line) => line.endsWith('Phone: Phone number must be 10 digits'));
  expect(flagged).toHaveLength(12);

  // The fixed file: every row ready, imported all at once.
  await page.locator('input[type="file"]').setInputFiles(fixedFile);
  await expect(page.getByText('Every row is ready to import.')).toBeVisible({ timeout: scaled(30_000) });
  await page.getByRole('button', { name: 'Import 500 rows' }).click();
  await expect(page.getByText('Imported: 500 created, 0 updated, 0 skipped')).toBeVisible({ timeout: scaled(60_000) });

  // Exported back: the customer list's CSV holds all 500.
  await page.getByRole('link', { name: 'Customer Management' }).first().click();
  await page.getByLabel('Search customers').fill(`Import ${tag}`);
  await expect(page.getByRole('table', { name: 'Customers' }).getByText(`Import ${tag} 000`)).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  const exported = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /^CSV/ }).click();
  const csv = fs.readFileSync(await (await exported).path()).toString('utf8');
  for (let i = 0; i < ROWS; i++) expect(csv).toContain(`Import ${tag} ${String(i).padStart(3, '0')}`);
});
