/**
 * The Stock page's on-hand list (issue 37 item 7) over a stubbed API: the rows of the server's page
 * in a named table, negative and low stock marked in words, the Low stock filter asked of the
 * server, and a count adjusted from its row with a signed quantity and a reason.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StockLocationItem, StockRow } from '#shared/contracts/stock.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { i18n } from '#web/i18n/index.ts';
import StockPage from './StockPage.tsx';

vi.mock('#web/lib/auth.tsx', () => ({
  useAuth: () => ({ user: { id: 'u1', regionId: 'r1' }, policyRole: 'Service Manager' }),
}));

const store: StockLocationItem = {
  id: '7d6e3f1a-0000-4000-8000-000000000001',
  kind: 'STORE',
  name: 'Chennai Store',
  regionId: 'r1',
  active: true,
};
const van: StockLocationItem = {
  id: '7d6e3f1a-0000-4000-8000-000000000002',
  kind: 'VAN',
  name: 'Ravi Kumar van',
  regionId: 'r1',
  technicianId: 'tech1',
  active: true,
};
const membrane = {
  id: '5b0c2a9e-0000-4000-8000-000000000001',
  sku: 'MEM-75',
  name: 'RO membrane 75 GPD',
  unit: 'PCS' as const,
};
const rows: StockRow[] = [
  { location: store, part: membrane, onHand: 3, reorderLevel: 5, low: true },
  { location: van, part: membrane, onHand: -2, reorderLevel: null, low: false },
];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function stubApi() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/stock-locations') return json(200, [store, van]);
      if (url.startsWith('/api/stock?')) {
        const low = new URL(url, 'http://x').searchParams.get('low') === 'true';
        const page = low ? rows.filter((r) => r.low) : rows;
        return json(200, page, { 'x-total-count': String(page.length) });
      }
      if (url === '/api/stock/adjustments' && method === 'POST') return json(201, {});
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

beforeAll(async () => {
  await i18n.loadNamespaces('stock');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StockPage', () => {
  it('lists on-hand stock with low and negative marked, and asks the server for the Low stock list', async () => {
    const calls = stubApi();
    const { user } = renderWithApp(<StockPage />, { route: '/stock' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Stock on hand' });
    const [, storeRow, vanRow] = within(table).getAllByRole('row');
    expect(within(storeRow as HTMLElement).getByText('3 pcs')).toBeTruthy();
    expect(within(storeRow as HTMLElement).getByText('Low')).toBeTruthy();
    expect(within(vanRow as HTMLElement).getByText('-2 pcs')).toBeTruthy();
    expect(within(vanRow as HTMLElement).getByText('Negative')).toBeTruthy();
    // A store's reorder level is set from its row; a van has none to set.
    expect(
      within(storeRow as HTMLElement).getByRole('button', {
        name: 'Set the reorder level of RO membrane 75 GPD at Chennai Store',
      }),
    ).toBeTruthy();
    expect(within(vanRow as HTMLElement).queryByRole('button', { name: /reorder level/ })).toBeNull();

    const low = screen.getByRole('button', { name: 'Low stock' });
    await user.click(low);
    expect(low.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.some((c) => c.url.startsWith('/api/stock?') && c.url.includes('low=true'))).toBe(true);
  });

  it('adjusts a count from its row: the signed change and the reason go to the ledger', async () => {
    const calls = stubApi();
    const { user } = renderWithApp(<StockPage />, { route: '/stock' });
    await user.click(await screen.findByRole('button', { name: 'Adjust RO membrane 75 GPD at Ravi Kumar van' }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust stock' });
    expect(within(dialog).getByText('MEM-75 · RO membrane 75 GPD at Ravi Kumar van: -2 pcs on hand')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Change' }), '2');
    expect(within(dialog).getByText('On hand after: 0 pcs')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Found 2 in the van');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/stock/adjustments',
      body: { locationId: van.id, partId: membrane.id, quantity: 2, reason: 'Found 2 in the van' },
    });
  });
});
