/**
 * The merge's confirmation (ADR 038): the counts a manager reads before merging are the sums of
 * the duplicates' (never the kept customer's own), in words with the right number of each.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DuplicateMember } from '#shared/contracts/customer-merge.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { i18n } from '#web/i18n/index.ts';
import { MergeDialog } from './MergeDialog.tsx';

await i18n.loadNamespaces('merge');

function member(id: string, name: string, counts: DuplicateMember['counts']): DuplicateMember {
  return {
    id,
    name,
    address: '5 Lake View Road, Adyar',
    primaryPhone: '9840012345',
    phoneNumbers: [],
    email: null,
    regionId: 'r1',
    region: { name: 'Chennai' },
    createdAt: '2026-01-05T04:30:00.000Z',
    reasons: ['name'],
    counts,
  };
}

describe('MergeDialog', () => {
  it('says how many customers merge into which, and what moves with them', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithApp(
      <MergeDialog
        survivor={member('s', 'Priya Raman', { requests: 7, units: 3, contracts: 2 })}
        duplicates={[
          member('a', 'Priya Ramen', { requests: 4, units: 2, contracts: 1 }),
          member('b', 'P. Raman', { requests: 1, units: 0, contracts: 0 }),
        ]}
        pending={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge customers' });
    expect(
      within(dialog).getByText('Merge 2 customers into Priya Raman: 5 requests, 2 units, 1 contract move.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Every phone number is kept. The merge can be undone for 30 days.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('speaks of one customer and one of each in the singular', async () => {
    renderWithApp(
      <MergeDialog
        survivor={member('s', 'Arun Kumar', { requests: 0, units: 0, contracts: 0 })}
        duplicates={[member('a', 'Arun Kumaar', { requests: 1, units: 1, contracts: 0 })]}
        pending
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merge customers' });
    expect(
      within(dialog).getByText('Merge 1 customer into Arun Kumar: 1 request, 1 unit, 0 contracts move.'),
    ).toBeTruthy();
    // While the merge is sent, it cannot be sent twice.
    expect(within(dialog).getByRole('button', { name: 'Merge' }).hasAttribute('disabled')).toBe(true);
  });
});
