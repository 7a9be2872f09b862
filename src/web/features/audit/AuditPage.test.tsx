/**
 * The Audit Log in words people use (issue 33) over a stubbed API: each action as a sentence in
 * English (India), each record a link to its page only where a Sales Admin may open it, a record
 * deleted since by its recorded name without a link, and an unknown action as its raw key.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import AuditPage from './AuditPage.tsx';

vi.mock('#web/lib/auth.tsx', () => ({ useAuth: () => ({ policyRole: 'Sales Admin' }) }));

const base: AuditEntry = {
  id: 0,
  at: '2026-11-27T20:30:00.000Z',
  actorId: 'a1',
  actorName: 'Asha Admin',
  actorEmail: 'asha@example.in',
  action: 'auth.login',
  entityType: null,
  entityId: null,
  ip: '10.0.0.1',
  outcome: 'ok',
  details: null,
  requestId: null,
  ticketNumber: null,
  technicianName: null,
  recordName: null,
  unitSerial: null,
};
const rows: AuditEntry[] = [
  { ...base, id: 1 },
  { ...base, id: 2, action: 'auth.login', outcome: 'failed' },
  {
    ...base,
    id: 3,
    action: 'request.assign',
    entityType: 'service_request',
    entityId: 'r-7',
    requestId: 'r-7',
    ticketNumber: 'SR-000007',
    technicianName: 'Suresh',
  },
  { ...base, id: 4, action: 'customer.update', entityType: 'customer', entityId: 'c-1', recordName: 'Kumar Traders' },
  { ...base, id: 5, action: 'unit.create', entityType: 'unit', entityId: 'u-1', unitSerial: 'RO-2291' },
  // A Sales Admin does not manage products: named, not linked.
  { ...base, id: 6, action: 'product.update', entityType: 'product', entityId: 'p-1', recordName: 'Smart RO 10 L' },
  // Deleted since: the name the row recorded, no link.
  {
    ...base,
    id: 7,
    action: 'customer.delete',
    entityType: 'customer',
    entityId: 'c-2',
    details: { name: 'Gone Ltd' },
  },
  { ...base, id: 8, action: 'widget.frobnicate' },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The table's row whose text has this, as an element to look inside. */
function rowWith(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('AuditPage', () => {
  it('says what was done in words and links each record the reader may open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/audit-log')
          ? new Response(JSON.stringify(rows), {
              status: 200,
              headers: { 'content-type': 'application/json', 'x-total-count': String(rows.length) },
            })
          : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderWithApp(<AuditPage />, { route: '/audit' });
    await screen.findByRole('table', { name: 'audit log' });

    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(screen.getByText('Sign-in failed: wrong e-mail or password')).toBeTruthy();
    expect(screen.queryByText('auth.login')).toBeNull();

    const linksIn = (text: string) => within(rowWith(text)).queryAllByRole('link');
    const assigned = linksIn('Assigned SR-000007 to Suresh');
    expect(assigned.length).toBeGreaterThan(0);
    for (const a of assigned) {
      expect(a.textContent).toBe('SR-000007');
      expect(a.getAttribute('href')).toBe('/service-requests/r-7');
    }
    expect(linksIn('Edited customer Kumar Traders')[0]?.getAttribute('href')).toBe('/customers/c-1');
    expect(linksIn('Installed unit RO-2291')[0]?.getAttribute('href')).toBe('/units/u-1');
    expect(within(rowWith('Edited product Smart RO 10 L')).getAllByText('Smart RO 10 L').length).toBeGreaterThan(0);
    expect(linksIn('Edited product Smart RO 10 L')).toHaveLength(0);
    expect(linksIn('Deleted customer Gone Ltd')).toHaveLength(0);
    expect(linksIn('Signed in')).toHaveLength(0);

    // An action the catalogue does not know: its raw key, not nothing.
    expect(within(rowWith('widget.frobnicate')).getByText('widget.frobnicate')).toBeTruthy();
  });
});
