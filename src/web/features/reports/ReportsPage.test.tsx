/**
 * The Reports page (issue 38) over a stubbed API: the URL's filters become the API's query (a
 * custom range, the region; groupBy only for a report with periods), the technicians' table shows
 * every row and a Total row in Indian grouping, and switching report or period rewrites the URL.
 * The chart is its own lazy chunk (ReportChart, @mui/x-charts: no layout in jsdom), stood in for.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportAnswer } from '#shared/contracts/reports.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { i18n } from '#web/i18n/index.ts';
import type { ChartSpec } from './components/chart-spec.ts';
import ReportsPage from './ReportsPage.tsx';

vi.mock('./components/ReportChart.tsx', () => ({
  default: ({ spec }: { spec: ChartSpec }) => (
    <div role="img" aria-label={spec.title}>
      {spec.categories.join(', ')}
    </div>
  ),
}));

vi.mock('#web/lib/auth.tsx', () => ({
  useAuth: () => ({ user: { id: 'u1', regionId: null, region: null }, policyRole: 'Super Admin' }),
}));

const CHENNAI = '0b7c2f1e-0000-4000-8000-000000000001';

const technicians: ReportAnswer<'technicians'> = {
  rows: [
    {
      technicianId: 't1',
      technicianName: 'Suresh Technician',
      jobsCompleted: 120000,
      minutesOnSite: 90,
      workingDays: 20,
      jobsPerWorkingDay: 6000,
      firstTimeFixed: 100000,
      firstTimeFixRate: 83.3,
    },
    {
      technicianId: 't2',
      technicianName: 'Arun Technician',
      jobsCompleted: 3,
      minutesOnSite: 3000,
      workingDays: 2,
      jobsPerWorkingDay: 1.5,
      firstTimeFixed: 3,
      firstTimeFixRate: 100,
    },
  ],
  totals: {
    jobsCompleted: 120003,
    minutesOnSite: 3090,
    workingDays: 22,
    jobsPerWorkingDay: 5454.68,
    firstTimeFixed: 100003,
    firstTimeFixRate: 83.3,
  },
};

const stage = { median: null, p90: null };
const turnaround: ReportAnswer<'turnaround'> = {
  rows: [],
  totals: {
    completed: 0,
    raisedToApproved: stage,
    approvedToAssigned: stage,
    assignedToStarted: stage,
    startedToCompleted: stage,
    whole: stage,
  },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/regions') return json([{ id: CHENNAI, name: 'Chennai' }]);
      if (url.startsWith('/api/reports/technicians?')) return json(technicians);
      if (url.startsWith('/api/reports/turnaround?')) return json(turnaround);
      return new Response('{"code":"NOT_FOUND","message":"Not found"}', { status: 404 });
    }),
  );
  return calls;
}

/** The router's location, written out so a test can read the URL the page keeps. */
function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

beforeAll(async () => {
  await i18n.loadNamespaces('reports');
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportsPage', () => {
  it('asks for the URL’s report, range and region, and shows its table with totals in Indian grouping', async () => {
    const calls = stubApi();
    const { user } = renderWithApp(
      <>
        <ReportsPage />
        <Where />
      </>,
      { route: `/reports?report=technicians&range=custom&from=2026-10-01&to=2026-10-31&region=${CHENNAI}` },
    );
    const table = await screen.findByRole('table', { name: 'Technicians' });
    const asked = new URL(calls.find((u) => u.startsWith('/api/reports/technicians?')) ?? '', 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ from: '2026-10-01', to: '2026-10-31', regionId: CHENNAI });

    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4); // the header, two technicians, the totals
    expect(within(rows[1] as HTMLElement).getByText('Suresh Technician')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('1,20,000')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('83.3%')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('1.5 h')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('50 h')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByRole('rowheader', { name: 'Total' })).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('1,20,003')).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: 'Jobs completed and fixed first time, per technician' }),
    ).toBeTruthy();
    // The region's name, not its id, once the regions are in; no groupBy for a report of people.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Region' }).textContent).toBe('Chennai'));
    expect(screen.queryByRole('combobox', { name: 'Group by' })).toBeNull();

    // Another report keeps the range and region, and asks with the range's grouping (weeks for a month).
    await user.click(screen.getByRole('tab', { name: 'Turnaround' }));
    expect(await screen.findByText('No request was completed in this period')).toBeTruthy();
    const next = new URL(calls.find((u) => u.startsWith('/api/reports/turnaround?')) ?? '', 'http://x');
    expect(next.searchParams.get('groupBy')).toBe('week');
    expect(next.searchParams.get('from')).toBe('2026-10-01');
    const search = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(search.get('report')).toBe('turnaround');
    expect(search.get('region')).toBe(CHENNAI);

    // A preset forgets the custom days: the URL names it, not its dates.
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Last month' }));
    await waitFor(() => {
      const after = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
      expect(after.get('range')).toBe('lastMonth');
      expect(after.has('from')).toBe(false);
    });
  });
});
