/**
 * Phone width (390 px, issue 3 and 4 "look at 390 px"): the request details page and the
 * dashboard fit the screen (no horizontal scrolling) and their key action buttons are on screen,
 * for the manager who approves and for the technician in the field. The requests are this test's
 * own, made through the API in a region of its own.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import {
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  loginAs,
  navigation,
  signIn,
} from './fixtures.ts';

const WIDTH = 390;

test.use({ viewport: { width: WIDTH, height: 844 } });

async function expectNoHorizontalOverflow(page: Page, what: string) {
  const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(scrollWidth, `${what}: page width`).toBeLessThanOrEqual(WIDTH);
}

/** Visible, and wholly inside the screen's width once scrolled to. */
async function expectOnScreen(button: Locator) {
  // Centred, not just scrolled to: scrolling goes by whole pixels, so a button brought in at the
  // screen's edge from a fractional position stays a fraction of a pixel outside it.
  await button.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
  await expect(button).toBeVisible();
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = await button.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(WIDTH);
}

test('at 390 px the request details page and the dashboard fit, with their actions on screen', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const region = await createRegion(request);
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Priyanka Field' });
  const customer = await createCustomer(request, region, {
    name: 'Venkataraghavan Krishnamoorthy',
    address: 'Flat 14B, Sri Lakshmi Narasimha Apartments, 221 Dr Radhakrishnan Salai, Mylapore',
  });
  const description =
    'The RO purifier in the kitchen leaks from the lower filter housing and the TDS reading has gone up ' +
    'to 180 ppm since last week; please bring a spare sediment cartridge (ref AQ-SED-10IN-5MICRON).';
  const pending = await createServiceRequest(request, { region, customer, description });
  const assigned = await createServiceRequest(request, { region, customer, description, assignTo: technician });

  // The Super Admin on a pending request: Approve and Reject.
  await loginAs(page, 'admin@demo.test');
  await page.goto(`/service-requests/${pending.id}`);
  await expect(page.getByRole('heading', { name: `Request ${pending.ticketNumber}` })).toBeVisible();
  await expect(page.getByText(customer.address)).toBeVisible();
  await expectNoHorizontalOverflow(page, 'details (admin)');
  await expectOnScreen(page.getByRole('button', { name: 'Approve', exact: true }));
  await expectOnScreen(page.getByRole('button', { name: 'Reject', exact: true }));
  await expectOnScreen(page.getByRole('button', { name: 'Back' }));

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Asha Admin!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Requests' })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'dashboard (admin)');
  // An office role opens the drawer from the top bar's menu button (ADR 036).
  await expectOnScreen(page.getByRole('banner').getByRole('button', { name: 'open navigation' }));
  await expectOnScreen(page.getByRole('link', { name: 'notifications' }));
  await expectOnScreen(page.getByRole('button', { name: 'account menu' }));

  // The technician on their task: the work-progress panel's buttons.
  const techContext = await browser.newContext({ viewport: { width: WIDTH, height: 844 } });
  const tech = await techContext.newPage();
  await signIn(tech, technician);
  await expectNoHorizontalOverflow(tech, 'dashboard (technician)');
  await expect(tech.getByRole('region', { name: 'My Tasks Today' })).toBeVisible();
  // The technician's bottom navigation bar, every item wholly on screen; no menu button.
  // Issue 37: My Van is the fifth.
  await expect(navigation(tech).getByRole('link')).toHaveCount(5);
  for (const link of await navigation(tech).getByRole('link').all()) await expectOnScreen(link);
  await expect(tech.getByRole('button', { name: 'open navigation' })).toHaveCount(0);

  await tech.goto(`/service-requests/${assigned.id}`);
  await expect(tech.getByRole('region', { name: 'Work Progress' })).toBeVisible();
  await expect(tech.getByText(description)).toBeVisible();
  await expectNoHorizontalOverflow(tech, 'details (technician)');
  for (const name of ['Start Work', 'Choose Photos', 'Take Photo', 'Upload Images', 'Capture Location']) {
    await expectOnScreen(tech.getByRole('button', { name, exact: true }));
  }
  // Typing the coordinates is folded away on the technician's page (ADR 020).
  await expect(tech.getByRole('button', { name: 'Set Location', exact: true })).toBeHidden();
  await tech.getByRole('button', { name: 'Enter the coordinates manually' }).click();
  await expectOnScreen(tech.getByRole('button', { name: 'Set Location', exact: true }));
  await techContext.close();
});
