/**
 * Phone navigation (issue 33 item 8, ADR 036): below md the technician navigates with a bottom
 * bar holding their menu, every other role with the top bar's menu button and its drawer; wide
 * screens keep the permanent drawer. Nothing floats over the page. And the greeting shows once
 * on the dashboard (item 10): its heading greets, the top bar does not repeat it.
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '#shared/domain/permissions.ts';
import { ROLE, SYSTEM_ROLES, type SystemRole } from '#shared/domain/roles.ts';
import { theme } from '#web/app/theme.ts';
import { testQueryClient } from '#web/components/testing/render.tsx';
import { BOTTOM_NAV_VAR } from '../touch.ts';
import { AppLayout } from './AppLayout.tsx';
import { usesBottomNav } from './nav-mode.ts';

const signedIn = vi.hoisted(() => ({ role: 'Technician' as string }));
vi.mock('#web/lib/auth.tsx', () => ({
  useAuth: () => ({
    user: { id: 'u1', name: 'Suresh Technician', role: { name: signedIn.role } },
    policyRole: signedIn.role,
    logout: async () => {},
  }),
}));
// The bell's count and its live stream are the notifications feature's business.
vi.mock('#web/features/notifications/api/unread-count.ts', () => ({ useUnreadCount: () => ({ count: 0 }) }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The window's width as MUI's useMediaQuery asks it (md is 900 px). */
function windowWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || px >= Number(min[1])) && (!max || px <= Number(max[1]));
    return {
      matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    } as unknown as MediaQueryList;
  });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ serviceName: 'Blue Water Service', demo: false })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const PAGES = [
  '/dashboard',
  '/technician/my-tasks',
  '/technician/task-history',
  '/service-requests/create',
  '/notifications',
];

/** The signed-in layout around a page that says where it is, as the router puts it. */
function openApp(role: SystemRole, { width, at = '/dashboard' }: { width: number; at?: string }) {
  signedIn.role = role;
  windowWidth(width);
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: PAGES.map((path) => ({ path, element: <h1>Page {path}</h1> })) }],
    { initialEntries: [at] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return userEvent.setup({ delay: null });
}

const menuNames = (role: SystemRole) => menuFor(role).map((item) => item.label);

describe('which roles get the bottom navigation bar', () => {
  it('the technician only, whose menu has between 2 and 5 items', () => {
    expect(SYSTEM_ROLES.filter((role) => usesBottomNav(role))).toEqual([ROLE.TECHNICIAN]);
    // Dashboard, New Service, My Tasks, Task History and My Van (issue 37): the most a bar takes.
    expect(menuFor(ROLE.TECHNICIAN)).toHaveLength(5);
    expect(usesBottomNav(null)).toBe(false);
  });
});

describe('on a 360 px phone', () => {
  it('the technician has a bottom bar with their menu, the current page marked, and no menu button', async () => {
    const user = openApp(ROLE.TECHNICIAN, { width: 360, at: '/technician/my-tasks' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'New Service',
      'My Tasks',
      'Task History',
      'My Van',
    ]);
    expect(within(nav).getByRole('link', { name: 'My Tasks' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('button', { name: 'open navigation' })).toBeNull();
    // The bar is fixed at the foot of the screen, and the page keeps room for it.
    expect(getComputedStyle(nav).position).toBe('fixed');
    expect(document.documentElement.style.getPropertyValue(BOTTOM_NAV_VAR)).toContain('72px');

    await user.click(within(nav).getByRole('link', { name: 'Task History' }));
    expect((await screen.findByRole('heading', { name: 'Page /technician/task-history' })).isConnected).toBe(true);
    expect(within(nav).getByRole('link', { name: 'Task History' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'My Tasks' }).getAttribute('aria-current')).toBeNull();
  });

  for (const role of SYSTEM_ROLES.filter((r) => r !== ROLE.TECHNICIAN)) {
    it(`${role}: the top bar's menu button opens the drawer, which closes after a choice`, async () => {
      const user = openApp(role, { width: 360 });
      const banner = screen.getByRole('banner');
      const button = within(banner).getByRole('button', { name: 'open navigation' });
      // No navigation on screen until asked for, and no bottom bar.
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(document.documentElement.style.getPropertyValue(BOTTOM_NAV_VAR)).toBe('');

      await user.click(button);
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(menuNames(role));
      await user.click(within(nav).getByRole('link', { name: 'New Service' }));
      expect((await screen.findByRole('heading', { name: 'Page /service-requests/create' })).isConnected).toBe(true);
      await waitFor(() => expect(screen.queryByRole('navigation')).toBeNull());
    });
  }

  it('the top bar shows the service name, not a greeting (the dashboard greets)', async () => {
    openApp(ROLE.SERVICE_MANAGER, { width: 360 });
    const banner = screen.getByRole('banner');
    expect((await within(banner).findByText('Blue Water Service')).isConnected).toBe(true);
    expect(banner.textContent).not.toContain('Welcome back');
  });
});

describe('on a wide screen (1280 px)', () => {
  for (const role of [ROLE.TECHNICIAN, ROLE.SERVICE_MANAGER]) {
    it(`${role}: the permanent drawer, no bottom bar and no menu button`, async () => {
      openApp(role, { width: 1280 });
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(menuNames(role));
      expect(screen.getAllByRole('navigation')).toHaveLength(1);
      expect(getComputedStyle(nav).position).not.toBe('fixed');
      expect(screen.queryByRole('button', { name: 'open navigation' })).toBeNull();
      expect(document.documentElement.style.getPropertyValue(BOTTOM_NAV_VAR)).toBe('');
    });
  }

  it('the top bar greets on every page but the dashboard, whose heading greets', async () => {
    openApp(ROLE.TECHNICIAN, { width: 1280, at: '/notifications' });
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('Welcome back, Suresh Technician');
    await userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Dashboard' }));
    expect((await screen.findByRole('heading', { name: 'Page /dashboard' })).isConnected).toBe(true);
    expect(banner.textContent).not.toContain('Welcome back');
  });
});
