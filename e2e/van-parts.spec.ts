/**
 * Issue 37 items 3, 4 and 7 on the technician's phone (360 px, touch): My Van is the bottom bar's
 * fifth item; parts are requested without signal (kept on the phone, sent once when the signal
 * returns); the store issues them (the keeper's API call) and the technician receives them into
 * the van; My Van opens from the phone with no signal; a job completed without signal with one
 * catalogue part from the van reaches the server with that part, the van shows one fewer, and the
 * request's details list the part with its price and who pays.
 *
 * SHOTS_DIR=/some/dir puts the screenshots there, else in the test's output folder.
 */
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { RequestDetails } from '../src/shared/contracts/service-requests.ts';
import type { StockLocationItem, TransferItem, VanAnswer } from '../src/shared/contracts/stock.ts';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import {
  apiAuth,
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  navigation,
  seriousAxe,
  uniqueTag,
} from './fixtures.ts';

const shot = (name: string) =>
  process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : test.info().outputPath(name);

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** Closes the toasts on screen (on a phone they sit over the top bar's buttons until they go). */
async function closeToasts(page: Page): Promise<void> {
  for (const close of await page.locator('.MuiSnackbar-root').getByRole('button').all()) {
    await close.tap().catch(() => undefined);
  }
  await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0);
}

/** The queue's items on the phone (IndexedDB's outbox), as the sync status reads them. */
function outbox(page: Page): Promise<{ action: { kind: string }; ownerId: string }[]> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('aquadesk-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const req = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
      req.onsuccess = () => { db.close(); resolve(req.result); };
    };
  })`);
}

test('a technician requests parts offline, receives them, and fits one on a job offline: the van shows one fewer', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(180_000));
  const admin = await apiAuth(request);
  const region = await createRegion(request, 'E2E Van');
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Ravi Kumar' });
  const customer = await createCustomer(request, region, { name: 'Sridevi Apartments' });
  const job = await createServiceRequest(request, { region, customer, assignTo: technician });
  const tag = uniqueTag();
  const part = await ok<{ id: string; name: string }>(
    await request.post('/api/parts', {
      headers: admin,
      data: { sku: `E2E-MEM-${tag}`, name: `Membrane 80 GPD ${tag}`, kind: 'MEMBRANE', pricePaise: 245000 },
    }),
    201,
  );
  // The region's store (made with the region) holds five.
  const [store] = await ok<StockLocationItem[]>(
    await request.get('/api/stock-locations', { headers: admin, params: { kind: 'STORE', regionId: region.id } }),
  );
  expect(store, 'the region has its store').toBeTruthy();
  const storeId = (store as StockLocationItem).id;
  await ok(
    await request.post('/api/stock/adjustments', {
      headers: admin,
      data: { locationId: storeId, partId: part.id, quantity: 5, reason: 'E2E opening count' },
    }),
    201,
  );

  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(technician.email);
  await page.getByLabel('Password', { exact: true }).fill(technician.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // 1. My Van from the bottom bar: nothing in it, nothing on the way.
  const nav = navigation(page);
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'New Service', 'My Tasks', 'Task History', 'My Van']);
  const vanLink = nav.getByRole('link', { name: 'My Van' });
  expect((await vanLink.boundingBox())?.height ?? 0, 'a 44 px tap target').toBeGreaterThanOrEqual(44);
  await vanLink.tap();
  await expect(page).toHaveURL(/\/technician\/my-van$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Van' })).toBeVisible();
  await expect(page.getByText('Your van holds no parts yet.')).toBeVisible();
  await expect(page.getByText('Nothing on the way.')).toBeVisible();

  // 2. No signal: parts are asked for, kept on the phone as this technician's.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Request parts' }).tap();
  const ask = page.getByRole('dialog', { name: 'Request parts' });
  await ask.getByRole('combobox', { name: 'Add a part' }).fill(tag);
  await page.getByRole('option', { name: new RegExp(part.name) }).tap();
  const quantity = ask.getByRole('spinbutton', { name: `Quantity of ${part.name}` });
  await quantity.fill('2');
  await ask.getByRole('textbox', { name: 'Note for the store (optional)' }).fill('For the Anna Nagar jobs');
  await page.screenshot({ path: shot('van-request-dialog-360.png') });
  const found = await seriousAxe(page, 'Request parts');
  for (const control of await ask.getByRole('button').all()) {
    expect((await control.boundingBox())?.height ?? 0, 'a 44 px tap target').toBeGreaterThanOrEqual(44);
  }
  await ask.getByRole('button', { name: 'Send request' }).tap();
  await expect(ask).toBeHidden();
  await expect(page.getByText('Saved on this phone. Sent when back online.')).toBeVisible();
  const queued = page.getByTestId('queued-request');
  await expect(queued).toContainText('Not sent yet');
  await expect(queued).toContainText(`2 × ${part.name}`);
  await expect(page.getByTestId('sync-status')).toContainText('Part request');
  await closeToasts(page);
  found.push(...(await seriousAxe(page, 'My Van, a request waiting')));
  expect(await outbox(page)).toEqual([
    expect.objectContaining({ action: expect.objectContaining({ kind: 'partRequest' }), ownerId: technician.id }),
  ]);

  // 3. The signal returns: sent once, now a request the store sees.
  await context.setOffline(false);
  const requested = page.getByTestId('pending-transfer');
  await expect(requested).toContainText('Requested', { timeout: scaled(30_000) });
  await expect(queued).toHaveCount(0);
  const asked = await ok<TransferItem[]>(
    await request.get('/api/stock/transfers', { headers: admin, params: { status: 'REQUESTED', locationId: storeId } }),
  );
  expect(asked.map((t) => t.lines.map((l) => [l.part.id, l.quantity]))).toEqual([[[part.id, 2]]]);
  const transfer = asked[0] as TransferItem;
  expect(transfer.note).toBe('For the Anna Nagar jobs');

  // 4. The store issues it (the keeper's call); the technician receives it.
  await ok(await request.post(`/api/stock/transfers/${transfer.id}/issue`, { headers: admin, data: {} }));
  await page.reload();
  await expect(requested).toContainText('Ready to receive');
  await requested.getByRole('button', { name: 'Receive' }).tap();
  await expect(page.getByText('Parts received into your van')).toBeVisible();
  const row = page.getByTestId('van-stock-row').filter({ hasText: part.name });
  await expect(row.getByTestId('on-hand')).toHaveText('2');
  await expect(page.getByText('Nothing on the way.')).toBeVisible();
  await page.screenshot({ path: shot('van-my-van-360.png'), fullPage: true });
  await closeToasts(page);
  found.push(...(await seriousAxe(page, 'My Van')));

  // 5. My Van opens from the phone without signal (the app's service worker in control).
  await expect
    .poll(
      () => page.evaluate<string>(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? 'none')`),
      { timeout: scaled(30_000) },
    )
    .toBe('activated');
  await page.reload();
  await expect(row.getByTestId('on-hand')).toHaveText('2');
  await page.waitForFunction('!!navigator.serviceWorker.controller', undefined, { timeout: scaled(30_000) });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline, as of' })).toBeVisible();
  await expect(row.getByTestId('on-hand')).toHaveText('2');
  await context.setOffline(false);

  // 6. At the job: started with signal, completed without, with one membrane from the van.
  await page.goto(`/service-requests/${job.id}`);
  const panel = page.getByRole('region', { name: 'Work Progress' });
  await panel.getByRole('button', { name: 'Start Work' }).tap();
  await expect(panel.getByRole('button', { name: 'Complete Work' })).toBeVisible();
  // The start is on the server and the page has read it back (nothing in flight) before the signal goes.
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: scaled(30_000) });
  await expect
    .poll(
      async () =>
        (await ok<RequestDetails>(await request.get(`/api/service-requests/${job.id}`, { headers: admin }))).status,
    )
    .toBe('IN_PROGRESS');
  await context.setOffline(true);
  await panel.getByRole('button', { name: 'Complete Work' }).tap();
  const complete = page.getByRole('dialog', { name: 'Complete Work' });
  const fitted = complete.getByTestId('completion-van-parts');
  await fitted.getByRole('combobox', { name: 'Add a part you fitted' }).tap();
  await page.getByRole('option', { name: new RegExp(`${part.name}.*In your van: 2`) }).tap();
  await expect(fitted.getByRole('spinbutton', { name: `Quantity of ${part.name}` })).toHaveValue('1');
  await page.screenshot({ path: shot('van-completion-dialog-360.png') });
  found.push(...(await seriousAxe(page, 'Complete Work with a part')));
  await complete.getByRole('button', { name: 'Complete Work', exact: true }).tap();
  await expect(complete).toBeHidden();
  await expect(page.getByTestId('sync-status')).toContainText('Complete work');

  // 7. Signal again: the completion goes with its part; the van holds one fewer.
  await context.setOffline(false);
  await expect(page.getByTestId('sync-status')).toHaveCount(0, { timeout: scaled(30_000) });
  const done = await ok<RequestDetails>(await request.get(`/api/service-requests/${job.id}`, { headers: admin }));
  expect(done.status).toBe('WORK_COMPLETED');
  expect(done.parts).toEqual([
    expect.objectContaining({ partId: part.id, quantity: 1, covered: false, pricePaise: 245000 }),
  ]);
  const tech = await apiAuth(request, technician);
  const van = await ok<VanAnswer>(await request.get('/api/technicians/me/van', { headers: tech }));
  expect(van.stock.map((s) => [s.part.id, s.onHand])).toEqual([[part.id, 1]]);

  // The details list the part, its price and who pays.
  await page.reload();
  const used = page.getByRole('region', { name: 'Parts used' });
  await expect(used).toContainText(part.name);
  await expect(used).toContainText('₹2,450.00');
  await expect(used).toContainText('Chargeable');
  found.push(...(await seriousAxe(page, 'the details with Parts used')));
  expect(found, found.join('\n')).toEqual([]);

  await nav.getByRole('link', { name: 'My Van' }).tap();
  await expect(row.getByTestId('on-hand')).toHaveText('1');
  await context.close();
});
