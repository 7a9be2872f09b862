/**
 * The parts a visit used on the request's details (issue 37): each part with its quantity, its
 * price in rupees with Indian grouping and who pays; the chargeable total leaves out what the AMC
 * covers and the free-text parts without a price; nothing at all when the details list no parts.
 */
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { RequestPartItem } from '#shared/contracts/stock.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { RequestPartsUsed } from './RequestPartsUsed.tsx';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section aria-label={title}>{children}</section>
);

const parts: RequestPartItem[] = [
  { partId: 'p-1', sku: 'MEM-80', name: 'RO membrane 80 GPD', quantity: 1, covered: true, pricePaise: 245000 },
  { partId: 'p-2', sku: 'PUMP-100', name: 'Booster pump 100 GPD', quantity: 2, covered: false, pricePaise: 6225050 },
  { partId: null, sku: null, name: 'Tap washer', quantity: 1, covered: false, pricePaise: null },
];

describe('RequestPartsUsed', () => {
  it('lists each part with its price and who pays, and the chargeable total', async () => {
    renderWithApp(<RequestPartsUsed parts={parts} Section={Section} />);
    const card = await screen.findByRole('region', { name: 'Parts used' });
    const text = card.textContent ?? '';
    expect(within(card).getByText('RO membrane 80 GPD')).toBeTruthy();
    expect(within(card).getByText('Covered by AMC')).toBeTruthy();
    expect(within(card).getAllByText('Chargeable')).toHaveLength(2);
    expect(text).toContain('₹62,250.50');
    expect(text).toContain('No price');
    // 2 × ₹62,250.50 chargeable; the membrane is the AMC's, the washer has no price.
    expect(within(card).getByTestId('parts-chargeable').textContent).toBe('Chargeable total: ₹1,24,501.00');
  });

  it('draws nothing when the visit used no part', () => {
    const { container } = renderWithApp(<RequestPartsUsed parts={[]} Section={Section} />);
    expect(container.textContent).toBe('');
  });
});
