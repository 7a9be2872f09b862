/**
 * "Can't reach AquaDesk": what a page shows while the server does not answer (ADR 018). Inside the
 * layout, so the menu stays; Retry asks at once, and the page comes back by itself when a probe
 * gets an answer (lib/connectivity.ts). In the initial bundle, so it is drawn without MUI's Alert
 * (a warning-coloured box with role=alert) and its texts come through useShellText (ADR 022).
 *
 * Offline with a copy kept on the phone is a normal state, not an error (issue 33): while a screen
 * shows such a copy (the "Offline, as of …" chip, components/OfflineAsOf.tsx, says so through
 * `useCachedCopyShown`), the notice is not drawn. It also waits UNREACHABLE_GRACE_MS with no copy
 * on screen, and with no read that a copy may answer still running, before it appears, so it does
 * not flash over a page about to show its copy (however long a cheap phone takes to read it), nor
 * between two such pages.
 */
import CloudOff from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useShellText } from '#web/i18n/shell-text.ts';
import { retryNow, usePhoneReadPending } from '#web/lib/connectivity.ts';

/** How long the notice waits before it appears (a copy from the phone usually comes first). */
export const UNREACHABLE_GRACE_MS = 1000;

// How many mounted screens show a copy from the phone now.
let cachedCopies = 0;
const copyListeners = new Set<() => void>();
const setCachedCopies = (n: number) => {
  cachedCopies = n;
  // A copy: a listener may unsubscribe and subscribe again while it runs (React re-subscribes), and
  // a live Set would then be walked forever.
  for (const l of [...copyListeners]) l();
};

/** A screen shows a copy kept on the phone (`shown`): no "Can't reach AquaDesk" while it does. */
export function useCachedCopyShown(shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    setCachedCopies(cachedCopies + 1);
    return () => setCachedCopies(cachedCopies - 1);
  }, [shown]);
}

function useCachedCopyOnScreen(): boolean {
  return useSyncExternalStore(
    (l) => {
      copyListeners.add(l);
      return () => copyListeners.delete(l);
    },
    () => cachedCopies > 0,
  );
}

export interface UnreachableNoticeProps {
  /** Also run on Retry (a page whose code failed to load loads it again). */
  onRetry?: () => void;
}

export function UnreachableNotice({ onRetry }: UnreachableNoticeProps) {
  const text = useShellText();
  const [trying, setTrying] = useState(false);
  const [due, setDue] = useState(false);
  const cachedCopy = useCachedCopyOnScreen();
  const reading = usePhoneReadPending();
  // Drawn once no copy has been on screen, and no read that a copy may answer has been running, for
  // the grace period: not between two screens that both show one, nor while a slow phone is still
  // reading the copy from its storage.
  useEffect(() => {
    setDue(false);
    if (cachedCopy || reading) return;
    const timer = setTimeout(() => setDue(true), UNREACHABLE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [cachedCopy, reading]);
  if (!due || cachedCopy || reading) return null;
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        columnGap: 1.5,
        rowGap: 1,
        mb: 2,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: (t) => alpha(t.palette.warning.main, 0.1),
        border: 1,
        borderColor: (t) => alpha(t.palette.warning.main, 0.4),
      }}
    >
      <CloudOff sx={{ color: 'warning.main', mt: 0.25 }} />
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{text('common:unreachable.title')}</Typography>
        <Typography variant="body2">{text('common:unreachable.message')}</Typography>
      </Box>
      <Button
        color="inherit"
        size="small"
        disabled={trying}
        sx={{ fontWeight: 700, ml: 'auto' }}
        onClick={async () => {
          setTrying(true);
          await retryNow(); // never rejects (a failed probe is an answer: still unreachable)
          setTrying(false);
          onRetry?.();
        }}
      >
        {text('common:retry')}
      </Button>
    </Box>
  );
}
