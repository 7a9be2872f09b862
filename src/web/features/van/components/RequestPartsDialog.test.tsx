/**
 * Request parts (issue 37) over the real offline queue (fake-indexeddb) and a stubbed `fetch`:
 * without signal the request is kept on the phone as the technician's own 'partRequest' item in
 * the van's lane ("Saved on this phone"); when the signal returns it is sent once, with its
 * Idempotency-Key, the phone's time and only the part ids and quantities the API takes.
 */
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '#shared/contracts/auth.ts';
import type { VanAnswer } from '#shared/contracts/stock.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { resetConnectivityForTests } from '#web/lib/connectivity.ts';
import { queue } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { RequestPartsDialog } from './RequestPartsDialog.tsx';
// What app/offline-actions.ts loads in the app: how a queued part request is sent.
import '../offline-actions.ts';

const tech: AuthUser = {
  id: 'tech-7',
  name: 'Arun Technician',
  email: 'arun@demo.test',
  phone: null,
  roleId: 'r-tech',
  role: { name: 'Technician' },
  policyRole: 'Technician',
  regionId: 'region-1',
  region: null,
  status: 'ACTIVE',
  locale: null,
};

const membrane = { id: '11111111-1111-4111-8111-111111111111', sku: 'MEM-80', name: 'RO membrane 80 GPD', unit: 'PCS' };
const filter = { id: '22222222-2222-4222-8222-222222222222', sku: 'SED-10', name: 'Sediment filter 10"', unit: 'PCS' };
const part = (p: typeof membrane) => ({
  ...p,
  kind: 'OTHER',
  hsnCode: null,
  gstRate: 18,
  pricePaise: 150000,
  costPaise: null,
  products: [],
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
});

const van: VanAnswer = {
  location: { id: 'van-7', kind: 'VAN', name: 'Arun van', regionId: 'region-1', technicianId: 'tech-7', active: true },
  stock: [{ part: { ...membrane, unit: 'PCS' }, onHand: -1 }],
  pending: [],
};

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

/** The API: the catalogue answers; the part request fails with no signal while `offline.now`. */
function stubServer(offline: { now: boolean }): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/parts')) {
        return new Response(JSON.stringify([part(membrane), part(filter)]), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-total-count': '2' },
        });
      }
      if (offline.now) throw new TypeError('Failed to fetch');
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return new Response(JSON.stringify({ id: 'transfer-1', status: 'REQUESTED' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

beforeAll(() => session.set(tech, 'token-arun'));
afterAll(() => session.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  resetConnectivityForTests();
});

describe('RequestPartsDialog', () => {
  it('keeps a request made without signal on the phone, then sends it once with its key and time', async () => {
    const offline = { now: true };
    const sent = stubServer(offline);
    const onClose = vi.fn();
    const { user } = renderWithApp(<RequestPartsDialog open onClose={onClose} van={van} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request parts' });
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    expect(send.hasAttribute('disabled')).toBe(true);

    // The van's part first, with what the van shows (negative here), then the catalogue's.
    await user.type(within(dialog).getByRole('combobox', { name: 'Add a part' }), 'sed');
    await user.click(await screen.findByRole('option', { name: /Sediment filter 10"/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Add a part' }));
    await user.click(await screen.findByRole('option', { name: /RO membrane 80 GPD.*In your van: -1/ }));
    const qty = within(dialog).getByRole('spinbutton', { name: 'Quantity of Sediment filter 10"' });
    await user.clear(qty);
    await user.type(qty, '3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note for the store (optional)' }), 'For Monday');
    await user.click(send);

    expect(await screen.findByText('Saved on this phone. Sent when back online.')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [item, ...more] = await queue().items();
    expect(more).toEqual([]);
    expect(item).toMatchObject({
      taskId: 'van',
      ownerId: 'tech-7',
      state: 'failed',
      action: {
        kind: 'partRequest',
        requestId: 'van',
        note: 'For Monday',
        lines: [
          { partId: filter.id, sku: 'SED-10', name: 'Sediment filter 10"', quantity: 3 },
          { partId: membrane.id, sku: 'MEM-80', name: 'RO membrane 80 GPD', quantity: 1 },
        ],
      },
    });
    expect(sent).toEqual([]);

    // The signal is back: sent once, then nothing waits.
    offline.now = false;
    await queue().run(true);
    expect(sent).toEqual([
      {
        url: '/api/stock/part-requests',
        method: 'POST',
        headers: expect.objectContaining({ 'Idempotency-Key': item?.key }),
        body: {
          lines: [
            { partId: filter.id, quantity: 3 },
            { partId: membrane.id, quantity: 1 },
          ],
          note: 'For Monday',
          clientTime: item?.clientTime,
        },
      },
    ]);
    expect(await queue().items()).toEqual([]);
  });
});
