/**
 * The Complete Work dialog's parts (features/units, slotted into the requests feature's panel by
 * the app): the request's own unit offered first, and the body fields handed up after each change,
 * only what was filled in (the words maintenance.spec.ts selects on).
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompletionExtras, UnitItem } from '#shared/contracts/units.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { CompletionParts } from './CompletionParts.tsx';

function unit(id: string, brand: string, name: string): UnitItem {
  const row = (partId: string, part: string) => ({
    id: `${id}-${partId}`,
    partId,
    contractId: null,
    name: part,
    intervalMonths: 6,
    lastChangedOn: '2025-11-01',
    nextDueOn: '2026-05-01',
    state: 'OVERDUE' as const,
  });
  return {
    id,
    customerId: 'c1',
    customer: { id: 'c1', name: 'Lakshmi', primaryPhone: '9876543210', regionId: 'r1', regionName: 'Chennai' },
    productId: `p-${id}`,
    product: { id: `p-${id}`, name, brand, technology: 'RO' },
    serialNumber: `SN-${id}`,
    installedOn: '2025-11-01',
    locationNote: null,
    status: 'ACTIVE',
    warrantyEndsOn: '2026-11-01',
    nextDueOn: '2026-05-01',
    state: 'OVERDUE',
    schedule: [row(`${id}-sed`, 'Sediment filter'), row(`${id}-ro`, 'RO membrane')],
    createdAt: '2025-11-01T04:30:00.000Z',
    publicCode: `code-${id}`.padEnd(24, 'x'),
    publicUrl: null,
  };
}

function stubUnits(units: UnitItem[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).startsWith('/api/customers/c1/units')
        ? new Response(JSON.stringify(units), {
            status: 200,
            headers: { 'content-type': 'application/json', 'x-total-count': String(units.length) },
          })
        : new Response('{"code":"NOT_FOUND","message":"Not found"}', { status: 404 }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CompletionParts', () => {
  it("offers the request's own unit first and hands up the parts ticked on it", async () => {
    stubUnits([unit('u1', 'Neervana', 'Pure 8 L'), unit('u2', 'Kaveri', 'Flow 12 L')]);
    const fields: CompletionExtras[] = [];
    const { user } = renderWithApp(<CompletionParts customerId="c1" unitId="u2" onChange={(f) => fields.push(f)} />);
    const group = await screen.findByRole('group', { name: 'Parts replaced on the Kaveri Flow 12 L' });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Sediment filter' }));
    expect(fields.at(-1)).toEqual({ unitId: 'u2', partsReplaced: ['u2-sed'] });
    await user.click(screen.getByRole('checkbox', { name: 'Sediment filter' }));
    // Nothing ticked: nothing to send.
    expect(fields.at(-1)).toEqual({});
  });

  it("chooses a customer's only unit by itself", async () => {
    stubUnits([unit('u1', 'Neervana', 'Pure 8 L')]);
    const fields: CompletionExtras[] = [];
    const { user } = renderWithApp(<CompletionParts customerId="c1" onChange={(f) => fields.push(f)} />);
    await screen.findByRole('group', { name: 'Parts replaced on the Neervana Pure 8 L' });
    await user.click(screen.getByRole('checkbox', { name: 'RO membrane' }));
    await waitFor(() => expect(fields.at(-1)).toEqual({ unitId: 'u1', partsReplaced: ['u1-ro'] }));
  });
});
