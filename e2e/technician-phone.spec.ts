/**
 * Issue 18 part B (ADR 020): the technician's job on a 360 px touch phone, every control measured
 * (≥ 44 × 44 px), the customer first, one green primary action, the bottom navigation bar (issue 33
 * item 8, ADR 036) clear of the page's last control and of the toasts, and My Tasks' last card whole
 * above it when scrolled to the end; and the dashboard's ways into the lists (a card opens
 * the list filtered by its status; Recent Requests "View all" opens the user's own requests, for a
 * Salesman too). Each test makes its own region, technician, customer and request.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { formatPhone } from '../src/shared/domain/phone.ts';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import {
  apiAuth,
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  loginAs,
  navigation,
  signIn,
} from './fixtures.ts';

const TAP = 44;
const WIDTH = 360;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every visible button and link on the screen smaller than 44 × 44 px (text, size), skipping what
 * is hidden or moved off screen (a skip link waiting for focus).
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('button, a[href], [role="button"], [role="link"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= 0 || r.bottom <= 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || el.closest('[aria-hidden="true"]')) continue;
      if (r.width < ${TAP} - 0.5 || r.height < ${TAP} - 0.5) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
        out.push(name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
      }
    }
    return out;
  })()`);
}

/** How many controls the measurement looked at (a test that measured nothing would pass). */
async function measuredCount(page: Page): Promise<number> {
  return page.evaluate(`document.querySelectorAll('main button, main a[href], main [role="button"]').length`);
}

async function expectTapTargets(page: Page, where: string) {
  // A toast growing in is scaled (MUI's Grow): measure its buttons once it stands at full size.
  await expect
    .poll(() =>
      page.evaluate(
        `[...document.querySelectorAll('.MuiSnackbar-root > *')].every((el) => getComputedStyle(el).transform === 'none')`,
      ),
    )
    .toBe(true);
  expect(await measuredCount(page), `${where}: controls measured`).toBeGreaterThan(0);
  expect(await smallTargets(page), `${where}: controls under ${TAP} px`).toEqual([]);
}

/** A control's computed background colour, "rgb(r, g, b)" (the tsconfig for e2e has no DOM types). */
const backgroundOf = (control: Locator) =>
  control.evaluate(
    (el) =>
      (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el)
        .backgroundColor,
  );

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether what lies under the centre of `target` is its own card (or inside it): nothing covers it. */
const uncovered = (target: Locator) =>
  target.evaluate((node) => {
    interface El {
      getBoundingClientRect(): Box;
      closest(selector: string): unknown;
      ownerDocument: { elementFromPoint(x: number, y: number): El | null };
    }
    const el = node as unknown as El;
    const r = el.getBoundingClientRect();
    const hit = el.ownerDocument.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && hit.closest('article') === el.closest('article');
  });

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    geolocation: { latitude: 13.041812, longitude: 80.234123, accuracy: 18 },
    permissions: ['geolocation'],
  });
  return context.newPage();
}

test('a technician on a 360 px phone: customer first, one green action, no control under 44 px, the bottom bar clear', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const region = await createRegion(request);
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Selvi Fieldwork' });
  const customer = await createCustomer(request, region, {
    name: 'Anand Venkatesan',
    address: '18 Bazaar Road, Saidapet, Chennai',
  });
  const made = await createServiceRequest(request, {
    region,
    customer,
    type: 'SERVICE',
    description: 'RO purifier makes a noise when the tank fills; check the pump and the float valve',
    assignTo: technician,
  });
  const page = await phone(browser);
  await signIn(page, technician);
  // The cards' counts have come (the greeting shows first, with the cards still loading).
  await expect(page.getByRole('heading', { name: 'My Tasks Today' })).toBeVisible();
  await expectTapTargets(page, 'dashboard');

  // My Tasks: the card shows the ticket number; View Details is a full-size target.
  await page.goto('/technician/my-tasks');
  const card = page.getByRole('article', { name: `Service task for ${customer.name}` });
  await expect(card).toContainText(made.ticketNumber);
  await expectTapTargets(page, 'my tasks');
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/service-requests/${made.id}$`));
  await expect(page.getByRole('heading', { name: `Request ${made.ticketNumber}` })).toBeVisible();

  // The customer card leads: name, the address as a Google Maps link, the phone as a tel: link.
  const sections = page.locator('main section');
  await expect(sections.first()).toHaveAttribute('aria-label', 'Customer');
  await expect(sections.nth(1)).toHaveAttribute('aria-label', 'Work Progress');
  const customerCard = page.getByRole('region', { name: 'Customer' });
  await expect(customerCard).toContainText(customer.name);
  await expect(customerCard.getByRole('link', { name: `${customer.address} (open in Google Maps)` })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(customer.address)}`,
  );
  const call = customerCard.getByRole('link', { name: `Call ${formatPhone(customer.primaryPhone)}` });
  await expect(call).toHaveAttribute('href', `tel:${customer.primaryPhone}`);
  await expect(call).toHaveText(`${customer.primaryPhone.slice(0, 5)} ${customer.primaryPhone.slice(5)}`);

  // One primary action, green, above the photos and the location; typing coordinates is folded away.
  const panel = page.getByRole('region', { name: 'Work Progress' });
  const startWork = panel.getByRole('button', { name: 'Start Work' });
  await expect(startWork).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Complete Work' })).toHaveCount(0);
  const [r, g, b] = (await backgroundOf(startWork)).match(/\d+/g)?.map(Number) ?? [];
  expect(g, 'Start Work is green').toBeGreaterThan(r as number);
  expect(g, 'Start Work is green').toBeGreaterThan(b as number);
  const startBox = (await startWork.boundingBox()) as Box;
  const photosBox = (await panel.getByRole('button', { name: 'Choose Photos' }).boundingBox()) as Box;
  expect(startBox.y).toBeLessThan(photosBox.y);
  await expect(panel.getByRole('button', { name: 'Set Location' })).toBeHidden();
  await expectTapTargets(page, 'task, assigned');

  // The phone's location fills the coordinates; then directions appear.
  await panel.getByRole('button', { name: 'Capture Location' }).click();
  await expect(panel.getByRole('button', { name: 'Location Saved' })).toBeVisible();
  await expect(panel).toContainText('Latitude 13.041812, Longitude 80.234123');
  await expect(customerCard.getByRole('link', { name: 'Navigate to Location' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=13.041812,80.234123',
  );
  await panel.getByRole('button', { name: 'Enter the coordinates manually' }).click();
  await expect(panel.getByRole('button', { name: 'Set Location' })).toBeVisible();
  await expectTapTargets(page, 'task, location captured, manual entry open');

  // Start Work: the toast stays clear of the bottom navigation bar, and its close button is full size.
  await startWork.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Work timer started!' });
  await expect(toast).toBeVisible();
  const barBox = (await navigation(page).boundingBox()) as Box;
  expect(barBox.y + barBox.height).toBe(740);
  await expect.poll(async () => overlaps((await toast.boundingBox()) as Box, barBox)).toBe(false);
  await expectTapTargets(page, 'task, in progress, with a toast');

  // At the end of the page nothing lies under the bottom bar: the page keeps room for it.
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  const lastBottom = (await page.evaluate(
    `document.querySelector('main').lastElementChild.getBoundingClientRect().bottom`,
  )) as number;
  expect(lastBottom).toBeLessThanOrEqual(barBox.y);

  // Complete Work (green too), then the panel says it is completed and the stale controls are gone.
  await page.evaluate('window.scrollTo(0, 0)');
  const completeWork = panel.getByRole('button', { name: 'Complete Work' });
  const [cr, cg, cb] = (await backgroundOf(completeWork)).match(/\d+/g)?.map(Number) ?? [];
  expect(cg, 'Complete Work is green').toBeGreaterThan(cr as number);
  expect(cg, 'Complete Work is green').toBeGreaterThan(cb as number);
  await completeWork.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Notes (optional)').fill('Replaced the float valve');
  await expectTapTargets(page, 'complete dialog');
  await dialog.getByRole('button', { name: 'Complete Work', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('WORK COMPLETED', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Work completed');
  await expect(panel).not.toContainText('Work stopped');
  for (const name of [
    'Start Work',
    'Complete Work',
    'Capture Location',
    'Location Saved',
    'Set Location',
    'Upload Images',
  ]) {
    await expect(panel.getByRole('button', { name, exact: true }), name).toHaveCount(0);
  }
  await expectTapTargets(page, 'task, work completed');
  await page.context().close();
});

test('the bottom navigation bar: the technician’s menu, 48 px and more, and My Tasks’ last card whole above it', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const region = await createRegion(request);
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Kavya Scrolls' });
  const customer = await createCustomer(request, region, { name: 'Meenakshi Sundaram' });
  // Enough tasks for My Tasks to scroll at 360 × 740.
  for (const n of [1, 2, 3, 4]) {
    await createServiceRequest(request, {
      region,
      customer,
      description: `Filter change, visit ${n}`,
      assignTo: technician,
    });
  }
  const page = await phone(browser);
  await signIn(page, technician);

  // One bar at the foot of the screen with the menu, Dashboard current; no menu button, no drawer.
  const nav = navigation(page);
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'New Service', 'My Tasks', 'Task History', 'My Van']);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'open navigation' })).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(1);
  const bar = (await nav.boundingBox()) as Box;
  expect(bar.y + bar.height).toBe(740);
  expect(bar.width).toBe(WIDTH);
  for (const link of await nav.getByRole('link').all()) {
    const box = (await link.boundingBox()) as Box;
    expect(box.height, 'a bottom bar item is at least 48 px high').toBeGreaterThanOrEqual(48);
    expect(box.y).toBeGreaterThanOrEqual(bar.y);
  }

  // It navigates, and the current item follows.
  await nav.getByRole('link', { name: 'Task History' }).click();
  await expect(page).toHaveURL(/\/technician\/task-history$/);
  await expect(nav.getByRole('link', { name: 'Task History' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'My Tasks' }).click();
  await expect(page).toHaveURL(/\/technician\/my-tasks$/);
  await expect(nav.getByRole('link', { name: 'My Tasks' })).toHaveAttribute('aria-current', 'page');

  // Scrolled to the end, the last card is what is under its own centre and under its View
  // Details button's: nothing (the bar) lies over it, and it ends above the bar.
  const cards = page.getByRole('article', { name: `Service task for ${customer.name}` });
  await expect(cards).toHaveCount(4);
  expect(await page.evaluate('document.documentElement.scrollHeight > window.innerHeight')).toBe(true);
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  const last = cards.last();
  expect(await uncovered(last)).toBe(true);
  expect(await uncovered(last.getByRole('link', { name: 'View Details' }))).toBe(true);
  const lastBox = (await last.boundingBox()) as Box;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(bar.y);
  await expectTapTargets(page, 'my tasks, scrolled to the end');
  await page.context().close();
});

test('a dashboard card opens the list filtered by its status; the filter lives in the URL', async ({
  page,
  request,
}) => {
  const region = await createRegion(request);
  const customer = await createCustomer(request, region);
  const made = await createServiceRequest(request, { region, customer });
  await loginAs(page, 'admin@demo.test');

  await page.getByRole('link', { name: /^Pending Approval\s*\d+$/ }).click();
  await expect(page).toHaveURL(/\/service-requests\?status=PENDING_APPROVAL$/);
  await expect(page.getByLabel('Status')).toContainText('Pending Approval');
  const rows = page.getByRole('table', { name: 'Service requests' }).getByRole('row');
  await expect(rows.filter({ hasText: made.ticketNumber })).toHaveCount(1);
  for (const text of await rows.allInnerTexts()) {
    if (/SR-\d{6}/.test(text)) expect(text).toContain('PENDING APPROVAL');
  }
  // The ticket number finds the request.
  await page.getByRole('textbox', { name: 'Search requests' }).fill(made.ticketNumber.toLowerCase());
  await expect(rows.filter({ hasText: 'SR-' })).toHaveCount(1);
  await expect(rows.filter({ hasText: made.ticketNumber })).toHaveCount(1);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Completed\s*\d+$/ }).click();
  await expect(page).toHaveURL(/\/service-requests\?status=COMPLETED$/);
  await expect(page.getByLabel('Status')).toContainText('Completed');
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL(/\/service-requests$/);
});

test('Recent Requests “View all” opens the requests the user raised, for a Salesman too', async ({ page, request }) => {
  const region = await createRegion(request);
  const salesman = await createUser(request, { role: ROLE.SALESMAN, region: region.name, name: 'Gokul Salesman' });
  const customer = await createCustomer(request, region);
  const headers = await apiAuth(request, salesman);
  const raised: { ticketNumber: string; description: string }[] = [];
  for (const description of ['Enquiry about a 12-litre RO purifier', 'Enquiry about a whole-house softener']) {
    const res = await request.post('/api/service-requests', {
      headers,
      data: { type: 'ENQUIRY', description, customerId: customer.id, regionId: region.id },
    });
    expect(res.status(), await res.text()).toBe(201);
    raised.push({ ticketNumber: (await res.json()).ticketNumber, description });
  }
  // Somebody else's request in the same region is not theirs.
  const other = await createServiceRequest(request, { region, customer });

  await signIn(page, salesman);
  const recent = page.getByRole('region', { name: 'Recent Requests' });
  await expect(recent).toContainText(raised[1]?.ticketNumber as string);
  await recent.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/my-requests$/);
  await expect(page.getByRole('heading', { name: 'My Requests', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Service requests' });
  for (const r of raised) await expect(table.getByRole('row').filter({ hasText: r.ticketNumber })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: other.ticketNumber })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'SR-' })).toHaveCount(2);

  // The Salesman's cards lead to their own requests too; the whole list stays closed to them.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Pending Approval\s*\d+$/ }).click();
  await expect(page).toHaveURL(/\/my-requests\?status=PENDING_APPROVAL$/);
  await expect(table.getByRole('row').filter({ hasText: 'SR-' })).toHaveCount(2);
  await page.goto('/service-requests');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
