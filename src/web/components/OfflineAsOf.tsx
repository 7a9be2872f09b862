/** "Offline, as of 10:42": the screen shows what the phone saved then (issue 22, ADR 027). */
import CloudOff from '@mui/icons-material/CloudOffOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#web/i18n/hooks.ts';

export function OfflineAsOf({ since }: { since: number | null | undefined }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  if (since == null) return null;
  return (
    <Chip
      icon={<CloudOff />}
      color="warning"
      variant="outlined"
      role="status"
      label={t('sync.offlineAsOf', { time: format.time(new Date(since)) })}
      sx={{ mb: 2, minHeight: 32 }}
    />
  );
}
