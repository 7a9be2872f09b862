/**
 * Issue 37's journey, the office half (items 4 to 7; the technician's half is van-parts.spec.ts):
 * Chennai's Service Manager records a supplier's invoice on Purchases (two lines, GST 18%: the live
 * CGST/SGST totals, grouped as 1,00,000, are the server's), receives it, sees the Chennai Store's
 * on-hand go up by exactly those quantities, issues 3 sediment filters to Suresh's van from
 * Transfers, Suresh receives them (his phone's API call), and the store's Movements list this
 * purchase's RECEIVE rows and the TRANSFER_OUT, the van holds 3 more, and a reorder level set in
 * its dialog puts the part on the Low stock list. axe (serious and critical, target-size on) finds
 * nothing on Purchases (list and form), Stock and Transfers at 1366 px, and on Stock at 360 px.
 * A unique invoice number and before-values read from the API let it run again on the same data.
 */
import { expect, type Page, test } from '@playwright/test';
import type { PurchaseItem, StockLocationItem, StockRow } from '../src/shared/contracts/stock.ts';
import { formatRupees } from '../src/shared/i18n/format.ts';
import { scaled } from '../tests/harness/speed.ts';
import { apiAuth, DEMO, loginAs, seriousAxe, uniqueTag } from './fixtures.ts';

const MANAGER = { email: 'service.manager@demo.test', password: DEMO.password };
const SURESH = { email: 'tech@demo.test', password: DEMO.password };

async function ok<T>(
  res: { status(): number; text(): Promise<string>; json(): Promise<unknown> },
  status = 200,
): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** Picks an option of a MUI select (a combobox by its name). */
async function choose(page: Page, combobox: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Types into a server-searched Autocomplete and picks the option that appears. */
async function pick(page: Page, combobox: string, typed: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: combobox, exact: true });
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

test('a purchase received into the Chennai Store goes on to Suresh’s van: stock, ledger and low stock agree', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(180_000));
  const manager = await apiAuth(request, MANAGER);
  const login = await ok<{ user: { id: string }; accessToken: string }>(
    await request.post('/api/auth/login', { data: SURESH }),
  );
  const suresh = { authorization: `Bearer ${login.accessToken}` };
  const sureshId = login.user.id;
  const locations = await ok<StockLocationItem[]>(await request.get('/api/stock-locations', { headers: manager }));
  const store = locations.find((l) => l.kind === 'STORE' && l.active && /Chennai/.test(l.name));
  const van = locations.find((l) => l.kind === 'VAN' && l.technicianId === sureshId);
  if (!store || !van) throw new Error(`No Chennai Store or Suresh's van in ${JSON.stringify(locations)}`);
  const onHand = async (locationId: string, sku: string) => {
    const items = await ok<StockRow[]>(
      await request.get('/api/stock', { headers: manager, params: { locationId, pageSize: 100 } }),
    );
    return items.find((r) => r.part.sku === sku)?.onHand ?? 0;
  };
  const before = {
    sed: await onHand(store.id, 'SED-10'),
    uvl: await onHand(store.id, 'UVL-11'),
    vanSed: await onHand(van.id, 'SED-10'),
  };
  const invoice = `E2E-INV-${uniqueTag()}`;

  await loginAs(page, MANAGER.email);
  const axe: string[] = [];

  // 1. Purchases: the list, then a new purchase with two lines and its live totals.
  await page.goto('/purchases');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchases' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Purchases' }).getByRole('row').nth(1)).toBeVisible();
  axe.push(...(await seriousAxe(page, 'Purchases')));
  await page.getByRole('button', { name: 'New Purchase' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Purchase' })).toBeVisible();
  axe.push(...(await seriousAxe(page, 'New purchase')));

  await pick(page, 'Supplier', 'Shree', 'Shree Ganesh Water Tech');
  await page.getByRole('textbox', { name: 'Invoice number' }).fill(invoice);
  const storeBox = page.getByRole('combobox', { name: /^Store/ });
  if ((await storeBox.textContent())?.trim() !== store.name) await choose(page, /^Store/, store.name);
  await expect(storeBox).toHaveText(store.name);
  const line = async (n: number, sku: string, name: string, quantity: string, cost: string) => {
    await pick(page, `Part ${n}`, sku, `${sku} · ${name}`);
    await page.getByRole('textbox', { name: `Quantity of part ${n}` }).fill(quantity);
    await page.getByRole('textbox', { name: `Unit cost of part ${n}` }).fill(cost);
    await choose(page, new RegExp(`^GST rate of part ${n}$`), '18%');
  };
  // 500 filters: the total passes a lakh, so its grouping shows (1,07,191.20).
  await line(1, 'SED-10', 'Sediment filter', '500', '180');
  await page.getByRole('button', { name: 'Add part' }).click();
  await line(2, 'UVL-11', 'UV lamp', '2', '420');
  await expect(page.getByTestId('line-1-amount')).toHaveText('Taxable ₹90,000.00 + GST ₹16,200.00 = ₹1,06,200.00');
  await expect(page.getByTestId('line-2-amount')).toHaveText('Taxable ₹840.00 + GST ₹151.20 = ₹991.20');
  await expect(page.getByText('Supplier in your state: CGST and SGST')).toBeVisible();
  const live = page.getByTestId('purchase-totals');
  const shown = [
    ['Taxable value', '₹90,840.00'],
    ['CGST', '₹8,175.60'],
    ['SGST', '₹8,175.60'],
    ['Total', '₹1,07,191.20'],
  ];
  await expect(live.locator('dt')).toHaveText(shown.map(([label]) => label as string));
  await expect(live.locator('dd')).toHaveText(shown.map(([, amount]) => amount as string));

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/purchases') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  const purchase = await ok<PurchaseItem>(await saved, 201);
  // The server's answer is what the form showed.
  expect(
    [purchase.taxablePaise, purchase.cgstPaise, purchase.sgstPaise, purchase.totalPaise].map((p) =>
      formatRupees(p / 100),
    ),
  ).toEqual(shown.map(([, amount]) => amount));
  expect(purchase.igstPaise).toBe(0);

  // 2. Its details: a draft; Receive puts it into the store.
  await expect(page).toHaveURL(new RegExp(`/purchases\\?id=${purchase.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoice}` })).toBeVisible();
  await expect(page.getByTestId('purchase-totals').locator('dd')).toHaveText(
    shown.map(([, amount]) => amount as string),
  );
  await page.getByRole('button', { name: 'Receive' }).click();
  const confirm = page.getByRole('dialog', { name: 'Receive Purchase' });
  await expect(confirm).toContainText(`Its 2 part lines are added to ${store.name}'s stock`);
  await confirm.getByRole('button', { name: 'Receive' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Purchase received into stock')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reverse' })).toBeVisible();

  // 3. Stock: the store holds exactly what was bought more.
  const stockRow = (sku: string, location: string) =>
    page
      .getByRole('table', { name: 'Stock on hand' })
      .getByRole('row')
      .filter({ hasText: sku })
      .filter({ hasText: location });
  await page.goto('/stock');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock' })).toBeVisible();
  await choose(page, /^Location/, store.name);
  await expect(page).toHaveURL(new RegExp(`locationId=${store.id}`));
  const group = new Intl.NumberFormat('en-IN');
  await expect(stockRow('SED-10', store.name).getByRole('cell').nth(2)).toHaveText(
    `${group.format(before.sed + 500)} pcs`,
  );
  await expect(stockRow('UVL-11', store.name).getByRole('cell').nth(2)).toHaveText(
    new RegExp(`^${group.format(before.uvl + 2)} pcs`),
  );
  axe.push(...(await seriousAxe(page, 'Stock')));

  // 4. Transfers: 3 sediment filters to Suresh's van, issued from the office.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Transfers' }).click();
  await expect(page).toHaveURL(/\/stock\/transfers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transfers' }).getByRole('row').nth(1)).toBeVisible();
  axe.push(...(await seriousAxe(page, 'Transfers')));
  await page.getByRole('button', { name: 'New Transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Transfer' });
  await choose(page, /^From/, store.name);
  await choose(page, /^To/, van.name);
  await pick(page, 'Part 1', 'SED-10', 'SED-10 · Sediment filter');
  await dialog.getByRole('textbox', { name: 'Quantity of part 1' }).fill('3');
  const issued = page.waitForResponse(
    (r) => r.url().endsWith('/api/stock/transfers') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Issue' }).click();
  const transfer = await ok<{ id: string; status: string }>(await issued, 201);
  expect(transfer.status).toBe('ISSUED');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Transfer issued')).toBeVisible();

  // Suresh confirms receipt on his phone.
  const received = await ok<{ status: string }>(
    await request.post(`/api/stock/transfers/${transfer.id}/receive`, { headers: suresh, data: {} }),
  );
  expect(received.status).toBe('RECEIVED');

  // 5. The store's ledger: this purchase's two RECEIVE rows, then the TRANSFER_OUT, newest first.
  await page.goto('/stock?tab=movements');
  await expect(page.getByRole('tab', { name: 'Movements', selected: true })).toBeVisible();
  await choose(page, /^Location/, store.name);
  const ledger = page.getByRole('table', { name: 'Stock movements' });
  const out = ledger.getByRole('row').nth(1);
  await expect(out).toContainText('SED-10');
  await expect(out).toContainText('Transfer out');
  await expect(out.getByRole('cell').nth(4)).toHaveText('-3 pcs');
  const ours = ledger.getByRole('row').filter({ has: page.locator(`a[href="/purchases?id=${purchase.id}"]`) });
  await expect(ours).toHaveCount(2);
  await expect(ours.filter({ hasText: 'SED-10' })).toContainText('Received');
  await expect(ours.filter({ hasText: 'SED-10' }).getByRole('cell').nth(4)).toHaveText('+500 pcs');
  await expect(ours.filter({ hasText: 'UVL-11' }).getByRole('cell').nth(4)).toHaveText('+2 pcs');
  await expect(ours.filter({ hasText: 'UVL-11' })).toContainText('Unit cost ₹420.00');

  // 6. On hand: the van holds 3 more, the store 3 fewer.
  await page.getByRole('tab', { name: 'On hand' }).click();
  await choose(page, /^Location/, van.name);
  await expect(stockRow('SED-10', van.name).getByRole('cell').nth(2)).toHaveText(
    `${group.format(before.vanSed + 3)} pcs`,
  );
  await choose(page, /^Location/, store.name);
  await expect(stockRow('SED-10', store.name).getByRole('cell').nth(2)).toHaveText(
    `${group.format(before.sed + 497)} pcs`,
  );

  // 7. A reorder level at the UV lamps' count puts them on the Low stock list; the filters do not.
  const lamps = stockRow('UVL-11', store.name);
  await lamps.getByRole('button', { name: `Set the reorder level of UV lamp at ${store.name}` }).click();
  const reorder = page.getByRole('dialog', { name: 'Set reorder level' });
  await reorder.getByRole('textbox', { name: 'Reorder level' }).fill(String(before.uvl + 2));
  await reorder.getByRole('button', { name: 'Save' }).click();
  await expect(reorder).toBeHidden();
  await expect(page.getByText('Reorder level saved')).toBeVisible();
  await expect(lamps.getByRole('cell').nth(3)).toHaveText(group.format(before.uvl + 2));
  await page.getByRole('button', { name: 'Low stock' }).click();
  await expect(page).toHaveURL(/low=true/);
  await expect(page.getByRole('button', { name: 'Low stock' })).toHaveAttribute('aria-pressed', 'true');
  await expect(lamps.getByRole('cell').nth(2)).toContainText(`${group.format(before.uvl + 2)} pcs`);
  await expect(lamps.getByRole('cell').nth(2)).toContainText('Low');
  // 500 filters above a level of 10 are not low.
  await expect(stockRow('SED-10', store.name)).toHaveCount(0);

  // 8. The Low stock list on a phone: one card per row, and axe again.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('table', { name: 'Stock on hand' })).toHaveCount(0);
  await expect(page.getByText('UVL-11', { exact: true })).toBeVisible();
  // The reorder level's toast goes first: on a phone it sits over the top bar's buttons until it
  // does (axe's target-size counts them as crowded), as the other phone specs close theirs.
  for (const close of await page.locator('.MuiSnackbar-root').getByRole('button').all()) {
    await close.click().catch(() => undefined);
  }
  await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0);
  axe.push(...(await seriousAxe(page, 'Stock at 360 px')));

  expect(axe).toEqual([]);
});
