/** App-wide providers: theme, server-state cache, toasts and the auth state. */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '#web/components/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { AuthProvider } from '#web/lib/auth.tsx';
import { onRecover } from '#web/lib/connectivity.ts';
import { theme } from './theme.ts';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // Client errors (404, 403, validation) do not get better by asking again.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}

const queryClient = makeQueryClient();

// AquaDesk answers again (ADR 018): every query on screen loads afresh, the failed ones first of all.
onRecover(() => {
  void queryClient.refetchQueries({ type: 'active' });
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>{children}</AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
