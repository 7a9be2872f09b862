/**
 * A unit's "Water quality" section (issue 36) over a stubbed API: the readings newest first with
 * their rejection and the chips of what breaks IS 10500, and "No readings yet". The chart is its
 * own lazy chunk (ReadingsChart, @mui/x-charts: no layout in jsdom), stood in for here.
 */
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadingItem } from '#shared/contracts/readings.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { UnitReadings } from './UnitReadings.tsx';

vi.mock('./ReadingsChart.tsx', () => ({
  default: ({ readings }: { readings: readonly ReadingItem[] }) => (
    <div role="img" aria-label={`chart of ${readings.length}`} />
  ),
}));

const reading = (id: string, takenAt: string, r: Partial<ReadingItem>): ReadingItem => ({
  id,
  requestId: `req-${id}`,
  ticketNumber: `SR-00012${id}`,
  unitId: 'u1',
  tdsIn: 400,
  tdsOut: 30,
  ph: null,
  hardness: null,
  rejectionPercent: 92.5,
  flags: [],
  takenAt,
  technician: { id: 't1', name: 'Arun' },
  ...r,
});

function stubReadings(list: ReadingItem[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url) === '/api/units/u1/readings'
        ? new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('{"code":"NOT_FOUND","message":"Not found"}', { status: 404 }),
    ),
  );
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section aria-label={title}>{children}</section>
);

afterEach(() => vi.unstubAllGlobals());

describe('UnitReadings', () => {
  it('lists the readings newest first with their rejection and flag chips, under the chart', async () => {
    stubReadings([
      reading('1', '2026-03-02T05:00:00.000Z', { ph: 7.1, hardness: 120 }),
      reading('2', '2026-06-10T06:30:00.000Z', {
        tdsIn: 900,
        tdsOut: 640,
        ph: 9.1,
        rejectionPercent: 28.9,
        flags: ['TDS_OUT_HIGH', 'PH_OUT_OF_RANGE'],
      }),
    ]);
    renderWithApp(<UnitReadings unitId="u1" Section={Section} />);

    const table = await screen.findByRole('table', { name: 'Water readings' });
    expect(screen.getByRole('region', { name: 'Water quality' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'chart of 2' })).toBeTruthy();
    const [newest, oldest] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('SR-000122')).toBeTruthy();
    expect(within(newest).getByText('640')).toBeTruthy();
    expect(within(newest).getByText('28.9%')).toBeTruthy();
    expect(within(newest).getByText('TDS above 500')).toBeTruthy();
    expect(within(newest).getByText('pH out of range')).toBeTruthy();
    expect(within(oldest).getByText('92.5%')).toBeTruthy();
    expect(within(oldest).queryByText('TDS above 500')).toBeNull();
  });

  it('says "No readings yet" when the unit has none', async () => {
    stubReadings([]);
    renderWithApp(<UnitReadings unitId="u1" Section={Section} />);
    expect(await screen.findByText('No readings yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
