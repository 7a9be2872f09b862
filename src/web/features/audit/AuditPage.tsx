/**
 * /audit: who did what, when and from where (sign-ins, refusals, every change), for the admins.
 * Each action reads as a sentence in the reader's language and each record links to its page
 * (words.ts; the action words in the on-demand `audit` catalogue).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { DataTable, usePaging } from '#web/components/DataTable.tsx';
import { ExportButton } from '#web/components/export/ExportButton.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useAuditLog } from './api/audit-log.ts';
import { actionWords, type RecordLink, recordOf } from './words.ts';

const OUTCOME_COLOR = { ok: 'success', denied: 'warning', failed: 'error' } as const;

/** The record a row names: a link to its page when the reader may open it, else its name. */
function RecordCell({ record }: { record: RecordLink | null }) {
  if (!record) return '—';
  return record.to ? (
    <Link component={RouterLink} to={record.to}>
      {record.label}
    </Link>
  ) : (
    record.label
  );
}

export default function AuditPage() {
  const { t } = useTranslation('admin');
  const { t: words, i18n, ready } = useTranslation('audit');
  const { policyRole } = useAuth();
  const exists = (key: string) => i18n.exists(key, { ns: 'audit' });
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

  if (!ready) return <Loading />;
  return (
    <Box>
      <PageHeader
        title={t('audit.title')}
        phoneActions="start"
        // Every entry of the search and outcome, as CSV or Excel (ADR 037).
        actions={
          <ExportButton path="/audit-log" query={{ search: deferred || undefined, outcome: outcome || undefined }} />
        }
      />
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
          {
            key: 'action',
            header: t('audit.action'),
            render: (r) => {
              const said = actionWords(r, words, exists);
              const record = recordOf(r, policyRole, words);
              return (
                <>
                  {said.known ? (
                    said.text
                  ) : (
                    <Typography
                      component="span"
                      sx={{ fontFamily: 'monospace', fontSize: 13, color: 'text.secondary' }}
                    >
                      {said.text}
                    </Typography>
                  )}
                  {/* On a phone the Record column is hidden: its link goes under the words. */}
                  {record ? (
                    <Box sx={{ display: { xs: 'block', md: 'none' }, fontSize: 13 }}>
                      <RecordCell record={record} />
                    </Box>
                  ) : null}
                </>
              );
            },
          },
          {
            key: 'entity',
            header: t('audit.record'),
            hideBelow: 'md',
            render: (r) => <RecordCell record={recordOf(r, policyRole, words)} />,
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
