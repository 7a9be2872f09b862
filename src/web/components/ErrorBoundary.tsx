/**
 * Error screens.
 * - <ErrorFallback />: the uncaught-error screen (spec: 'Oops! Something went wrong', 'Reload
 *   Page', 'Go to Home'); full screen as the last resort around the whole app and as the router's
 *   errorElement, `inline` inside the layout for one page.
 * - <ErrorBoundary>: the last resort around the whole app (the providers, the layout).
 * - <PageErrorBoundary>: one per page, inside the layout (ADR 018): a page that throws, or whose
 *   code cannot be loaded, takes only itself down; the menu stays. A page whose code failed to
 *   load while AquaDesk was unreachable waits (the layout shows "Can't reach AquaDesk") and loads
 *   again on Retry or by itself when AquaDesk answers. `resetKey` (the path) clears the error.
 * In the initial bundle: texts through useShellText / shellText (ADR 022), English until the
 * translations are in.
 */
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, Fragment, type ReactNode } from 'react';
import { shellText, useShellText } from '#web/i18n/shell-text.ts';
import { onRecover, probe } from '#web/lib/connectivity.ts';

export interface ErrorFallbackProps {
  error?: unknown;
  /** Inside the layout (a page's boundary) rather than the whole window. */
  inline?: boolean;
}

export function ErrorFallback({ error, inline = false }: ErrorFallbackProps) {
  const text = useShellText();
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : null;
  return (
    <Box
      sx={{
        minHeight: inline ? '50vh' : '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: inline ? 0 : 2,
      }}
    >
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center' }} elevation={inline ? 1 : 3}>
        <ErrorOutline color="error" sx={{ fontSize: 64, mb: 1 }} />
        <Typography variant="h5" component="h1" tabIndex={-1} gutterBottom>
          {text('common:errorScreen.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text('common:errorScreen.message')}
        </Typography>
        {detail ? (
          <Typography variant="body2" color="error" sx={{ mb: 2, fontFamily: 'monospace', wordBreak: 'break-word' }}>
            {detail}
          </Typography>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {text('common:errorScreen.reload')}
          </Button>
          <Button variant="outlined" onClick={() => window.location.assign('/')}>
            {text('common:errorScreen.home')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}

interface State {
  error: unknown;
  hasError: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Uncaught error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}

/**
 * A page's code that could not be fetched: the browser's words for a failed `import()` (Chromium,
 * Firefox, Safari) and the bundler's for a failed CSS preload.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk/i.test(
    error.message,
  );
}

export interface PageErrorBoundaryProps {
  children: ReactNode;
  /** A change (the path) clears the error. */
  resetKey: string;
  /** Before showing the page again after a failed load (fetch its code anew). */
  onRetry?: () => void;
}

interface PageState extends State {
  resetKey: string;
  /** Bumped on each retry: the page below mounts afresh. */
  attempt: number;
  /** Its code failed to load although AquaDesk answers (a new release replaced it): reload. */
  gaveUp: boolean;
}

const cleared = { error: null, hasError: false, gaveUp: false };

export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageState> {
  override state: PageState = { ...cleared, resetKey: this.props.resetKey, attempt: 0 };
  private unsubscribe: (() => void) | null = null;
  /** Retries of a failed code load while AquaDesk answered. */
  private reachableRetries = 0;

  static getDerivedStateFromError(error: unknown): Partial<PageState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: PageState): Partial<PageState> | null {
    if (props.resetKey !== state.resetKey) return { ...cleared, resetKey: props.resetKey };
    return null;
  }

  override componentDidMount() {
    // AquaDesk answers again: a page whose code failed to load tries again by itself.
    this.unsubscribe = onRecover(() => {
      if (this.state.hasError && isChunkLoadError(this.state.error)) this.retry();
    });
  }

  override componentWillUnmount() {
    this.unsubscribe?.();
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkLoadError(error)) {
      console.error('Page error', error, info.componentStack);
      return;
    }
    // Unreachable: the layout says so and probes; the recovery retries. Reachable: one fresh
    // attempt, then the spec's error screen (Reload Page fetches the new release).
    void probe().then((answered) => {
      if (!answered || !this.state.hasError) return;
      if (this.reachableRetries < 1) {
        this.reachableRetries += 1;
        this.retry();
      } else this.setState({ gaveUp: true });
    });
  }

  /** Called from an event (Retry, a recovery, a probe's answer), never while rendering. */
  retry = () => {
    this.props.onRetry?.();
    this.setState((s) => ({ ...cleared, attempt: s.attempt + 1 }));
  };

  override render() {
    if (this.state.hasError) {
      if (isChunkLoadError(this.state.error) && !this.state.gaveUp) {
        return (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {shellText('common:errorScreen.waiting')}
          </Typography>
        );
      }
      return <ErrorFallback error={this.state.error} inline />;
    }
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}
