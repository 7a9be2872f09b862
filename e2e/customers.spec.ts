/**
 * The customer dialog (issue 3, section 4), as the Super Admin: browser location capture (a
 * granted and a denied permission) and the save-disabled rule. Nothing is saved: every test
 * cancels its dialog, so no shared record changes.
 */
import { expect, type Page, test } from '@playwright/test';
import { scaled } from '../tests/harness/speed.ts';
import {
  createCustomer,
  createRegion,
  createServiceRequest,
  createUser,
  loginAs,
  navigation,
  signIn,
  uniqueTag,
} from './fixtures.ts';

// A loaded machine running two workers can take 20 s for one of these.
test.describe.configure({ timeout: scaled(60_000) });

async function openAddCustomer(page: Page) {
  await loginAs(page, 'admin@demo.test');
  await navigation(page).getByRole('link', { name: 'Customer Management' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('location capture in the customer dialog', () => {
  test('a granted permission captures the browser’s position: Location Saved, 6 decimals, metres', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['geolocation'], { origin: baseURL });
    await context.setGeolocation({ latitude: 13.08268345, longitude: 80.27071849, accuracy: 24.6 });
    const dialog = await openAddCustomer(page);

    const capture = dialog.getByRole('button', { name: 'Capture Location' });
    await expect(capture).toBeEnabled();
    await capture.click();

    const saved = dialog.getByRole('button', { name: 'Location Saved' });
    await expect(saved).toBeVisible();
    await expect(saved).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Capture Location' })).toHaveCount(0);
    await expect(dialog.getByText('Latitude 13.082683, Longitude 80.270718 · Accuracy: ±25 m')).toBeVisible();
    await expect(dialog.getByLabel('Latitude')).toHaveValue('13.082683');
    await expect(dialog.getByLabel('Longitude')).toHaveValue('80.270718');
    // The values stay editable by hand.
    await expect(dialog.getByLabel('Latitude')).toBeEditable();
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // 'Clear' gives the capture button back.
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await expect(dialog.getByRole('button', { name: 'Capture Location' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a denied permission shows the spec’s message and leaves the button usable', async ({ page, context }) => {
    // No permission granted: headless Chromium answers the request as denied (code 1).
    await context.clearPermissions();
    const dialog = await openAddCustomer(page);
    await dialog.getByRole('button', { name: 'Capture Location' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Location permission denied. Please enable location access.' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Capture Location' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Location Saved' })).toHaveCount(0);
    await expect(dialog.getByLabel('Latitude')).toHaveValue('');
  });
});

test('Save stays disabled until name, address, a 10-digit primary phone and region are all set', async ({ page }) => {
  const dialog = await openAddCustomer(page);
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  const name = dialog.getByLabel('Customer Name');
  const address = dialog.getByLabel('Address');
  const phone = dialog.getByLabel('Primary Phone');

  // Nothing set.
  await expect(save).toBeDisabled();

  // Region first, so each later step can leave exactly one field missing.
  await dialog.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Chennai', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveText('Chennai');

  // Without a name.
  await address.fill('12 Beach Road, Besant Nagar, Chennai');
  await phone.fill('9876500011');
  await expect(save).toBeDisabled();
  // A name of blanks is no name.
  await name.fill('   ');
  await expect(save).toBeDisabled();
  await name.fill('Lalitha Venkat');
  await expect(save).toBeEnabled();

  // Without an address (blank, then spaces only).
  await address.fill('');
  await expect(save).toBeDisabled();
  await address.fill('   ');
  await expect(save).toBeDisabled();
  await address.fill('12 Beach Road, Besant Nagar, Chennai');
  await expect(save).toBeEnabled();

  // A 9-digit primary phone, then none.
  await phone.fill('987650001');
  await expect(phone).toHaveValue('987650001');
  await expect(save).toBeDisabled();
  await phone.fill('');
  await expect(save).toBeDisabled();
  await phone.fill('9876500011');
  await expect(save).toBeEnabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('Save stays disabled without a region', async ({ page }) => {
  const dialog = await openAddCustomer(page);
  const save = dialog.getByRole('button', { name: 'Save', exact: true });
  await dialog.getByLabel('Customer Name').fill('Lalitha Venkat');
  await dialog.getByLabel('Address').fill('12 Beach Road, Besant Nagar, Chennai');
  await dialog.getByLabel('Primary Phone').fill('9876500011');
  // The Super Admin has no region of their own, so none is preset.
  await expect(dialog.getByRole('combobox', { name: 'Region' })).not.toHaveText(/\w/);
  await expect(save).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Chennai', exact: true }).click();
  await expect(save).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

// Issue 34 item 3 (ADR 038): a region's manager finds a duplicate pair, merges it, sees the
// duplicate's request under the customer kept, and undoes the merge from that customer's page.
test('a duplicate pair merged, its request under the customer kept, and the merge undone', async ({
  page,
  request,
}) => {
  const region = await createRegion(request, 'E2E Merge');
  const tag = uniqueTag();
  const kept = await createCustomer(request, region, { name: `Kaveri Shankar ${tag}` });
  const duplicate = await createCustomer(request, region, { name: `Kaveri Sankar ${tag}` });
  const raised = await createServiceRequest(request, { region, customer: duplicate });
  const manager = await createUser(request, { role: 'Service Manager', region: region.name, name: 'Merge Manager' });
  await signIn(page, manager);

  await navigation(page).getByRole('link', { name: 'Customer Management' }).click();
  await page.getByRole('link', { name: 'Possible duplicates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeVisible();
  const group = page.getByRole('region', { name: `Possible duplicates of ${duplicate.name}` });
  await expect(group.getByText('Similar name').first()).toBeVisible();
  await group.getByRole('radio', { name: `Keep ${kept.name}` }).check();
  await group.getByRole('button', { name: 'Merge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge customers' });
  await expect(
    dialog.getByText(`Merge 1 customer into ${kept.name}: 1 request, 0 units, 0 contracts move.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText(`Merged 1 customer into ${kept.name}.`)).toBeVisible();
  await expect(group).toHaveCount(0);

  await page.getByRole('link', { name: `Open ${kept.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: kept.name })).toBeVisible();
  await expect(page.getByText(raised.description)).toBeVisible();
  await page.getByRole('button', { name: `Undo the merge of ${duplicate.name}` }).click();
  const undo = page.getByRole('dialog', { name: 'Undo this merge?' });
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Merge undone: the customers are back as they were')).toBeVisible();
  await expect(page.getByText(raised.description)).toHaveCount(0);
});
