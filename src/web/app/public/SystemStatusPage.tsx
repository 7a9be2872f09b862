/**
 * /status, open to anyone (a public route): whether AquaDesk answers, in the reader's language.
 * GET /api/health (the server is up), then GET /api/ready (its database answers): working, not
 * ready yet (starting, updating, or its database away), or not reachable. Checked on opening and
 * on "Check again"; both are public calls (no token, and a 401 would end no session).
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '#web/components/Loading.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { api } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { registerPublicCalls } from '#web/lib/public-calls.ts';

registerPublicCalls(['/health', '/ready']);

export type Health = 'up' | 'notReady' | 'down';

/** Asks the server, then its database; never throws. */
export async function checkHealth(): Promise<{ state: Health; at: number }> {
  try {
    await api('/health');
  } catch {
    return { state: 'down', at: Date.now() };
  }
  try {
    await api('/ready');
    return { state: 'up', at: Date.now() };
  } catch {
    return { state: 'notReady', at: Date.now() };
  }
}

const SEVERITY = { up: 'success', notReady: 'warning', down: 'error' } as const;

export default function SystemStatusPage() {
  const { t, ready } = useTranslation('status');
  const format = useFormat();
  const status = useQuery({ queryKey: ['public-status'], queryFn: checkHealth, retry: false, gcTime: 0 });
  useDocumentTitle(ready ? t('title') : null);
  if (!ready) return <Loading />;
  const result = status.isFetching ? undefined : status.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 560, width: '100%' }}>
      <Typography
        variant="h4"
        component="h1"
        tabIndex={-1}
        gutterBottom
        sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}
      >
        {t('title')}
      </Typography>
      <Box role="status" data-testid="system-status" data-state={result?.state ?? 'checking'} sx={{ mb: 3 }}>
        {result ? (
          <>
            {/* One live region (the box): the alert inside announces nothing of its own. */}
            <Alert severity={SEVERITY[result.state]} role="none">
              <AlertTitle>{t(`state.${result.state}`)}</AlertTitle>
              {t(`detail.${result.state}`)}
            </Alert>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('checkedAt', { time: format.time(new Date(result.at)) })}
            </Typography>
          </>
        ) : (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>{t('checking')}</Typography>
          </Stack>
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" onClick={() => void status.refetch()} disabled={status.isFetching}>
          {t('checkAgain')}
        </Button>
        {/* A page load: the whole app, its sign-in included. */}
        <Button variant="outlined" href="/">
          {t('open')}
        </Button>
      </Stack>
    </Paper>
  );
}
