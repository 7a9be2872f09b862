/**
 * Issue 35, the customer messages as the office sees them. An admin sets a customer's language
 * (the customer form) and their WhatsApp consent (the customer's page: "Agreed at the office on
 * …"), raises a request for them, and finds the "request registered" message on the Messages
 * screen in the customer's language, SENT by the default log driver (the e2e server turns the
 * quiet hours off). Then a template edited: an unknown placeholder refused on
 * the field, a good text previewed, saved, and reset to the default. Axe on both tabs at 1366 px
 * and at 360 px, where the outbox is a list of cards and nothing scrolls sideways.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { scaled } from '../tests/harness/speed.ts';
import { apiAuth, createCustomer, loginAs, type MadeRegion, seriousAxe, uniqueTag } from './fixtures.ts';

const WIDE = { width: 1366, height: 850 };
const PHONE = { width: 360, height: 780 };

async function chennai(request: APIRequestContext): Promise<MadeRegion> {
  const headers = await apiAuth(request);
  const regions = (await (await request.get('/api/regions', { headers })).json()) as MadeRegion[];
  return regions.find((r) => r.name === 'Chennai') as MadeRegion;
}

/** Elements that scroll sideways (their content wider than their box). */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('body *')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(e).overflowX))
    .filter((e) => !e.closest('[role="tablist"]'))
    .map((e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''))`);
}

test('an admin agrees WhatsApp for a customer, raises a request and sees its message in Tamil', async ({
  page,
  request,
}) => {
  const region = await chennai(request);
  const tag = uniqueTag();
  const customer = await createCustomer(request, region, { name: `Lakshmi ${tag}` });
  await loginAs(page, 'admin@demo.test');

  // The customer form: messages in Tamil.
  await page.goto('/customers');
  await page.getByRole('textbox', { name: 'Search customers' }).fill(tag);
  await page.getByRole('button', { name: `Edit ${customer.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
  await dialog.getByRole('combobox', { name: 'Language for messages' }).click();
  await page.getByRole('option', { name: 'தமிழ்' }).click();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Customer updated successfully!')).toBeVisible();

  // The customer's page: WhatsApp agreed at the office, today.
  await page.goto(`/customers/${customer.id}`);
  const card = page.getByRole('region', { name: 'WhatsApp and SMS messages' });
  await expect(card.getByText('தமிழ்')).toBeVisible();
  await expect(card.getByText('The customer has not been asked yet.')).toBeVisible();
  const whatsapp = card.getByRole('switch', { name: 'WhatsApp' });
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText("The customer's choice is saved")).toBeVisible();
  await expect(whatsapp).toBeChecked();
  const today = new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date());
  await expect(card.getByText(`Agreed at the office on ${today}`)).toBeVisible();
  await expect(card.getByRole('switch', { name: 'SMS' })).not.toBeChecked();

  // A request raised for them.
  const raised = await request.post('/api/service-requests', {
    headers: await apiAuth(request),
    data: {
      type: 'SERVICE',
      description: 'The purifier leaks (messages check)',
      customerId: customer.id,
      regionId: region.id,
    },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const { ticketNumber } = (await raised.json()) as { ticketNumber: string };

  // Messages, from the menu; the customer's message found by their name, in Tamil.
  await page.getByRole('link', { name: 'Messages' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search messages' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  const table = page.getByRole('table', { name: 'Customer messages' });
  const row = table.getByRole('row').filter({ hasText: customer.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: customer.name })).toHaveAttribute('href', `/customers/${customer.id}`);
  await expect(row.getByRole('link', { name: ticketNumber })).toBeVisible();
  await expect(row.getByText('WhatsApp')).toBeVisible();
  await expect(row.getByText('Request registered')).toBeVisible();
  await expect(row.getByText(`உங்கள் சேவைக் கோரிக்கை ${ticketNumber} பதிவு செய்யப்பட்டது`)).toBeVisible();
  await expect(row.getByText(`அன்புள்ள ${customer.name}`)).toBeVisible();
  // The log driver sends it within seconds (the e2e server has MESSAGE_QUIET_HOURS=off, so at any
  // hour; the quiet hours have their API test); the screen looks again by itself while one is due.
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: scaled(30_000) });
  await expect(row.getByText('1 attempt')).toBeVisible();
  // The filters live in the URL.
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await expect(page).toHaveURL(/channel=SMS/);
  await expect(page.getByText('No messages match these filters')).toBeVisible();
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'WhatsApp' }).click();
  await expect(row).toHaveCount(1);
});

test('an admin edits a template: an unknown placeholder is refused, a good one previewed and saved', async ({
  page,
}) => {
  await loginAs(page, 'admin@demo.test');
  await page.goto('/messages?tab=templates');
  await expect(page.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'AMC ending' }).click();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'ಕನ್ನಡ' }).click();
  await expect(page).toHaveURL(/template=amcExpiring/);
  await expect(page).toHaveURL(/language=kn/);

  const text = page.getByRole('textbox', { name: 'Message text' });
  const preview = page.getByTestId('template-preview');
  const save = page.getByRole('button', { name: 'Save template' });
  // The standard Kannada text, previewed with a Kannada name.
  await expect(text).toHaveValue(/\{\{customer\}\}/);
  await expect(preview).toContainText('ಲಕ್ಷ್ಮಿ');

  // An unknown placeholder: the server's words on the field, Save off.
  await text.fill('{{customer}}, ನಿಮ್ಮ AMC {{expiry}} ರಂದು ಮುಗಿಯುತ್ತದೆ.');
  await expect(
    page.getByText(
      'This message may not use {{expiry}}. It may use: {{business}}, {{customer}}, {{product}}, {{ends}}, {{phone}}.',
    ),
  ).toBeVisible();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();

  // A good text, a placeholder added by its chip at the end: the preview follows.
  await text.fill('{{customer}}, ನಿಮ್ಮ AMC ');
  await page.getByRole('button', { name: /^Insert \{\{ends\}\}/ }).click();
  await text.press('End');
  await text.pressSequentially(' ರಂದು ಮುಗಿಯುತ್ತದೆ.');
  await expect(text).toHaveValue('{{customer}}, ನಿಮ್ಮ AMC {{ends}} ರಂದು ಮುಗಿಯುತ್ತದೆ.');
  // The AMC's last day as the server writes it in Kannada ("ಡಿಸೆಂ 29,2026").
  await expect(preview).toHaveText(/^ಲಕ್ಷ್ಮಿ, ನಿಮ್ಮ AMC \S+ \d{1,2}, ?\d{4} ರಂದು ಮುಗಿಯುತ್ತದೆ\.$/);
  await expect(text).toHaveAttribute('aria-invalid', 'false');
  await save.click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(page.getByText(/^Changed by your office on /)).toBeVisible();
  await expect(save).toBeDisabled();

  // Back to the standard text (asked first).
  await page.getByRole('button', { name: 'Reset to default' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset to default?' });
  await confirm.getByRole('button', { name: 'Reset to default' }).click();
  await expect(page.getByText('The template is back to the standard text')).toBeVisible();
  await expect(page.getByText("AquaDesk's standard text.")).toBeVisible();
  await expect(text).toHaveValue(/\{\{product\}\}/);
});

test('the Messages screen has no serious accessibility violation at 1366 and 360 px', async ({ page, request }) => {
  // A failed and a skipped message to show with their Retry: a customer without consent gets a
  // SKIPPED "request registered".
  const region = await chennai(request);
  const customer = await createCustomer(request, region, { name: `Axe ${uniqueTag()}` });
  const raised = await request.post('/api/service-requests', {
    headers: await apiAuth(request),
    data: {
      type: 'ENQUIRY',
      description: 'Asking about an AMC (messages check)',
      customerId: customer.id,
      regionId: region.id,
    },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  await loginAs(page, 'admin@demo.test');
  const found: string[] = [];

  await page.goto(`/messages?q=${encodeURIComponent(customer.name)}`);
  const table = page.getByRole('table', { name: 'Customer messages' });
  await expect(table.getByText('Skipped', { exact: true })).toBeVisible();
  await expect(table.getByText('Not sent: the customer has not agreed to WhatsApp or SMS messages.')).toBeVisible();
  // Retry is refused with the server's reason (no consent yet).
  await table.getByRole('button', { name: `Retry: message to ${customer.name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'has not agreed' }).first()).toBeVisible();
  found.push(...(await seriousAxe(page, '[1366] outbox')));
  // The refusal's toast goes first: axe caught its close button mid-animation at 360 px once (a flake).
  await expect(page.getByRole('alert').filter({ hasText: 'has not agreed' })).toHaveCount(0, { timeout: 15_000 });

  await page.setViewportSize(PHONE);
  const cards = page.getByRole('list', { name: 'Customer messages' });
  await expect(cards.getByText('Skipped', { exact: true })).toBeVisible();
  await expect(cards.getByRole('button', { name: `Retry: message to ${customer.name}` })).toBeVisible();
  expect(await sidewaysScrollers(page)).toEqual([]);
  found.push(...(await seriousAxe(page, '[360] outbox')));

  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByRole('textbox', { name: 'Message text' })).toBeVisible();
  expect(await sidewaysScrollers(page)).toEqual([]);
  found.push(...(await seriousAxe(page, '[360] templates')));
  await page.setViewportSize(WIDE);
  await expect(page.getByTestId('template-preview')).toBeVisible();
  found.push(...(await seriousAxe(page, '[1366] templates')));
  expect(found, found.join('\n')).toEqual([]);
});
