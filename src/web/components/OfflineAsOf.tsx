/**
 * "Offline, as of 10:42": the screen shows what the phone saved then (issue 22, ADR 027). A normal
 * state, not an error (issue 33): while it shows, "Can't reach AquaDesk" is not drawn
 * (components/Unreachable.tsx).
 *
 * `shownAt` (the query's dataUpdatedAt): a screen that still shows the server's last answer when
 * the server stops answering shows it "as of" then, like a copy from the phone, rather than the
 * office's notice drawn over the work (a technician's tap must not land on a page that moves).
 */
import CloudOff from '@mui/icons-material/CloudOffOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useFormat } from '#web/i18n/hooks.ts';
import { useUnreachable } from '#web/lib/connectivity.ts';
import { useCachedCopyShown } from './Unreachable.tsx';

export function OfflineAsOf({ since, shownAt }: { since: number | null | undefined; shownAt?: number }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  const unreachable = useUnreachable();
  const asOf = since ?? (unreachable && shownAt ? shownAt : null);
  useCachedCopyShown(asOf != null);
  if (asOf == null) return null;
  return (
    <Chip
      icon={<CloudOff />}
      color="warning"
      variant="outlined"
      role="status"
      label={t('sync.offlineAsOf', { time: format.time(new Date(asOf)) })}
      sx={{ mb: 2, minHeight: 32 }}
    />
  );
}
