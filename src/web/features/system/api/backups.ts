/**
 * GET /api/system/backups (the last backups, the one running, the schedule, free disk space) and
 * POST /api/system/backups ("Back up now"), the Super Admin's.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { BackupItem, BackupOverview } from '#shared/contracts/backups.ts';
import { formatNumber } from '#shared/i18n/format.ts';
import { api } from '#web/lib/api-client.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { SYSTEM_KEYS } from './keys.ts';

/** While a backup runs (this page's or the daily one), the page asks again every 2 s until it ends. */
export const RUNNING_POLL_MS = 2000;

export function useBackups() {
  return useQuery({
    queryKey: SYSTEM_KEYS.backups,
    queryFn: ({ signal }) =>
      api<BackupOverview>('/system/backups', { signal, fallback: getI18n().t('system:fetchFailed') }),
    refetchInterval: (query) => (query.state.data?.running ? RUNNING_POLL_MS : false),
  });
}

export const megabytes = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

export function useBackUpNow() {
  const t = getI18n().t;
  const queryClient = useQueryClient();
  return useApiMutation<BackupItem, void>({
    mutationFn: () => api<BackupItem>('/system/backups', { method: 'POST', body: {} }),
    fallback: t('system:failed'),
    success: (item) => t('system:done', { size: formatNumber(megabytes(item.sizeBytes)) }),
    invalidate: [SYSTEM_KEYS.root],
    // A failed backup is recorded too: the list shows it with its reason.
    onError: () => void queryClient.invalidateQueries({ queryKey: SYSTEM_KEYS.root }),
  });
}
