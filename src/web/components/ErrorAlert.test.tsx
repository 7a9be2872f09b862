/**
 * One message when the server goes away (issue 33): while AquaDesk does not answer, the layout's
 * "Can't reach AquaDesk" notice speaks and a load that failed for that reason says nothing; an
 * answer from the server (its own message) is still shown.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { markUnreachable, resetConnectivityForTests } from '#web/lib/connectivity.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { renderWithApp } from './testing/render.tsx';
import { UnreachableNotice } from './Unreachable.tsx';

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
