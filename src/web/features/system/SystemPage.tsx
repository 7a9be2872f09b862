/**
 * /system (issue 32, ADR 033), the Super Admin's: the last backups (when, how, status, size, how
 * long; a failure with its reason), the one running now, the daily schedule and BACKUP_DIR's free
 * disk space, and "Back up now". A phone shows when, status and size; the rest from 600 px up.
 */
import BackupIcon from '@mui/icons-material/Backup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BackupItem, BackupOverview } from '#shared/contracts/backups.ts';
import { formatDuration } from '#shared/domain/format.ts';
import { DataTable, usePaging } from '#web/components/DataTable.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { megabytes, useBackUpNow, useBackups } from './api/backups.ts';

const GB = 1024 ** 3;
/** Below this share of the disk free, the page warns before the next backup fails. */
const LOW_DISK = 0.1;

export default function SystemPage() {
  const { t, ready } = useTranslation('system');
  const format = useFormat();
  const paging = usePaging(10);
  const backups = useBackups();
  const now = useBackUpNow();
  if (!ready) return <Loading />;
  const data = backups.data;
  const busy = now.isPending || !!data?.running;
  const items = data?.items ?? [];
  const page = items.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize);
  const duration = (ms: number) =>
    ms < 60_000 ? t('seconds', { value: format.number(Math.round(ms / 100) / 10) }) : formatDuration(ms / 1000);

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={
          <Typography variant="body2" color="text.secondary">
            {t('subtitle')}
          </Typography>
        }
        actions={
          <Button
            variant="contained"
            startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <BackupIcon />}
            onClick={() => now.mutate()}
            disabled={busy}
          >
            {busy ? t('backingUp') : t('backUpNow')}
          </Button>
        }
        phoneActions="stretch"
      />
      {data?.running && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('running', { time: format.time(data.running.startedAt) })}
        </Alert>
      )}
      {backups.error && !data ? (
        <ErrorAlert
          message={errorMessage(backups.error, t('fetchFailed'))}
          onRetry={() => void backups.refetch()}
          retrying={backups.isFetching}
          sx={{ mb: 2 }}
        />
      ) : (
        data && <Summary data={data} />
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('table.label')}
      </Typography>
      <DataTable<BackupItem>
        label={t('table.label')}
        columns={[
          { key: 'when', header: t('table.when'), render: (r) => format.fullDateTime(r.startedAt) },
          { key: 'trigger', header: t('table.trigger'), hideBelow: 'sm', render: (r) => t(`trigger.${r.trigger}`) },
          {
            key: 'status',
            header: t('table.status'),
            render: (r) => (
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <Chip
                  size="small"
                  label={t(`status.${r.status}`)}
                  color={r.status === 'succeeded' ? 'success' : 'error'}
                />
                {r.error && (
                  <Typography variant="caption" color="error" sx={{ wordBreak: 'break-word' }}>
                    {r.error}
                  </Typography>
                )}
              </Stack>
            ),
          },
          {
            key: 'size',
            header: t('table.size'),
            render: (r) =>
              r.status === 'succeeded' ? t('sizeMb', { size: format.number(megabytes(r.sizeBytes)) }) : '—',
          },
          { key: 'duration', header: t('table.duration'), hideBelow: 'sm', render: (r) => duration(r.durationMs) },
        ]}
        rows={backups.error && !data ? undefined : page}
        total={items.length}
        getRowId={(r) => r.id}
        paging={paging}
        loading={backups.isLoading}
        error={!!backups.error && !data && errorMessage(backups.error, t('fetchFailed'))}
        onRetry={() => void backups.refetch()}
        emptyMessage={t('table.empty')}
      />
    </Box>
  );
}

/** Free disk space, the daily schedule and what is kept, as a description list. */
function Summary({ data }: { data: BackupOverview }) {
  const { t } = useTranslation('system');
  const format = useFormat();
  const gb = (bytes: number) => format.number(Math.round((bytes / GB) * 10) / 10);
  const { disk, schedule } = data;
  const low = disk !== null && disk.freeBytes < disk.totalBytes * LOW_DISK;
  const rows: [string, string][] = [
    [
      t('disk.label'),
      disk ? t('disk.value', { free: gb(disk.freeBytes), total: gb(disk.totalBytes) }) : t('disk.unknown'),
    ],
    [
      t('schedule.label'),
      schedule.at
        ? t('schedule.at', { at: schedule.at, timeZone: schedule.timeZone, next: format.fullDateTime(schedule.next) })
        : t('schedule.off'),
    ],
    [t('kept.label'), t('kept.value', { count: schedule.keep, dir: schedule.dir })],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {low && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('disk.low')}
        </Alert>
      )}
    </Paper>
  );
}
