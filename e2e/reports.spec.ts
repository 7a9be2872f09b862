/**
 * Issue 38's "done when", on the demo data: the owner (the Super Admin) opens Reports from the
 * menu, picks last month, reads the technicians' table (each one's jobs and first-time fix rate)
 * and the turnaround chart, switches report, and exports the table to Excel; then on a 360 px
 * phone the page does not scroll sideways (the table scrolls in its own region) and axe (serious
 * and critical, target-size on) finds nothing. What the tables must say is read from the API with
 * the same filters, so the test holds whatever day it runs on.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { ReportAnswer } from '../src/shared/contracts/reports.ts';
import { formatNumber } from '../src/shared/i18n/format.ts';
import { apiAuth, loginAs, navigation, seriousAxe } from './fixtures.ts';

test('the owner reads last month’s technicians and turnaround, exports Excel, and the page holds on a phone', async ({
  page,
  request,
}) => {
  await loginAs(page, 'admin@demo.test');
  await navigation(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last month', exact: true }).click();
  await expect(page).toHaveURL(/range=lastMonth/);
  await page.getByRole('tab', { name: 'Technicians' }).click();
  await expect(page).toHaveURL(/report=technicians/);

  const headers = await apiAuth(request);
  const ask = async <T>(name: string, query: Record<string, string>) => {
    const res = await request.get(`/api/reports/${name}`, { headers, params: query });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  };
  // Last month by the page's IST calendar: read back from what the page asked for (the 1st to the last day).
  const asked = page.waitForRequest((r) => r.url().includes('/api/reports/turnaround?'));
  await page.getByRole('tab', { name: 'Turnaround' }).click();
  const query = Object.fromEntries(new URL((await asked).url()).searchParams) as Record<string, string>;
  expect(query.groupBy).toBe('week');
  expect(query.from).toMatch(/^\d{4}-\d{2}-01$/);

  const turnaround = await ask<ReportAnswer<'turnaround'>>('turnaround', query);
  if (turnaround.totals.completed > 0) {
    await expect(page.getByRole('img', { name: 'Turnaround by stage: median and 90th percentile' })).toBeVisible();
  } else {
    await expect(page.getByText('No request was completed in this period')).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Turnaround per period and region' })).toBeVisible();

  // The technicians' table: each technician's jobs and first-time fix rate, as the API counts them.
  await page.getByRole('tab', { name: 'Technicians' }).click();
  const { groupBy: _groupBy, ...people } = query;
  const technicians = await ask<ReportAnswer<'technicians'>>('technicians', people);
  const table = page.getByRole('table', { name: 'Technicians' });
  if (technicians.rows.length > 0) {
    await expect(table.getByRole('columnheader')).toContainText([
      'Technician',
      'Jobs completed',
      'First-time fix rate',
    ]);
    const first = technicians.rows[0] as (typeof technicians.rows)[number];
    const row = table.getByRole('row').filter({ hasText: first.technicianName });
    await expect(row.getByRole('cell').nth(1)).toHaveText(formatNumber(first.jobsCompleted));
    await expect(table.getByRole('rowheader', { name: 'Total' })).toBeVisible();
  } else {
    await expect(page.getByText('No technician completed a job in this period').first()).toBeVisible();
  }

  // Export → Excel: the same table as a file named after the report.
  await page.getByRole('button', { name: 'Export' }).click();
  const saved = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /^Excel/ }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^report-technicians-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.length).toBeGreaterThan(0);
  // An xlsx is a zip: it starts "PK".
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // On a phone: the page itself never scrolls sideways, and axe finds nothing serious.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page).not.toHaveURL(/report=/);
  await expect(page.getByRole('table', { name: 'Requests per period' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = (
          globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
        ).document.documentElement;
        return root.scrollWidth - root.clientWidth;
      }),
    )
    .toBeLessThanOrEqual(0);
  expect(await seriousAxe(page, 'Reports at 360 px')).toEqual([]);
});
