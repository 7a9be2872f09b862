/**
 * New Service Request keeps what was typed (issue 33): leaving asks first, the form comes back
 * with "Draft restored", Discard empties it, and the draft is the signed-in user's only (gone on
 * sign-out, not shown to another user). Over a stubbed API, in a data router as in the app.
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '#shared/domain/roles.ts';
import { theme } from '#web/app/theme.ts';
import { testQueryClient } from '#web/components/testing/render.tsx';
import { ToastProvider } from '#web/components/toast.tsx';
import { readDraft } from '#web/lib/drafts.ts';
import { forgetOnSignOut } from '#web/lib/offline/sign-out.ts';
import RequestCreatePage, { CREATE_DRAFT } from './RequestCreatePage.tsx';

const signedIn = vi.hoisted(() => ({ id: 'u1' }));
vi.mock('#web/lib/auth.tsx', () => ({
  useAuth: () => ({ user: { id: signedIn.id, regionId: null }, policyRole: ROLE.SUPER_ADMIN }),
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  signedIn.id = 'u1';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      json(url.startsWith('/api/regions') ? [{ id: 'r1', name: 'Chennai', createdAt: '2026-11-01T04:30:00Z' }] : []),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

/** The form under a menu with one other page, as in the app's layout. */
function openApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/dashboard">Dashboard</Link>
            <Link to="/service-requests/create">New Service</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/service-requests/create', element: <RequestCreatePage /> },
          { path: '/dashboard', element: <h1>Dashboard</h1> },
        ],
      },
    ],
    { initialEntries: ['/service-requests/create'] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={testQueryClient()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return userEvent.setup({ delay: null });
}

const description = () => screen.findByRole('textbox', { name: /Description/ });

describe('New Service Request drafts', () => {
  it('asks before leaving, keeps the draft, restores it and discards it', async () => {
    const user = openApp();
    await user.type(await description(), 'RO leaks under the sink');
    expect(screen.queryByText(/Draft restored/)).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this form?' });
    await user.click(within(ask).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Dashboard' });

    await user.click(screen.getByRole('link', { name: 'New Service' }));
    expect(((await description()) as HTMLTextAreaElement).value).toBe('RO leaks under the sink');
    const note = await screen.findByRole('alert');
    expect(note.textContent).toContain('Draft restored');

    await user.click(within(note).getByRole('button', { name: 'Discard' }));
    expect(((await description()) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText(/Draft restored/)).toBeNull();
    // Nothing typed now: leaving does not ask.
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Stay keeps the form as it is', async () => {
    const user = openApp();
    await user.type(await description(), 'Filter change');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this form?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(((await description()) as HTMLTextAreaElement).value).toBe('Filter change');
  });

  it('shows a draft to its owner only, and forgets it on sign-out', async () => {
    const first = openApp();
    await first.type(await description(), 'Filter change');
    cleanup();

    signedIn.id = 'u2';
    openApp();
    expect(((await description()) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText(/Draft restored/)).toBeNull();
    cleanup();
    expect(readDraft('u1', CREATE_DRAFT)).toMatchObject({
      values: { description: 'Filter change' },
    });

    signedIn.id = 'u1';
    await forgetOnSignOut('u1');
    openApp();
    expect(((await description()) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText(/Draft restored/)).toBeNull();
  });
});
