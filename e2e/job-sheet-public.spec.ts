/**
 * Issue 35 item 3 (ADR 048): a job sheet's signed public link. A technician finishes a job (before
 * and after photos, a water reading, notes); the request's details carry `jobSheetUrl` (a path:
 * this server has no PUBLIC_URL); the customer, whose language the office set to Tamil, opens it
 * on a 360 px phone whose browser is in English: the sheet opens in Tamil, with the work, the
 * reading and the photos, and nothing of the customer but the name; axe finds nothing serious;
 * the PDF downloads; English is one choice away, and stays chosen on this phone.
 *
 * Its own region, technician, customer and unit (a demo product), so it moves nothing the other
 * tests count on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ROLE } from '../src/shared/domain/roles.ts';
import { apiAuth, createRegion, createUser, type MadeRegion, tenDigits, uniqueTag } from './fixtures.ts';

const PRODUCT = 'Kaveri Flow RO 12 L';
const PHONE = { width: 360, height: 740 };

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  require.resolve('axe-core/axe.min.js', { paths: [require.resolve('@axe-core/playwright')] }),
  'utf8',
);

/** The serious and critical axe violations on the page as it is now (the rules a11y.spec.ts runs). */
async function serious(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const { axe } = globalThis as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } };
    const rules = { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } };
    return (await axe.run({ resultTypes: ['violations'], rules })).violations;
  })) as { id: string; impact?: string; help: string; nodes: { target: unknown }[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(n.target)}`));
}

/** An answer's JSON once its status is as expected (2xx, or `status`). */
async function ok<T = { id: string }>(res: Awaited<ReturnType<APIRequestContext['get']>>, status?: number): Promise<T> {
  if (status) expect(res.status(), await res.text()).toBe(status);
  else expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

/** A Tamil-speaking customer's purifier job, done by a technician of a region of its own. */
async function doneJob(request: APIRequestContext) {
  const admin = await apiAuth(request);
  const region: MadeRegion = await createRegion(request, 'Job Sheet Region');
  const tech = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Murugan Selvam' });
  const tag = uniqueTag();
  const customer = {
    name: `Lakshmi Narayanan ${tag}`,
    address: `14 Kamaraj Salai ${tag}, Mylapore`,
    primaryPhone: tenDigits(),
  };
  const made = await ok(
    await request.post('/api/customers', {
      headers: admin,
      data: { ...customer, phoneNumbers: [], email: '', regionId: region.id, language: 'ta' },
    }),
    201,
  );
  const products = await ok<{ id: string; brand: string; name: string }[]>(
    await request.get('/api/products', { headers: admin, params: { page: 1, pageSize: 100 } }),
  );
  const product = products.find((p) => `${p.brand} ${p.name}` === PRODUCT);
  const unit = await ok(
    await request.post(`/api/customers/${made.id}/units`, {
      headers: admin,
      data: { productId: product?.id, serialNumber: `JS-${tag}`, installedOn: '2026-01-15' },
    }),
    201,
  );
  const raised = await ok(
    await request.post('/api/service-requests', {
      headers: admin,
      data: {
        type: 'SERVICE',
        description: `Six-monthly service ${tag}`,
        customerId: made.id,
        regionId: region.id,
        unitId: unit.id,
      },
    }),
    201,
  );
  await ok(await request.post(`/api/service-requests/${raised.id}/service-approve`, { headers: admin, data: {} }));
  await ok(
    await request.post(`/api/service-requests/${raised.id}/manual-assign`, {
      headers: admin,
      data: { technicianId: tech.id },
    }),
  );
  // The technician's visit, through the API: start, a photo before and after, a reading, done.
  const techAuth = await apiAuth(request, tech);
  await ok(await request.post('/api/technician-workflow/start', { headers: techAuth, data: { requestId: raised.id } }));
  for (const [kind, colour] of [
    ['BEFORE', '#6d4c41'],
    ['AFTER', '#0288d1'],
  ] as const) {
    const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
    await ok(
      await request.post(`/api/uploads/work-media/${raised.id}?kind=${kind}`, {
        headers: techAuth,
        multipart: { file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: photo } },
      }),
      201,
    );
  }
  await ok(
    await request.post(`/api/service-requests/${raised.id}/readings`, {
      headers: techAuth,
      data: { tdsIn: 850, tdsOut: 42, ph: 7.1 },
    }),
    201,
  );
  await ok(
    await request.post('/api/technician-workflow/stop', {
      headers: techAuth,
      data: { requestId: raised.id, notes: 'Changed the sediment filter; flow is good.' },
    }),
  );
  const details = await ok<{ status: string; ticketNumber: string; jobSheetUrl: string }>(
    await request.get(`/api/service-requests/${raised.id}`, { headers: admin }),
  );
  expect(details.status).toBe('WORK_COMPLETED');
  return { ticket: details.ticketNumber, url: details.jobSheetUrl, customer };
}

test('the customer opens the job sheet link on a 360 px phone: in Tamil, then English, axe clean, the PDF downloads', async ({
  browser,
  request,
}) => {
  const job = await doneJob(request);
  // No PUBLIC_URL on this server: the link is the path, opened where the app is.
  expect(job.url).toMatch(/^\/j\/[A-Za-z0-9_-]{48}$/);

  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-IN' });
  const page = await phone.newPage();
  const calls: string[] = [];
  const refused: string[] = [];
  page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  await page.goto(job.url);

  // The customer's language (Tamil), not the browser's (English).
  await expect(page.getByRole('heading', { level: 1, name: `வேலை அறிக்கை ${job.ticket}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.getByText(job.customer.name)).toBeVisible();
  await expect(page.getByText('Changed the sediment filter; flow is good.')).toBeVisible();
  await expect(page.getByText('டெக்னீஷியன்: Murugan')).toBeVisible();
  // The reading (850 → 42 mg/L: 95.1% rejection) and both photos, loaded from signed URLs.
  await expect(page.getByText('95.1%')).toBeVisible();
  const photos = page.locator('img');
  await expect(photos).toHaveCount(2);
  for (const img of await photos.all()) {
    await expect(img).toHaveJSProperty('complete', true);
    expect(await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  }
  // Nothing else of the customer, nor of the technician; its own page, not the app's; it fits the phone.
  const text = await page.locator('body').innerText();
  for (const secret of [job.customer.address, job.customer.primaryPhone, 'Selvam']) expect(text).not.toContain(secret);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  expect(calls.filter((p) => p.startsWith('/api/auth/'))).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
  expect(await serious(page)).toEqual([]);

  // The PDF (in English), from the same link.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'PDF பதிவிறக்கவும்' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`job-sheet-${job.ticket}.pdf`);
  expect(
    readFileSync((await download.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // English, chosen on the page: in place, the focus kept on the switcher, and remembered.
  await page.getByLabel('மொழி').selectOption('en-IN');
  await expect(page.getByRole('heading', { level: 1, name: `Job sheet ${job.ticket}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByLabel('Language')).toBeFocused();
  await expect(page.getByText('Technician: Murugan')).toBeVisible();
  await expect(page.getByText('No signature or one-time code was recorded for this job.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Job sheet ${job.ticket}` })).toBeVisible();

  // A link that is no good says so, in words.
  await page.goto(`/j/${'A'.repeat(48)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired or is not valid' })).toBeVisible();
  expect(refused).toEqual([]);
  await phone.close();
});
