/**
 * A failed load, said plainly, with a way to try again:
 *   <ErrorAlert message={errorMessage(error, 'Failed to fetch users')} onRetry={() => refetch()} />
 * The Retry button is inside the alert, next to the message it answers.
 *
 * One message when the server goes away (issue 33): while AquaDesk does not answer, the layout's
 * "Can't reach AquaDesk" notice (Unreachable.tsx) says so, with its own Retry, and the page comes
 * back by itself once it answers. A load that failed for that reason draws nothing then. Given
 * the `error`, only a failure without an answer (or a 502/503/504 from a proxy) defers; a real
 * answer from the server (a 4xx or 500 with its message) stays visible. Without it, the alert
 * defers while AquaDesk is unreachable: the failure then is almost surely that.
 */
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isUnreachableStatus, useUnreachable } from '#web/lib/connectivity.ts';

export interface ErrorAlertProps {
  message: string;
  /** The failure itself: when the server did answer, the alert shows even while unreachable. */
  error?: unknown;
  onRetry?: () => void;
  /** Disable Retry while the retry runs. */
  retrying?: boolean;
  sx?: AlertProps['sx'];
}

/** A failure with no answer from AquaDesk (not an error the server itself reported). */
export function isNetworkFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || isUnreachableStatus(status);
}

export function ErrorAlert({ message, error, onRetry, retrying = false, sx }: ErrorAlertProps) {
  const { t } = useTranslation('common');
  const unreachable = useUnreachable();
  if (unreachable && (error === undefined || isNetworkFailure(error))) return null;
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} sx={{ fontWeight: 700 }}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
