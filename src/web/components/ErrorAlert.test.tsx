/**
 * One message when the server goes away (issue 33): while AquaDesk does not answer, the layout's
 * "Can't reach AquaDesk" notice speaks and a load that failed for that reason says nothing; an
 * answer from the server (its own message) is still shown.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { markUnreachable, resetConnectivityForTests, whilePhoneRead } from '#web/lib/connectivity.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { renderWithApp } from './testing/render.tsx';
import { UNREACHABLE_GRACE_MS, UnreachableNotice } from './Unreachable.tsx';

afterEach(() => resetConnectivityForTests());

/** The layout's notice above a page's load error, as AppLayout draws them. */
const Page = ({ error }: { error?: unknown }) => (
  <>
    <UnreachableNotice />
    <ErrorAlert message="Failed to load data" error={error} onRetry={() => {}} />
  </>
);

describe('ErrorAlert while AquaDesk does not answer', () => {
  it('leaves the failed load to the Can’t reach AquaDesk notice: one message, one Retry', async () => {
    renderWithApp(<Page error={new ApiError(0, 'NETWORK', 'No connection to AquaDesk. Check your network.')} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load data');

    act(() => markUnreachable());
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain("Can't reach AquaDesk");
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('Failed to load data')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
  });

  it('defers a load error given without its cause too', async () => {
    renderWithApp(<Page />);
    act(() => markUnreachable());
    await screen.findByText("Can't reach AquaDesk");
    expect(screen.queryByText('Failed to load data')).toBeNull();
  });

  it("still shows the server's own answer", async () => {
    renderWithApp(<Page error={new ApiError(403, 'FORBIDDEN', 'You cannot see this region')} />);
    act(() => markUnreachable());
    await screen.findByText("Can't reach AquaDesk");
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByText('Failed to load data')).toBeTruthy();
  });
});

describe('the notice waits for a copy the phone is still reading', () => {
  it('is not drawn while a read that the phone may answer runs, however long it takes', async () => {
    let finish: () => void = () => {};
    const reading = whilePhoneRead(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithApp(<UnreachableNotice />);
    act(() => markUnreachable());
    // Twice the grace with the read still running: nothing alarming on screen.
    await act(() => new Promise((r) => setTimeout(r, UNREACHABLE_GRACE_MS * 2)));
    expect(screen.queryByText("Can't reach AquaDesk")).toBeNull();
    // The read ends with no copy: after the grace, the notice.
    act(() => finish());
    await reading;
    expect(await screen.findByText("Can't reach AquaDesk", {}, { timeout: UNREACHABLE_GRACE_MS * 3 })).toBeTruthy();
  });
});
