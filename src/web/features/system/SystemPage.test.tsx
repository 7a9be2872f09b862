/**
 * The System page (issue 32) in English (India), over a stubbed API: the last backups with times in
 * IST and sizes in en-IN digits, a failure with its reason, the free disk space and the schedule;
 * "Back up now" by keyboard alone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupItem, BackupOverview } from '#shared/contracts/backups.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import SystemPage from './SystemPage.tsx';

const MB = 1048576;
const nightly: BackupItem = {
  id: 'b2',
  trigger: 'daily',
  status: 'succeeded',
  // 02:00 IST on 28 Nov 2026.
  startedAt: '2026-11-27T20:30:00.000Z',
  finishedAt: '2026-11-27T20:30:12.400Z',
  durationMs: 12_400,
  sizeBytes: Math.round(1234.4 * MB),
  path: '/data/backups/aquadesk-20261127-203000',
  error: null,
};
const failed: BackupItem = {
  ...nightly,
  id: 'b1',
  status: 'failed',
  startedAt: '2026-11-26T20:30:00.000Z',
  sizeBytes: 0,
  path: null,
  error: 'ENOSPC: no space left on device',
};
const overview = (items: BackupItem[]): BackupOverview => ({
  running: null,
  items,
  schedule: {
    at: '02:00',
    timeZone: 'Asia/Kolkata',
    next: '2026-11-28T20:30:00.000Z',
    keep: 14,
    dir: '/data/backups',
  },
  disk: { freeBytes: 123_456 * 1024 ** 3 * 0.01, totalBytes: 2000 * 1024 ** 3 },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(answers: { list: () => BackupOverview; backUp: () => Response }) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/system/backups' && method === 'GET') return json(200, answers.list());
      if (url === '/api/system/backups' && method === 'POST') return answers.backUp();
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SystemPage', () => {
  it('lists the last backups in IST with sizes in MB, a failure with its reason, the disk and the schedule', async () => {
    stubApi({ list: () => overview([nightly, failed]), backUp: () => json(201, nightly) });
    renderWithApp(<SystemPage />, { route: '/system' });
    expect(await screen.findByRole('heading', { level: 1, name: 'System' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Last backups' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first?.textContent).toMatch(/28 Nov 2026, 2:00\s?am/i);
    expect(within(first as HTMLElement).getByText('Succeeded')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('1,234.4 MB')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('12.4 s')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('ENOSPC: no space left on device')).toBeTruthy();
    // 1,234.6 GB of 2,000: the free space with en-IN grouping; under 10% free is not reached.
    expect(screen.getByText('1,234.6 GB free of 2,000 GB')).toBeTruthy();
    expect(screen.getByText(/^Every day at 02:00 \(Asia\/Kolkata\); next on 29 Nov 2026, 2:00\s?am$/i)).toBeTruthy();
    expect(screen.getByText('The newest 14 backups, in /data/backups')).toBeTruthy();
    expect(screen.queryByText(/Less than 10% of the disk is free/)).toBeNull();
  });

  it('"Back up now" by keyboard: posts, says so, and shows the new backup', async () => {
    let items = [failed];
    const calls = stubApi({
      list: () => overview(items),
      backUp: () => {
        items = [nightly, failed];
        return json(201, nightly);
      },
    });
    const { user } = renderWithApp(<SystemPage />, { route: '/system' });
    const button = await screen.findByRole('button', { name: 'Back up now' });
    await screen.findByRole('table', { name: 'Last backups' });
    // The button is the page's first stop for Tab.
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Backup written: 1,234.4 MB')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/system/backups', body: {} },
    ]);
    await waitFor(() => expect(screen.getAllByText('Succeeded')).toHaveLength(1));
  });
});
