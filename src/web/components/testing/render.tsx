/**
 * Render a component as the app does (component tests, ADR 030): the app's theme, a fresh
 * TanStack QueryClient (no retries: a failure shows at once), the toasts and a MemoryRouter.
 * i18next (en-IN) is set up once by setup.ts.
 *
 *   const { user } = renderWithApp(<RegionsPage />, { route: '/regions' });
 *   await user.click(screen.getByRole('button', { name: 'Add Region' }));
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '#web/app/theme.ts';
import { ToastProvider } from '../toast.tsx';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithApp(
  ui: ReactElement,
  { route = '/', queryClient = testQueryClient() }: { route?: string; queryClient?: QueryClient } = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
  // No pause between keystrokes: typing costs no timer per key.
  return { user: userEvent.setup({ delay: null }), queryClient, ...render(ui, { wrapper }) };
}
