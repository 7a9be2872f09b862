/**
 * Issue 36 items 2–5 (ADR 043): a unit's QR sticker. A customer scans it on a 360 px phone: the
 * page (its own small entry, not the app) shows the purifier but nothing of the customer, checks
 * the form (axe: no serious violation, errors shown), and sends a request that answers with its
 * ticket number; the office then sees that request marked "QR sticker", with the phone checked
 * against the customer's, and the customer's WhatsApp consent the ticked box gave (source QR). Then the office's side of the sticker on the unit page: without
 * PUBLIC_URL (this server has none) the card says so and the sticker download is refused in
 * words, and re-issuing the code retires the old sticker at once.
 *
 * Each test works on a customer and a unit of its own (a demo product in Chennai).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatPhone } from '../src/shared/domain/phone.ts';
import { apiAuth, createUnit, loginAs, type MadeRegion, type MadeUnit } from './fixtures.ts';

const PRODUCT = 'Kaveri Flow RO 12 L';
const PHONE = { width: 360, height: 740 };

/** A customer of its own in Chennai with a Kaveri purifier, made by the Super Admin. */
async function ownUnit(request: APIRequestContext): Promise<MadeUnit> {
  const headers = await apiAuth(request);
  const regions = (await (await request.get('/api/regions', { headers })).json()) as MadeRegion[];
  return createUnit(request, regions.find((r) => r.name === 'Chennai') as MadeRegion, PRODUCT);
}

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

test('a customer reports a leak from the sticker on a 360 px phone; the office sees it came from the QR sticker', async ({
  browser,
  page,
  request,
}) => {
  const unit = await ownUnit(request);
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-IN' });
  const customerPage = await phone.newPage();
  const calls: string[] = [];
  customerPage.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await customerPage.goto(`/s/${unit.publicCode}`);

  // The purifier, never the customer: no name, address or phone of theirs on the page.
  await expect(customerPage.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible();
  await expect(customerPage.getByText('Installed on')).toBeVisible();
  const text = (await customerPage.locator('body').innerText()) ?? '';
  for (const secret of [unit.customer.name, unit.customer.address, unit.customer.primaryPhone]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toContain(formatPhone(unit.customer.primaryPhone));
  // Its own page: not indexed, no manifest, no app shell, no session call; and it fits the phone.
  await expect(customerPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(customerPage.locator('link[rel="manifest"]')).toHaveCount(0);
  await expect(customerPage.getByRole('navigation')).toHaveCount(0);
  expect(calls.filter((p) => p.startsWith('/api/auth/'))).toEqual([]);
  expect(await customerPage.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);

  // Sent empty: each fault at its field, the focus on the first; axe finds nothing serious.
  await customerPage.getByRole('button', { name: 'Send request' }).click();
  await expect(customerPage.getByText('Choose what is wrong')).toBeVisible();
  await expect(customerPage.getByText('Enter a 10-digit mobile number')).toBeVisible();
  await expect(customerPage.getByRole('radio', { name: 'No water' })).toBeFocused();
  expect(await serious(customerPage)).toEqual([]);

  // The customer's own number, as people write it: the office will see it matches.
  await customerPage.getByRole('radio', { name: 'Leaking' }).check();
  await customerPage.getByLabel('Describe the problem').fill('Water drips under the sink since yesterday');
  await customerPage.getByLabel('Your mobile number').fill(formatPhone(unit.customer.primaryPhone));
  await customerPage.getByRole('radio', { name: 'Morning' }).check();
  // Updates on WhatsApp (issue 35 item 5): unticked until the customer taps its words (a 44 px
  // line) or presses Space on it.
  const whatsapp = customerPage.getByRole('checkbox', { name: 'Send me updates about this request on WhatsApp' });
  await expect(whatsapp).not.toBeChecked();
  expect((await customerPage.locator('label.check').boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await customerPage.getByText('Send me updates about this request on WhatsApp').click();
  await expect(whatsapp).toBeChecked();
  await whatsapp.press('Space');
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.press('Space');
  await expect(whatsapp).toBeChecked();
  await customerPage.getByRole('button', { name: 'Send request' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Request sent' })).toBeFocused();
  const ticket = ((await customerPage.getByTestId('ticket-number').textContent()) ?? '').trim();
  expect(ticket).toMatch(/^SR-\d{6}$/);
  await expect(customerPage.getByText(/The office will call you on/)).toBeVisible();
  // The new ticket joins the unit's open ones.
  await expect(customerPage.getByRole('region', { name: 'Your open requests' })).toContainText(ticket);
  await phone.close();

  // The office: the request marked as raised at the sticker, the phone checked.
  const admin = await apiAuth(request);
  const found = (await (
    await request.get('/api/service-requests', { headers: admin, params: { page: 1, pageSize: 5, search: ticket } })
  ).json()) as { id: string; ticketNumber: string }[];
  const id = found.find((r) => r.ticketNumber === ticket)?.id as string;
  expect(id).toBeTruthy();
  // The box was ticked with the customer's primary phone: they now take WhatsApp, from the QR page.
  const customer = await (await request.get(`/api/customers/${unit.customer.id}`, { headers: admin })).json();
  expect(customer.consent).toMatchObject({ whatsapp: true, source: 'QR' });
  await loginAs(page, 'admin@demo.test');
  await page.goto(`/service-requests/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Request ${ticket}` })).toBeVisible();
  await expect(page.getByText('QR sticker', { exact: true })).toBeVisible();
  await expect(page.getByTestId('qr-phone-check')).toHaveText('Matches the customer');
  await expect(
    page.getByText(
      `Customer reported via the QR sticker: Leaking. Phone ${formatPhone(unit.customer.primaryPhone)} (matches the customer). Prefers: morning.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('Water drips under the sink since yesterday')).toBeVisible();
  // The job sheet (issue 35 item 3, ADR 045) downloads as a PDF named for the ticket.
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Job sheet (PDF)' }).click(),
  ]);
  expect(sheet.suggestedFilename()).toBe(`job-sheet-${ticket}.pdf`);
  expect(
    readFileSync((await sheet.path()) as string)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('the unit page: no PUBLIC_URL, so the sticker download is refused in words; a re-issued code retires the old sticker', async ({
  page,
  request,
}) => {
  const unit = await ownUnit(request);
  await loginAs(page, 'admin@demo.test');
  await page.goto(`/units/${unit.id}`);
  const card = page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'QR sticker' }) });
  await expect(card.getByTestId('public-code')).toHaveText(unit.publicCode);
  await expect(card.getByText(/PUBLIC_URL is not set/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Try the page on this computer' })).toHaveAttribute(
    'href',
    new RegExp(`/s/${unit.publicCode}$`),
  );
  // The server will not make a sticker that cannot open from the customer's home: it says why.
  await card.getByRole('button', { name: 'Download sticker (SVG)' }).click();
  await expect(card.getByText(/^Stickers need PUBLIC_URL/)).toBeVisible();

  await card.getByRole('button', { name: 'Re-issue code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-issue the QR code?' });
  await expect(dialog).toContainText('The old sticker stops working at once');
  await dialog.getByRole('button', { name: 'Re-issue' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('public-code')).not.toHaveText(unit.publicCode);

  await page.goto(`/s/${unit.publicCode}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This sticker is not in use' })).toBeVisible();
});
