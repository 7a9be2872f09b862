/**
 * "Can't reach AquaDesk": what a page shows while the server does not answer (ADR 018). Inside the
 * layout, so the menu stays; Retry asks at once, and the page comes back by itself when a probe
 * gets an answer (lib/connectivity.ts). In the initial bundle: texts through useShellText (ADR 022).
 */
import CloudOff from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useShellText } from '#web/i18n/shell-text.ts';
import { retryNow } from '#web/lib/connectivity.ts';

export interface UnreachableNoticeProps {
  /** Also run on Retry (a page whose code failed to load loads it again). */
  onRetry?: () => void;
}

export function UnreachableNotice({ onRetry }: UnreachableNoticeProps) {
  const text = useShellText();
  const [trying, setTrying] = useState(false);
  return (
    <Alert
      severity="warning"
      icon={<CloudOff />}
      role="alert"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={trying}
          sx={{ fontWeight: 700 }}
          onClick={async () => {
            setTrying(true);
            try {
              await retryNow();
              onRetry?.();
            } finally {
              setTrying(false);
            }
          }}
        >
          {text('common:retry', 'Retry')}
        </Button>
      }
    >
      <AlertTitle>{text('common:unreachable.title', "Can't reach AquaDesk")}</AlertTitle>
      {text(
        'common:unreachable.message',
        'The connection to the server was lost. This page comes back by itself once it answers; nothing you have typed is lost.',
      )}
    </Alert>
  );
}
