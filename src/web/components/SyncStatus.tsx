/**
 * The technician's sync status (issue 22, ADR 027): "N changes waiting to sync" with Sync now, each
 * queued change with its state (waiting, sending with its progress, failed with the reason), and
 * the changes the server refused ("needs attention", with its message): Retry or Discard, never
 * dropped by itself. Nothing is shown when every change has been sent. `taskId` narrows it to a task.
 * Only the signed-in user's changes are listed (issue 31: the queue is theirs alone).
 *
 * `UnsentSignOutDialog`: the top bar's question before signing out with changes not sent yet
 * (issue 31), loaded only then (this module is the technician screens' chunk, already loaded).
 */
import CloudSync from '@mui/icons-material/CloudSyncOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#web/i18n/hooks.ts';
import { queue, syncNow, useOfflineQueue } from '#web/lib/offline/app-queue.ts';
import { describeQueued } from '#web/lib/offline/registry.ts';
import type { QueueItem } from '#web/lib/offline/types.ts';

export function SyncStatus({ taskId }: { taskId?: string }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  const view = useOfflineQueue(useQueryClient());
  const items = taskId ? view.items.filter((i) => i.taskId === taskId) : view.items;
  if (items.length === 0) return null;
  const attention = items.filter((i) => i.state === 'needsAttention');
  const rest = items.filter((i) => i.state !== 'needsAttention');
  // Each kind's name and progress bar from its feature's registration (lib/offline/registry.ts).
  const label = (i: QueueItem) => `${t(describeQueued(i).label)} · ${format.time(i.clientTime)}`;
  const stateText = (i: QueueItem) =>
    i.state === 'failed' ? t('state.failed', { reason: i.error ?? '' }) : t(`state.${i.state}`);

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} data-testid="sync-status">
      {attention.map((i) => (
        <Alert key={i.key} severity="warning" role="alert">
          <AlertTitle>
            {t('sync.needsAttention')}: {label(i)}
          </AlertTitle>
          {i.legacy ? <Typography variant="body2">{t('sync.legacy')}</Typography> : null}
          {i.error ? <Typography variant="body2">{i.error}</Typography> : null}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('sync.kept')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              sx={{ minHeight: 44 }}
              // Sent at once, with a new Idempotency-Key (issue 31: the old one answers the refusal).
              onClick={() =>
                void queue()
                  .retry(i.seq as number)
                  .then(syncNow)
              }
            >
              {t('sync.retry')}
            </Button>
            <Button
              size="small"
              color="error"
              sx={{ minHeight: 44 }}
              onClick={() => void queue().discard(i.seq as number)}
            >
              {t('sync.discard')}
            </Button>
          </Stack>
        </Alert>
      ))}
      {rest.length > 0 ? (
        <Alert
          severity="info"
          icon={<CloudSync />}
          action={
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              sx={{ minHeight: 44, whiteSpace: 'nowrap' }}
              disabled={view.syncing}
              onClick={() => void syncNow()}
            >
              {view.syncing ? t('sync.sending') : t('sync.now')}
            </Button>
          }
        >
          <AlertTitle sx={{ mb: 0 }}>{t('sync.waiting', { count: rest.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {rest.map((i) => (
              <Box component="li" key={i.key} sx={{ mt: 0.5 }}>
                <Typography variant="body2">
                  {label(i)}: {stateText(i)}
                </Typography>
                {i.state === 'sending' && describeQueued(i).uploads ? (
                  <LinearProgress
                    variant="determinate"
                    value={view.progress[i.seq as number] ?? 0}
                    aria-label={t(describeQueued(i).label)}
                    sx={{ height: 6, borderRadius: 3 }}
                  />
                ) : null}
              </Box>
            ))}
          </Box>
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * "2 changes not sent yet: sign out anyway?" Yes: signed out, the changes stay on this phone for
 * this user only and are sent when they sign in again. No: still signed in.
 */
export function UnsentSignOutDialog({
  count,
  onConfirm,
  onCancel,
}: {
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('offline');
  return (
    <Dialog open onClose={onCancel} aria-labelledby="unsent-sign-out-title" maxWidth="xs" fullWidth>
      <DialogTitle id="unsent-sign-out-title">{t('signOut.unsent', { count })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('signOut.kept', { count })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} sx={{ minHeight: 44 }}>
          {t('signOut.stay')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color="warning" sx={{ minHeight: 44 }}>
          {t('signOut.anyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
