/**
 * Issue 35's "done when", end to end on the demo server (MESSAGE_DRIVER=log): a job completed with
 * the customer's signature sends the customer the completion message with the job sheet's link;
 * the admin finds it SENT on the Messages screen, in the customer's language, and the link opens
 * the customer's job sheet, which shows the signature's name. (The signature drawn with a finger
 * on a phone is e2e/proof-signature.spec.ts; the webhook driver against a fake gateway with its
 * retries is tests/api/messages/drivers.test.ts.)
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ROLE } from '../src/shared/domain/roles.ts';
import { scaled } from '../tests/harness/speed.ts';
import { apiAuth, createCustomer, createRegion, createServiceRequest, createUser, loginAs } from './fixtures.ts';

test('a completion with a signature reaches the customer with the job sheet link', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(scaled(90_000));
  const region = await createRegion(request);
  const technician = await createUser(request, { role: ROLE.TECHNICIAN, region: region.name, name: 'Ravi Fixes' });
  const customer = await createCustomer(request, region, { name: 'Kamala Krishnan' });
  const admin = await apiAuth(request);
  // The office records the customer's language and WhatsApp consent.
  const put = await request.put(`/api/customers/${customer.id}`, {
    headers: admin,
    data: {
      name: customer.name,
      address: customer.address,
      primaryPhone: customer.primaryPhone,
      phoneNumbers: [],
      regionId: region.id,
      language: 'hi',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const consent = await request.put(`/api/customers/${customer.id}/consent`, {
    headers: admin,
    data: { whatsapp: true, sms: false, source: 'OFFICE' },
  });
  expect(consent.status(), await consent.text()).toBe(200);

  const made = await createServiceRequest(request, { region, customer, assignTo: technician });
  const tech = await apiAuth(request, technician);
  const started = await request.post('/api/technician-workflow/start', { headers: tech, data: { requestId: made.id } });
  expect(started.ok(), await started.text()).toBeTruthy();
  const png = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="240" height="80"><path d="M10 60 C 60 0, 120 80, 230 20" stroke="black" fill="none" stroke-width="4"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const stopped = await request.post('/api/technician-workflow/stop', {
    headers: tech,
    data: {
      requestId: made.id,
      notes: 'Changed the sediment filter',
      signature: `data:image/png;base64,${png.toString('base64')}`,
      signedBy: 'Kamala Krishnan',
    },
  });
  expect(stopped.status(), await stopped.text()).toBe(200);

  // The admin's Messages screen: the completion message, sent, in Hindi, with the link.
  await loginAs(page, 'admin@demo.test');
  await page.goto(`/messages?q=${customer.primaryPhone}`);
  const table = page.getByRole('table', { name: 'Customer messages' });
  const row = table.getByRole('row').filter({ hasText: 'जॉब शीट' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: scaled(30_000) });
  await expect(row.getByRole('link', { name: made.ticketNumber })).toBeVisible();
  // The link the message carries is the request's own (`jobSheetUrl`, a path without PUBLIC_URL).
  const link = ((await stopped.json()) as { jobSheetUrl: string }).jobSheetUrl;
  expect(link).toMatch(/^\/j\/[A-Za-z0-9_-]+$/);
  await expect(row).toContainText(`आपकी जॉब शीट: ${link}`);

  // The customer opens the link on a phone: their job sheet, in Hindi, with the signer's name.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true })).newPage();
  await phone.goto(link as string);
  await expect(phone.getByText(made.ticketNumber)).toBeVisible();
  await expect(phone.getByText('Kamala Krishnan').first()).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'hi');
  await phone.context().close();
});
