/**
 * A failed load, said plainly, with a way to try again:
 *   <ErrorAlert message={errorMessage(error, 'Failed to fetch users')} onRetry={() => refetch()} />
 * The Retry button is inside the alert, next to the message it answers.
 */
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export interface ErrorAlertProps {
  message: string;
  onRetry?: () => void;
  /** Disable Retry while the retry runs. */
  retrying?: boolean;
  sx?: AlertProps['sx'];
}

export function ErrorAlert({ message, onRetry, retrying = false, sx }: ErrorAlertProps) {
  const { t } = useTranslation('common');
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
