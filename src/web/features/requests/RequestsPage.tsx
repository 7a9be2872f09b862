/**
 * /service-requests: the request table of spec section 2. Columns ID (the ticket number, SR-000123,
 * over the first 8 characters of the id; ADR 020), Type,
 * Customer, Description, Status chip, Technician ('Not Assigned'), Created (en-IN). Search over
 * customer name and description, the status filter with its nine options, and pages of 10/25/50,
 * all on the server. A row opens the request; New Request opens the form. The status filter lives
 * in the URL (`?status=PENDING_APPROVAL`: the dashboard's cards link there). With `mine` (the
 * page /my-requests, the dashboard's "View all") it lists the requests the user raised.
 */
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import { formatDateTime, shortId, statusLabel, typeLabel } from '#shared/domain/format.ts';
import { REQUEST_STATUSES, type RequestStatus } from '#shared/domain/workflow.ts';
import { type Column, DataTable, usePaging } from '#web/components/DataTable.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SearchField } from '#web/components/SearchField.tsx';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { FETCH_REQUESTS_FALLBACK, useRequests } from './api/list-requests.ts';

/** 'All', then every status in workflow order, its underscores as spaces in title case. */
export const STATUS_FILTERS: { value: string; label: string }[] = [
  { value: 'ALL', label: 'All' },
  ...REQUEST_STATUSES.map((s) => ({
    value: s,
    label: statusLabel(s)
      .toLowerCase()
      .replace(/\b\w/g, (c) => c.toUpperCase()),
  })),
];

/** The status filter of the URL (`?status=…`), 'ALL' when missing or unknown. */
export function statusFromUrl(value: string | null): string {
  return value && STATUS_FILTERS.some((f) => f.value === value) ? value : 'ALL';
}

export default function RequestsPage({ mine = false }: { mine?: boolean }) {
  const navigate = useNavigate();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const status = statusFromUrl(params.get('status'));
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
  });

  const columns: Column<RequestSummary>[] = [
    {
      key: 'id',
      header: 'ID',
      render: (r) => (
        <>
          <Typography sx={{ fontFamily: 'monospace', fontSize: 14, whiteSpace: 'nowrap' }}>{r.ticketNumber}</Typography>
          {/* The spec's ID (first 8 characters), under the number people say (ADR 020). */}
          <Typography sx={{ fontFamily: 'monospace', fontSize: 12, color: 'text.secondary' }}>
            {shortId(r.id)}
          </Typography>
        </>
      ),
      hideBelow: 'md',
    },
    { key: 'type', header: 'Type', render: (r) => typeLabel(r.type), hideBelow: 'sm' },
    {
      key: 'customer',
      header: 'Customer',
      render: (r) => (
        <>
          <Typography sx={{ fontWeight: 500, fontSize: 14 }}>{r.customer.name}</Typography>
          {/* On a phone the Type and ID columns are hidden: show them under the name. */}
          <Typography sx={{ display: { xs: 'block', sm: 'none' }, fontSize: 13, color: 'text.secondary' }}>
            {typeLabel(r.type)}
          </Typography>
          <Typography sx={{ display: { xs: 'block', md: 'none' }, fontSize: 13, color: 'text.secondary' }}>
            {r.ticketNumber}
          </Typography>
        </>
      ),
    },
    {
      key: 'description',
      header: 'Description',
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
          title={r.description}
        >
          {r.description}
        </Typography>
      ),
    },
    { key: 'status', header: 'Status', render: (r) => <StatusChip status={r.status} /> },
    {
      key: 'technician',
      header: 'Technician',
      hideBelow: 'md',
      render: (r) =>
        r.assignedTo ? (
          r.assignedTo.name
        ) : (
          <Typography component="span" color="text.secondary" sx={{ fontSize: 14 }}>
            Not Assigned
          </Typography>
        ),
    },
    {
      key: 'created',
      header: 'Created',
      hideBelow: 'lg',
      render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</Box>,
    },
  ];

  return (
    <Box>
      <PageHeader
        title={mine ? 'My Requests' : 'Service Requests'}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => navigate('/service-requests/create')}>
            New Request
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          placeholder="Search by customer or description"
          label="Search requests"
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
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            paging.reset();
          }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          {STATUS_FILTERS.map((f) => (
            <MenuItem key={f.value} value={f.value}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <DataTable
        label="Service requests"
        columns={columns}
        rows={requests.data?.items}
        total={requests.data?.total}
        getRowId={(r) => r.id}
        paging={paging}
        loading={requests.isFetching}
        error={requests.error ? errorMessage(requests.error, FETCH_REQUESTS_FALLBACK) : null}
        onRetry={() => void requests.refetch()}
        emptyMessage={mine ? 'You have not raised any requests yet' : 'No service requests found'}
        rowLink={(r) => `/service-requests/${r.id}`}
      />
    </Box>
  );
}
