/**
 * The new purchase's live GST totals (issue 37 item 6), over a stubbed API: the totals follow each
 * typed quantity, rupee cost and GST rate (Indian grouping, ₹), CGST and SGST for a supplier of the
 * business's state, IGST once a supplier of another state is chosen; a cost that is not rupees is
 * refused on its field and nothing is sent.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StockLocationItem, SupplierItem } from '#shared/contracts/stock.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { i18n } from '#web/i18n/index.ts';
import { PurchaseForm } from './PurchaseForm.tsx';

const store: StockLocationItem = { id: 's1', kind: 'STORE', name: 'Bengaluru Store', regionId: 'r1', active: true };
const supplier = (id: string, name: string, gstin: string): SupplierItem => ({
  id,
  name,
  gstin,
  phone: null,
  address: null,
  active: true,
  createdAt: '2026-11-01T04:30:00.000Z',
});
// Karnataka (29), the business's state; Tamil Nadu (33), another.
const local = supplier('sup-ka', 'Aqua Parts Bengaluru', '29AAACA1234F1Z6');
const chennai = supplier('sup-tn', 'Chennai Filters', '33AAACB5678K1ZH');

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function stubApi() {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (url === '/api/stock-locations') return json(200, [store]);
      if (url.startsWith('/api/suppliers')) return json(200, [local, chennai], { 'x-total-count': '2' });
      if (url.startsWith('/api/parts')) return json(200, [], { 'x-total-count': '0' });
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

/** The totals as shown: each label with its amount. */
function totals(): Record<string, string> {
  const list = screen.getByTestId('purchase-totals');
  const terms = within(list).getAllByRole('term');
  const values = within(list).getAllByRole('definition');
  return Object.fromEntries(terms.map((term, i) => [term.textContent ?? '', values[i]?.textContent ?? '']));
}

beforeAll(async () => {
  await i18n.loadNamespaces('stock');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PurchaseForm', () => {
  it('totals each line as it is typed: CGST and SGST within the state, IGST from another state', async () => {
    stubApi();
    const { user } = renderWithApp(<PurchaseForm businessState="29" onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(totals()).toEqual({ 'Taxable value': '₹0.00', CGST: '₹0.00', SGST: '₹0.00', Total: '₹0.00' });

    // Line 1: 4 × ₹250.50 at 18% (the default rate).
    const qty1 = screen.getByRole('textbox', { name: 'Quantity of part 1' });
    await user.clear(qty1);
    await user.type(qty1, '4');
    await user.type(screen.getByRole('textbox', { name: 'Unit cost of part 1' }), '250.50');
    expect(totals()).toEqual({
      'Taxable value': '₹1,002.00',
      CGST: '₹90.18',
      SGST: '₹90.18',
      Total: '₹1,182.36',
    });
    expect(screen.getByTestId('line-1-amount').textContent).toBe('Taxable ₹1,002.00 + GST ₹180.36 = ₹1,182.36');

    // Line 2: 1 × ₹1,00,000 at 28%.
    await user.click(screen.getByRole('button', { name: 'Add part' }));
    await user.type(screen.getByRole('textbox', { name: 'Unit cost of part 2' }), '100000');
    await user.click(screen.getByRole('combobox', { name: 'GST rate of part 2' }));
    await user.click(await screen.findByRole('option', { name: '28%' }));
    expect(totals()).toEqual({
      'Taxable value': '₹1,01,002.00',
      CGST: '₹14,090.18',
      SGST: '₹14,090.18',
      Total: '₹1,29,182.36',
    });
    expect(screen.getByText('Supplier in your state: CGST and SGST')).toBeTruthy();

    // A supplier registered in Tamil Nadu: the same tax as IGST.
    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Chennai Filters' }));
    await waitFor(() => expect(screen.getByText('Supplier in another state: IGST')).toBeTruthy());
    expect(totals()).toEqual({ 'Taxable value': '₹1,01,002.00', IGST: '₹28,180.36', Total: '₹1,29,182.36' });
  });

  it('refuses a cost that is not rupees on its field, and sends nothing', async () => {
    const calls = stubApi();
    const { user } = renderWithApp(<PurchaseForm businessState="29" onSaved={vi.fn()} onCancel={vi.fn()} />);
    const cost = screen.getByRole('textbox', { name: 'Unit cost of part 1' });
    await user.type(cost, '12.345');
    // Not yet a rupee amount: it counts as nothing.
    expect(totals().Total).toBe('₹0.00');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Enter an amount in rupees, such as 1250 or 1250.50')).toBeTruthy();
    expect(cost.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
