/**
 * "Offline, as of 10:42": the screen shows what the phone saved then (issue 22, ADR 027). A normal
 * state, not an error (issue 33): while it shows, "Can't reach AquaDesk" is not drawn
 * (components/Unreachable.tsx).
 */
import CloudOff from '@mui/icons-material/CloudOffOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#web/i18n/hooks.ts';
import { useCachedCopyShown } from './Unreachable.tsx';

export function OfflineAsOf({ since }: { since: number | null | undefined }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  useCachedCopyShown(since != null);
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
