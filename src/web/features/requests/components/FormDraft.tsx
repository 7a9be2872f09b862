/**
 * A form's draft on screen (issue 33, lib/drafts.ts): "Draft restored" with Discard when the form
 * opens on what was typed before, and a question before leaving a form with unsaved changes: in
 * the app (react-router's blocker: Stay, Discard draft, or Leave with the draft kept) and when
 * the tab is closed or reloaded (the browser's own question). Texts from the `requests`
 * catalogue's `draft` (ADR 022); until it is in, nothing is drawn and nothing is blocked.
 *
 *   const blocker = useLeaveGuard(dirty);
 *   {restored ? <DraftRestored onDiscard={discard} /> : null}
 *   <LeaveDialog blocker={blocker} onDiscard={discard} />
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';

/** Asks before leaving while `dirty`: returns the in-app blocker for <LeaveDialog>. */
export function useLeaveGuard(dirty: boolean): Blocker {
  const { ready } = useTranslation('requests');
  const guard = dirty && ready;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guard && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return blocker;
}

export function DraftRestored({ onDiscard }: { onDiscard: () => void }) {
  const { t, ready } = useTranslation('requests');
  if (!ready) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onDiscard} sx={{ fontWeight: 700 }}>
          {t('draft.discard')}
        </Button>
      }
    >
      {t('draft.restored')}
    </Alert>
  );
}

export function LeaveDialog({ blocker, onDiscard }: { blocker: Blocker; onDiscard: () => void }) {
  const { t } = useTranslation('requests');
  const open = blocker.state === 'blocked';
  const stay = () => blocker.reset?.();
  return (
    <Dialog open={open} onClose={stay} aria-labelledby="leave-form-title">
      <DialogTitle id="leave-form-title">{t('draft.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('draft.leave.message')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={stay} autoFocus>
          {t('draft.leave.stay')}
        </Button>
        <Button
          color="error"
          onClick={() => {
            onDiscard();
            blocker.proceed?.();
          }}
        >
          {t('draft.leave.discard')}
        </Button>
        <Button variant="contained" onClick={() => blocker.proceed?.()}>
          {t('draft.leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
