/**
 * Issue 21, the "done when" journey on the demo data: a Service Manager sees this week's due
 * units on Maintenance and raises the jobs; the list then links each to its open request; an
 * admin adds a product with its parts to the catalogue; a technician on a phone completes a
 * filter change ticking the parts replaced, and the office sees the unit's next due dates move on.
 *
 * Then the unit page's changes as a Service Manager makes them (an AMC's price edited in rupees,
 * the AMC cancelled, a part's last change corrected), a request's purifier on its details page,
 * and the due list on a 360 px touch phone. Those tests work on a customer and unit of their own.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, addMonths, todayIn } from '../src/shared/domain/maintenance.ts';
import { formatDate } from '../src/shared/i18n/format.ts';
import { apiAuth, createCustomer, loginAs, type MadeRegion, signIn, uniqueTag } from './fixtures.ts';

const PRODUCT = 'Kaveri Flow RO 12 L';

interface OwnUnit {
  id: string;
  serialNumber: string;
  region: MadeRegion;
  customer: { id: string; name: string; address: string; primaryPhone: string };
  schedule: { partId: string | null; name: string; intervalMonths: number | null; nextDueOn: string | null }[];
}

/** A customer of its own in Chennai (the demo Service Manager's region) with a Kaveri purifier. */
async function ownUnit(request: APIRequestContext, installedOn = todayIn()): Promise<OwnUnit> {
  const headers = await apiAuth(request);
  const regions = (await (await request.get('/api/regions', { headers })).json()) as MadeRegion[];
  const region = regions.find((r) => r.name === 'Chennai') as MadeRegion;
  const customer = await createCustomer(request, region);
  const products = (await (
    await request.get('/api/products', { headers, params: { page: 1, pageSize: 100 } })
  ).json()) as { id: string; brand: string; name: string }[];
  const product = products.find((p) => `${p.brand} ${p.name}` === PRODUCT) as { id: string };
  const serialNumber = `E2E-${uniqueTag()}`;
  const res = await request.post(`/api/customers/${customer.id}/units`, {
    headers,
    data: { productId: product.id, serialNumber, installedOn },
  });
  expect(res.status(), await res.text()).toBe(201);
  const unit = (await res.json()) as { id: string; schedule: OwnUnit['schedule'] };
  return { id: unit.id, serialNumber, region, customer, schedule: unit.schedule };
}

/** A SERVICE request raised for the unit by the Super Admin; with `assignTo`, approved and assigned. */
async function requestFor(request: APIRequestContext, unit: OwnUnit, description: string, assignTo?: { id: string }) {
  const headers = await apiAuth(request);
  const res = await request.post('/api/service-requests', {
    headers,
    data: { type: 'SERVICE', description, customerId: unit.customer.id, regionId: unit.region.id, unitId: unit.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  if (assignTo) {
    for (const [path, data] of [
      ['service-approve', {}],
      ['manual-assign', { technicianId: assignTo.id }],
    ] as const) {
      const step = await request.post(`/api/service-requests/${id}/${path}`, { headers, data });
      expect(step.ok(), await step.text()).toBeTruthy();
    }
  }
  return id;
}

/** Every element in the page that scrolls sideways (its content wider than its box), as selectors. */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('body *')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(e).overflowX))
    .map((e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''))`);
}

test('a Service Manager raises the due jobs from the Maintenance screen', async ({ page }) => {
  await loginAs(page, 'service.manager@demo.test');
  await page.getByRole('link', { name: 'Maintenance' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Units due for maintenance' });
  await expect(table.getByText('Overdue').first()).toBeVisible();
  // The screen names the run's window beside the list's own filter (issue 33).
  await expect(page.getByText(/raises only what is due within 7 days from today/)).toBeVisible();
  // The run asks first, with the server's dry run: how many, which units, which window.
  await page.getByRole('button', { name: 'Raise due jobs now' }).click();
  const confirm = page.getByRole('dialog', { name: /^Raise \d+ due jobs?\?$/ });
  await expect(confirm).toContainText(/due by .+ \(within 7 days from today\) that has no open request/);
  await expect(
    confirm.getByRole('list', { name: 'Jobs the run will raise' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(table.getByRole('link', { name: 'Open request' })).toHaveCount(0);
  await confirm.getByRole('button', { name: /^Raise \d+ jobs?$/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Raised \d+ due jobs/ })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('link', { name: 'Open request' }).first()).toBeVisible();
  // A unit's page from the list (the purifier's link; the name opens the customer): its schedule.
  await table.locator('a[href^="/units/"]').first().click();
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

test('a Service Manager edits an AMC price in rupees, then cancels the AMC', async ({ page, request }) => {
  const unit = await ownUnit(request);
  const contract = await request.post(`/api/units/${unit.id}/contracts`, {
    headers: await apiAuth(request),
    data: { type: 'AMC', startsOn: todayIn(), endsOn: addMonths(todayIn(), 12), visitsPerYear: 2, price: 399_900 },
  });
  expect(contract.status(), await contract.text()).toBe(201);
  await loginAs(page, 'service.manager@demo.test');
  await page.goto(`/units/${unit.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await expect(page.getByText('₹3,999.00')).toBeVisible();

  // Edit: the price as typed, grouped the Indian way once the field is left, saved in paise.
  await page.getByRole('button', { name: /^Edit AMC/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit contract' });
  const price = dialog.getByRole('textbox', { name: 'Price (₹)' });
  await expect(price).toHaveValue('3,999');
  await price.fill('abc');
  await expect(dialog.getByText('An amount in rupees, e.g. 4,999 or 4,999.50')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await price.fill('100000');
  await dialog.getByRole('spinbutton', { name: 'Visits a year' }).click();
  await expect(price).toHaveValue('1,00,000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Contract saved' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('₹1,00,000.00')).toBeVisible();
  const saved = (await (
    await request.get(`/api/units/${unit.id}/contracts`, { headers: await apiAuth(request) })
  ).json()) as { price: number }[];
  expect(saved[0]?.price).toBe(10_000_000);

  // A new AMC starts the day after this one ends (issue 33); a clash names the contract in the way.
  const [startsOn, endsOn] = [todayIn(), addMonths(todayIn(), 12)];
  const nextDay = addDays(endsOn, 1);
  await page.getByRole('button', { name: 'Add contract' }).click();
  const add = page.getByRole('dialog', { name: 'Add contract' });
  await expect(add.getByLabel('Starts on')).toHaveValue(nextDay);
  await expect(add).toContainText(`The current AMC ends on ${formatDate(endsOn)}: this one starts the next day.`);
  await add.getByLabel('Starts on').fill(startsOn);
  await add.getByRole('button', { name: 'Save' }).click();
  // The server's refusal names each date with its year.
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      Date.parse(`${iso}T00:00:00Z`),
    );
  await expect(add.getByRole('alert')).toHaveText(
    `An active contract of this type (AMC, ${day(startsOn)} to ${day(endsOn)}) already covers part of ` +
      `this period on this unit. A new one can start on ${day(nextDay)}.`,
  );
  await add.getByRole('button', { name: 'Cancel' }).click();
  // Renew: the Add dialog filled in from the contract (same type, from the day after it ends, same price).
  await page.getByRole('button', { name: /^Renew AMC/ }).click();
  const renew = page.getByRole('dialog', { name: 'Renew contract' });
  await expect(renew.getByLabel('Starts on')).toHaveValue(nextDay);
  await expect(renew.getByRole('textbox', { name: 'Price (₹)' })).toHaveValue('1,00,000');
  await renew.getByRole('button', { name: 'Cancel' }).click();

  // Cancel, after a confirmation: the contract shows Cancelled and its visits are no longer due.
  await expect(page.getByRole('cell', { name: 'AMC visit' })).toBeVisible();
  await page.getByRole('button', { name: /^Cancel contract: AMC/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel contract' });
  await expect(confirm).toContainText('Cancel the AMC of');
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Contract cancelled' })).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'AMC visit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit AMC/ })).toHaveCount(0);
});

test("a Service Manager corrects a part's last change and sees its next due date move", async ({ page, request }) => {
  const unit = await ownUnit(request);
  const part = unit.schedule.find((s) => s.name === 'Sediment filter') as OwnUnit['schedule'][number];
  // January last year: long past, so the part falls overdue once corrected.
  const lastChangedOn = `${Number(todayIn().slice(0, 4)) - 1}-01-15`;
  const nextDueOn = addMonths(lastChangedOn, part.intervalMonths as number);
  await loginAs(page, 'service.manager@demo.test');
  await page.goto(`/units/${unit.id}`);
  const row = page.getByRole('row').filter({ hasText: 'Sediment filter' });
  await expect(row).toContainText(formatDate(part.nextDueOn));
  await expect(row).toContainText('OK');

  await row.getByRole('button', { name: 'Correct date: Sediment filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'When was the Sediment filter last changed?' });
  const date = dialog.getByLabel('Last changed on');
  // Not in the future.
  await date.fill(addMonths(todayIn(), 1));
  await expect(dialog.getByText('The date cannot be in the future')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await date.fill(lastChangedOn);
  await expect(dialog.getByText(formatDate(lastChangedOn))).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Date corrected' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(formatDate(lastChangedOn));
  await expect(row).toContainText(formatDate(nextDueOn));
  await expect(row).toContainText('Overdue');
});

test('a request raised for a unit shows the purifier, linked to its page; its technician sees it too', async ({
  browser,
  page,
  request,
}) => {
  const unit = await ownUnit(request);
  const tech = (await (
    await request.get('/api/auth/me', {
      headers: await apiAuth(request, { email: 'tech2@demo.test', password: 'demo1234' }),
    })
  ).json()) as { id: string };
  const id = await requestFor(request, unit, 'Water tastes of plastic since the last visit', tech);

  await loginAs(page, 'service.manager@demo.test');
  await page.goto(`/service-requests/${id}`);
  const card = page.getByRole('region', { name: 'Purifier' });
  await expect(card).toContainText(`Serial ${unit.serialNumber}`);
  await expect(card).toContainText('Nothing due');
  await card.getByRole('link', { name: PRODUCT }).click();
  await expect(page).toHaveURL(`/units/${unit.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await expect(page.getByText(unit.serialNumber).first()).toBeVisible();

  // The technician assigned to it reads the purifier, without a link to a page they may not open.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await signIn(phone, { email: 'tech2@demo.test', password: 'demo1234', name: 'Arun Technician' });
  await phone.goto(`/service-requests/${id}`);
  const techCard = phone.getByRole('region', { name: 'Purifier' });
  await expect(techCard).toContainText(PRODUCT);
  await expect(techCard).toContainText(`Serial ${unit.serialNumber}`);
  await expect(techCard.getByRole('link')).toHaveCount(0);

  // Issue 36: the technician takes the water's readings on the job (a number out of bounds is
  // refused on the phone), and the office sees them on the unit's page.
  const readings = phone.getByRole('region', { name: 'Water readings' });
  await readings.getByLabel('TDS in (mg/L)').fill('6000');
  await readings.getByLabel('TDS out (mg/L)').fill('42');
  await readings.getByRole('button', { name: 'Save reading' }).tap();
  await expect(readings.getByText('TDS must be a number from 0 to 5000 mg/L')).toBeVisible();
  await readings.getByLabel('TDS in (mg/L)').fill('850');
  await readings.getByRole('button', { name: 'Save reading' }).tap();
  await expect(readings.getByText('Rejection 95.1%')).toBeVisible();
  await context.close();
  await page.goto(`/units/${unit.id}`);
  await expect(page.getByRole('heading', { name: 'Water quality' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Water readings' });
  await expect(table.getByRole('row').filter({ hasText: '95.1%' })).toContainText('850');
});

test.describe('on a 360 px touch phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("a technician completes a filter change with the parts replaced; the unit's next due dates move on", async ({
    page,
    browser,
    request,
  }) => {
    // Installed a year ago: its 6-month filters are overdue. The customer has a second purifier,
    // so the dialog must offer the request's own unit, not whichever comes first.
    const installedOn = addMonths(todayIn(), -12);
    const unit = await ownUnit(request, installedOn);
    const admin = await apiAuth(request);
    const products = (await (
      await request.get('/api/products', { headers: admin, params: { page: 1, pageSize: 100 } })
    ).json()) as { id: string; brand: string; name: string }[];
    const other = products.find((p) => `${p.brand} ${p.name}` === 'Neervana Pure RO+UV 8 L') as { id: string };
    const second = await request.post(`/api/customers/${unit.customer.id}/units`, {
      headers: admin,
      data: { productId: other.id, serialNumber: `E2E-${uniqueTag()}`, installedOn },
    });
    expect(second.status(), await second.text()).toBe(201);
    const techHeaders = await apiAuth(request, { email: 'tech@demo.test', password: 'demo1234' });
    const tech = (await (await request.get('/api/auth/me', { headers: techHeaders })).json()) as { id: string };
    const id = await requestFor(request, unit, 'Filter change due: sediment and pre-carbon', tech);
    const started = await request.post('/api/technician-workflow/start', {
      headers: techHeaders,
      data: { requestId: id },
    });
    expect(started.ok(), await started.text()).toBeTruthy();

    await loginAs(page, 'tech@demo.test');
    await page.goto(`/service-requests/${id}`);
    await page.getByRole('button', { name: 'Complete Work' }).first().tap();
    const dialog = page.getByRole('dialog', { name: 'Complete Work' });
    await expect(dialog.getByRole('group', { name: `Parts replaced on the ${PRODUCT}` })).toBeVisible();
    for (const part of ['Sediment filter', 'Pre-carbon filter']) {
      const box = dialog.getByRole('checkbox', { name: part });
      await box.tap();
      await expect(box).toBeChecked();
    }
    await expect(dialog.getByRole('checkbox', { name: 'RO membrane' })).not.toBeChecked();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await dialog.getByLabel('Notes').fill('Changed sediment and pre-carbon; TDS 45 after.');
    await dialog.getByRole('button', { name: 'Complete Work' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Work completed successfully!' })).toBeVisible();

    // The office sees the schedule moved on: changed today, next due in six months, OK again;
    // a part not ticked keeps its last change (the installation).
    const today = todayIn();
    const office = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const desk = await office.newPage();
    await signIn(desk, { email: 'service.manager@demo.test', password: 'demo1234', name: 'Ravi Service Manager' });
    await desk.goto(`/units/${unit.id}`);
    for (const part of ['Sediment filter', 'Pre-carbon filter']) {
      const row = desk.getByRole('row').filter({ hasText: part });
      await expect(row).toContainText(formatDate(today));
      await expect(row).toContainText(formatDate(addMonths(today, 6)));
      await expect(row).toContainText('OK');
    }
    await expect(desk.getByRole('row').filter({ hasText: 'Post-carbon filter' })).toContainText(
      formatDate(installedOn),
    );
    const replaced = desk.getByText(/^Replaced: /);
    await expect(replaced).toContainText('Sediment filter');
    await expect(replaced).toContainText('Pre-carbon filter');
    await office.close();
  });

  test('the due list is a list of cards: no sideways scroll, 44 px targets, reachable by keyboard', async ({
    page,
    request,
  }) => {
    // A due unit of its own with a request open for it (installed a year ago: its filters are overdue).
    const unit = await ownUnit(request, addMonths(todayIn(), -12));
    const id = await requestFor(request, unit, 'Filters overdue: change them');

    await loginAs(page, 'service.manager@demo.test');
    await page.goto('/maintenance');
    const list = page.getByRole('list', { name: 'Units due for maintenance' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    expect(await sidewaysScrollers(page)).toEqual([]);

    // The overdue unit of this test, earliest first: find its card (its customer's name).
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Overdue' }).click();
    const card = list.getByRole('listitem').filter({ hasText: unit.customer.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Overdue');
    await expect(card).toContainText(PRODUCT);
    for (const target of [
      card.getByRole('link', { name: unit.customer.name, exact: true }),
      card.getByRole('link', { name: PRODUCT }),
      card.getByRole('link', { name: 'Open request' }),
      card.getByRole('link', { name: new RegExp(`^Call ${unit.customer.name}`) }),
    ]) {
      const box = await target.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    // By keyboard: from the card's customer link, Tab reaches its unit, call and request links; Enter opens.
    await card.getByRole('link', { name: unit.customer.name, exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('link', { name: PRODUCT })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('link', { name: new RegExp(`^Call ${unit.customer.name}`) })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('link', { name: 'Open request' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/service-requests/${id}`);
    await expect(page.getByRole('region', { name: 'Purifier' })).toContainText(unit.serialNumber);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await page.goBack();
    // The customer's name opens the customer; the purifier opens the unit (issue 33).
    await card.getByRole('link', { name: unit.customer.name, exact: true }).click();
    await expect(page).toHaveURL(`/customers/${unit.customer.id}`);
    await page.goBack();
    await card.getByRole('link', { name: PRODUCT }).click();
    await expect(page).toHaveURL(`/units/${unit.id}`);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });
});
