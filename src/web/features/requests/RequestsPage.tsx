/**
 * /service-requests: the request table of spec section 2. Columns ID (the ticket number, SR-000123;
 * ADR 020), Type,
 * Customer, Description, Status chip, Technician ('Not Assigned'), Created (en-IN). Search over
 * customer name and description, the status filter with its nine options, and pages of 10/25/50,
 * all on the server. A row opens the request; New Request opens the form. The status filter lives
 * in the URL (`?status=PENDING_APPROVAL`: the dashboard's cards link there). With `mine` (the
 * page /my-requests, the dashboard's "View all") it lists the requests the user raised.
 * Texts from the `requests` catalogue; statuses, types and dates in the app's language (ADR 022).
 */
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { REQUEST_STATUSES, type RequestStatus } from '#shared/domain/workflow.ts';
import { type Column, DataTable, usePaging } from '#web/components/DataTable.tsx';
import { ExportButton } from '#web/components/export/ExportButton.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useRequestDescription } from '#web/components/request-description.ts';
import { SearchField } from '#web/components/SearchField.tsx';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useRequestLabels } from '#web/i18n/request-labels.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useRequests } from './api/list-requests.ts';

/** 'All', then every status in workflow order (shown as 'Pending Approval': common:statusFilter). */
export const STATUS_FILTERS: readonly string[] = ['ALL', ...REQUEST_STATUSES];

/** The status filter of the URL (`?status=…`), 'ALL' when missing or unknown. */
export function statusFromUrl(value: string | null): string {
  return value && STATUS_FILTERS.includes(value) ? value : 'ALL';
}

export default function RequestsPage({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('common');
  const labels = useRequestLabels();
  const format = useFormat();
  const describe = useRequestDescription();
  const navigate = useNavigate();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const status = statusFromUrl(params.get('status'));
  // Completed without proof (issue 35 item 1, `?proof=none`): a filter for the managers.
  const { policyRole } = useAuth();
  const mayAuditProof = !mine && hasCapability(policyRole, 'requestsWithoutProof');
  const noProof = mayAuditProof && params.get('proof') === 'none';
  const setNoProof = (on: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (on) next.set('proof', 'none');
        else next.delete('proof');
        return next;
      },
      { replace: true },
    );
  const setStatus = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'ALL') next.delete('status');
        else next.set('status', value);
        return next;
      },
      { replace: true },
    );
  const term = useDebounced(search.trim());
  const requests = useRequests({
    ...paging.query,
    search: term || undefined,
    status: status === 'ALL' ? undefined : (status as RequestStatus),
    ...(mine ? { mine: true } : {}),
    ...(noProof ? { proof: 'none' as const } : {}),
  });

  const columns: Column<RequestSummary>[] = [
    {
      key: 'id',
      header: t('field.id'),
      // The number people say; the internal id stays off people's screens (issue 33).
      render: (r) => (
        <Typography sx={{ fontFamily: 'monospace', fontSize: 14, whiteSpace: 'nowrap' }}>{r.ticketNumber}</Typography>
      ),
      hideBelow: 'md',
    },
    { key: 'type', header: t('field.type'), render: (r) => labels.type(r.type), hideBelow: 'sm' },
    {
      key: 'customer',
      header: t('field.customer'),
      render: (r) => (
        <>
          <Typography sx={{ fontWeight: 500, fontSize: 14 }}>{r.customer.name}</Typography>
          {/* Raised by the customer at the unit's QR sticker (issue 36). */}
          {r.source === 'QR' ? (
            <Chip size="small" variant="outlined" label={t('source.QR')} sx={{ mt: 0.5, mb: 0.25 }} />
          ) : null}
          {/* On a phone the Type and ID columns are hidden: show them under the name. */}
          <Typography sx={{ display: { xs: 'block', sm: 'none' }, fontSize: 13, color: 'text.secondary' }}>
            {labels.type(r.type)}
          </Typography>
          <Typography sx={{ display: { xs: 'block', md: 'none' }, fontSize: 13, color: 'text.secondary' }}>
            {r.ticketNumber}
          </Typography>
        </>
      ),
    },
    {
      key: 'description',
      header: t('field.description'),
      hideBelow: 'sm',
      render: (r) => (
        <Typography
          sx={{
            fontSize: 14,
            maxWidth: 320,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
          }}
          title={describe(r)}
        >
          {describe(r)}
        </Typography>
      ),
    },
    { key: 'status', header: tc('field.status'), render: (r) => <StatusChip status={r.status} /> },
    {
      key: 'technician',
      header: t('field.technician'),
      hideBelow: 'md',
      render: (r) =>
        r.assignedTo ? (
          r.assignedTo.name
        ) : (
          <Typography component="span" color="text.secondary" sx={{ fontSize: 14 }}>
            {tc('notAssigned')}
          </Typography>
        ),
    },
    {
      key: 'created',
      header: t('field.created'),
      hideBelow: 'lg',
      render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(r.createdAt)}</Box>,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={mine ? t('list.mine') : t('list.title')}
        actions={
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {/* Every request of the list's filters, as CSV or Excel (ADR 037). */}
            <ExportButton
              path="/service-requests"
              query={{
                search: term || undefined,
                status: status === 'ALL' ? undefined : status,
                mine: mine || undefined,
                proof: noProof ? 'none' : undefined,
              }}
            />
            <Button variant="contained" startIcon={<Add />} onClick={() => navigate('/service-requests/create')}>
              {t('list.new')}
            </Button>
          </Stack>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          placeholder={t('list.search')}
          label={t('list.searchLabel')}
          value={search}
          onChange={(v) => {
            setSearch(v);
            paging.reset();
          }}
          sx={{ width: { xs: '100%', sm: 360 } }}
        />
        <TextField
          select
          size="small"
          label={tc('field.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            paging.reset();
          }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          {STATUS_FILTERS.map((f) => (
            <MenuItem key={f} value={f}>
              {labels.statusFilter(f)}
            </MenuItem>
          ))}
        </TextField>
        {mayAuditProof ? (
          <Chip
            label={t('list.withoutProof')}
            color={noProof ? 'primary' : 'default'}
            variant={noProof ? 'filled' : 'outlined'}
            icon={noProof ? <Check /> : undefined}
            aria-pressed={noProof}
            onClick={() => {
              setNoProof(!noProof);
              paging.reset();
            }}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, minHeight: 40 }}
            data-testid="filter-without-proof"
          />
        ) : null}
      </Stack>
      <DataTable
        label={t('list.tableLabel')}
        columns={columns}
        rows={requests.data?.items}
        total={requests.data?.total}
        getRowId={(r) => r.id}
        paging={paging}
        loading={requests.isFetching}
        error={requests.error ? errorMessage(requests.error, t('failed.list')) : null}
        onRetry={() => void requests.refetch()}
        emptyMessage={mine ? t('list.emptyMine') : t('list.empty')}
        rowLink={(r) => `/service-requests/${r.id}`}
      />
    </Box>
  );
}
