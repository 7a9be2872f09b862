/** /audit: who did what, when and from where (sign-ins, refusals, every change), for the admins. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { DataTable, usePaging } from '#web/components/DataTable.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuditLog } from './api/audit-log.ts';

const OUTCOME_COLOR = { ok: 'success', denied: 'warning', failed: 'error' } as const;

export default function AuditPage() {
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
      <PageHeader title="Audit Log" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          placeholder="Search by email or action"
          label="Search by email or action"
          value={search}
          onChange={(v) => {
            setSearch(v);
            paging.reset();
          }}
          sx={{ minWidth: 260 }}
        />
        <TextField
          select
          label="Outcome"
          size="small"
          value={outcome}
          onChange={(e) => {
            setOutcome(e.target.value as typeof outcome);
            paging.reset();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="ok">OK</MenuItem>
          <MenuItem value="denied">Denied</MenuItem>
          <MenuItem value="failed">Failed</MenuItem>
        </TextField>
      </Stack>
      <DataTable<AuditEntry>
        label="audit log"
        columns={[
          { key: 'at', header: 'When', render: (r) => formatDateTime(r.at) },
          { key: 'who', header: 'Who', render: (r) => r.actorName ?? r.actorEmail ?? '—' },
          { key: 'action', header: 'Action', render: (r) => r.action },
          {
            key: 'entity',
            header: 'Record',
            hideBelow: 'md',
            render: (r) => (r.entityType ? `${r.entityType} ${r.entityId?.slice(0, 8) ?? ''}` : '—'),
          },
          {
            key: 'outcome',
            header: 'Outcome',
            render: (r) => (
              <Chip
                size="small"
                label={r.outcome}
                color={OUTCOME_COLOR[r.outcome as keyof typeof OUTCOME_COLOR] ?? 'default'}
              />
            ),
          },
          { key: 'ip', header: 'From', hideBelow: 'md', render: (r) => r.ip ?? '—' },
        ]}
        rows={data?.items}
        total={data?.total}
        getRowId={(r) => String(r.id)}
        paging={paging}
        loading={isLoading || (isFetching && !!error)}
        error={error && errorMessage(error, 'Failed to fetch the audit log')}
        onRetry={() => void refetch()}
        emptyMessage="No audit entries"
      />
    </Box>
  );
}
