/**
 * The technician's sync status (issue 22, ADR 027): "N changes waiting to sync" with Sync now, each
 * queued change with its state in the reader's language (issue 33, lib/offline/item-state.ts:
 * waiting, for the network or to try again; sending, with its progress; sent), and the changes the
 * server refused ("needs attention", with its message): Retry or Discard, never dropped by itself.
 * Waiting is not failed: a change with no signal is waiting for it. Nothing is shown when every
 * change has been sent. `taskId` narrows it to a task. Only the signed-in user's changes are
 * listed (issue 31: the queue is theirs alone). At 360 px in the longest languages the text has
 * the panel's whole width: Sync now sits under the list, not beside it.
 *
 * `UnsentSignOutDialog`: the top bar's question before signing out with changes not sent yet
 * (issue 31), loaded only then (this module is the technician screens' chunk, already loaded).
 */
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import CloudSync from '@mui/icons-material/CloudSyncOutlined';
import Sync from '@mui/icons-material/Sync';
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
import { useUnreachable } from '#web/lib/connectivity.ts';
import { queue, syncNow, useOfflineQueue } from '#web/lib/offline/app-queue.ts';
import { type ShownItem, shownState, stateKey } from '#web/lib/offline/item-state.ts';
import { describeQueued } from '#web/lib/offline/registry.ts';
import type { QueueItem } from '#web/lib/offline/types.ts';

/** Long words of the Indian languages wrap between words, and break only when one alone is too wide. */
const WRAP = { overflowWrap: 'break-word', minWidth: 0 } as const;

export function SyncStatus({ taskId }: { taskId?: string }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  const view = useOfflineQueue(useQueryClient());
  const offline = useUnreachable();
  const mine = (i: QueueItem) => !taskId || i.taskId === taskId;
  const items = view.items.filter(mine);
  if (items.length === 0) return null;
  const attention = items.filter((i) => i.state === 'needsAttention');
  const pending = items.filter((i) => i.state !== 'needsAttention');
  // Those sent while others still wait, shown as sent above them.
  const rest: ShownItem[] = [...view.sent.filter(mine).map((i) => ({ ...i, sent: true })), ...pending];
  // Each kind's name and progress bar from its feature's registration (lib/offline/registry.ts).
  const label = (i: QueueItem) => `${t(describeQueued(i).label)} · ${format.time(i.clientTime)}`;
  const stateText = (i: ShownItem) => {
    const shown = shownState(i, offline);
    return t(stateKey(shown), { reason: 'reason' in shown ? (shown.reason ?? '') : '' });
  };

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
      {pending.length > 0 ? (
        <Alert severity="info" icon={<CloudSync />} sx={{ '& .MuiAlert-message': { ...WRAP, flex: 1 } }}>
          <AlertTitle sx={{ mb: 0.5, ...WRAP }}>{t('sync.waiting', { count: pending.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {rest.map((i) => (
              <Box component="li" key={i.key} sx={{ mt: 0.5 }} data-state={shownState(i, offline).state}>
                <Typography variant="body2" sx={WRAP}>
                  {i.sent ? (
                    <CheckCircle color="success" sx={{ fontSize: 16, mr: 0.5, verticalAlign: 'text-bottom' }} />
                  ) : null}
                  {label(i)}:{' '}
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {stateText(i)}
                  </Box>
                </Typography>
                {!i.sent && i.state === 'sending' && describeQueued(i).uploads ? (
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
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            startIcon={<Sync />}
            sx={{ mt: 1, minHeight: 44 }}
            disabled={view.syncing}
            onClick={() => void syncNow()}
          >
            {view.syncing ? t('sync.sending') : t('sync.now')}
          </Button>
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
