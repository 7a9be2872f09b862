/** /audit: who did what, when and from where (sign-ins, refusals, every change), for the admins. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { DataTable, usePaging } from '#web/components/DataTable.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuditLog } from './api/audit-log.ts';

const OUTCOME_COLOR = { ok: 'success', denied: 'warning', failed: 'error' } as const;

export default function AuditPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const paging = usePaging(25);
  const [search, setSearch] = useState('');
  const [outcome, setOutcome] = useState<'' | 'ok' | 'denied' | 'failed'>('');
  const deferred = useDeferredValue(search);
  const { data, isLoading, isFetching, error, refetch } = useAuditLog({
    ...paging.query,
    search: deferred || undefined,
    outcome: outcome || undefined,
  });

  return (
    <Box>
      <PageHeader title={t('audit.title')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          placeholder={t('audit.search')}
          label={t('audit.search')}
          value={search}
          onChange={(v) => {
            setSearch(v);
            paging.reset();
          }}
          sx={{ minWidth: 260 }}
        />
        <TextField
          select
          label={t('audit.outcome')}
          size="small"
          value={outcome}
          onChange={(e) => {
            setOutcome(e.target.value as typeof outcome);
            paging.reset();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('audit.all')}</MenuItem>
          <MenuItem value="ok">{t('audit.outcomeValue.ok')}</MenuItem>
          <MenuItem value="denied">{t('audit.outcomeValue.denied')}</MenuItem>
          <MenuItem value="failed">{t('audit.outcomeValue.failed')}</MenuItem>
        </TextField>
      </Stack>
      <DataTable<AuditEntry>
        label={t('audit.tableLabel')}
        columns={[
          { key: 'at', header: t('audit.when'), render: (r) => format.dateTime(r.at) },
          { key: 'who', header: t('audit.who'), render: (r) => r.actorName ?? r.actorEmail ?? '—' },
          { key: 'action', header: t('audit.action'), render: (r) => r.action },
          {
            key: 'entity',
            header: t('audit.record'),
            hideBelow: 'md',
            render: (r) => (r.entityType ? `${r.entityType} ${r.entityId?.slice(0, 8) ?? ''}` : '—'),
          },
          {
            key: 'outcome',
            header: t('audit.outcome'),
            render: (r) => (
              <Chip
                size="small"
                label={t(`audit.outcomeValue.${r.outcome}`, { defaultValue: r.outcome })}
                color={OUTCOME_COLOR[r.outcome as keyof typeof OUTCOME_COLOR] ?? 'default'}
              />
            ),
          },
          { key: 'ip', header: t('audit.from'), hideBelow: 'md', render: (r) => r.ip ?? '—' },
        ]}
        rows={data?.items}
        total={data?.total}
        getRowId={(r) => String(r.id)}
        paging={paging}
        loading={isLoading || (isFetching && !!error)}
        error={error && errorMessage(error, t('audit.fetchFailed'))}
        onRetry={() => void refetch()}
        emptyMessage={t('audit.empty')}
      />
    </Box>
  );
}
