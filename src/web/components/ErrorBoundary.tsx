/**
 * The uncaught-error screen (spec: 'Oops! Something went wrong', 'Reload Page', 'Go to Home').
 * <ErrorBoundary> wraps the app; <ErrorFallback /> is also the router's errorElement.
 */
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorFallbackProps {
  error?: unknown;
}

export function ErrorFallback({ error }: ErrorFallbackProps) {
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : null;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center' }} elevation={3}>
        <ErrorOutline color="error" sx={{ fontSize: 64, mb: 1 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          Oops! Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          An unexpected error occurred. Reload the page, or go back to the start.
        </Typography>
        {detail ? (
          <Typography variant="body2" color="error" sx={{ mb: 2, fontFamily: 'monospace', wordBreak: 'break-word' }}>
            {detail}
          </Typography>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
          <Button variant="outlined" onClick={() => window.location.assign('/')}>
            Go to Home
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
