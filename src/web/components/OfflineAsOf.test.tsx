/**
 * "Offline, as of …" (issue 33, issue 39's van-parts finding): a screen still showing the server's
 * last answer when AquaDesk stops answering says so, as of when the answer came, and the layout's
 * "Can't reach AquaDesk" notice stays away; with the server answering, nothing is shown.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { markUnreachable, resetConnectivityForTests } from '#web/lib/connectivity.ts';
import { OfflineAsOf } from './OfflineAsOf.tsx';
import { renderWithApp } from './testing/render.tsx';
import { UNREACHABLE_GRACE_MS, UnreachableNotice } from './Unreachable.tsx';

afterEach(() => resetConnectivityForTests());

// 10:42 in India.
const CAME_AT = Date.parse('2026-11-29T05:12:00Z');

describe('OfflineAsOf', () => {
  it('shows the server’s last answer as of when it came once AquaDesk stops answering, without the notice', async () => {
    renderWithApp(
      <>
        <UnreachableNotice />
        <OfflineAsOf since={null} shownAt={CAME_AT} />
      </>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => markUnreachable());
    expect((await screen.findByRole('status')).textContent).toMatch(/Offline, as of 10:42/i);
    await act(() => new Promise((r) => setTimeout(r, UNREACHABLE_GRACE_MS + 200)));
    expect(screen.queryByText("Can't reach AquaDesk")).toBeNull();
  });

  it('says nothing while the server answers, and nothing offline without an answer on screen', async () => {
    renderWithApp(<OfflineAsOf since={null} shownAt={0} />);
    act(() => markUnreachable());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
