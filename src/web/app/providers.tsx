/** App-wide providers: theme, server-state cache, toasts and the auth state (the public pages: the first two). */
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { ToastProvider } from '#web/components/toast.tsx';
import { fontStack } from '#web/i18n/fonts.ts';
import { LocaleSync } from '#web/i18n/LocaleSync.tsx';
import { shellText } from '#web/i18n/shell-text.ts';
import { useLocale } from '#web/i18n/use-locale.ts';
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
const TEXT_VARIANTS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'button',
  'caption',
  'overline',
] as const;

/** The theme with the language's script font first (ADR 022: Noto Sans for the Indian scripts). */
function LocalizedTheme({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const localized = useMemo(() => {
    if (locale === 'en-IN') return theme;
    // The built theme's variants carry their own fontFamily: each one gets the script's stack.
    const fontFamily = fontStack(locale);
    const variants = Object.fromEntries(TEXT_VARIANTS.map((v) => [v, { ...theme.typography[v], fontFamily }]));
    // MUI's own words (a toast's close button, a combo box's open/close/clear buttons), in the
    // language; en-IN keeps MUI's English, which is the catalogue's.
    const close = shellText('common:mui.close');
    const components = {
      MuiAlert: { defaultProps: { closeText: close } },
      MuiAutocomplete: {
        defaultProps: {
          openText: shellText('common:mui.open'),
          closeText: close,
          clearText: shellText('common:mui.clear'),
          loadingText: shellText('common:loading'),
        },
      },
    };
    return createTheme(theme, { typography: { fontFamily, ...variants }, components });
  }, [locale]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}

/** The public pages' entry (public/PublicApp.tsx): the theme and the query cache; no session. */
export function PublicProviders({ children }: { children: ReactNode }) {
  return (
    <LocalizedTheme>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </LocalizedTheme>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <LocalizedTheme>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>
            <LocaleSync />
            {children}
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </LocalizedTheme>
  );
}
