/**
 * /technician/task-history: every task ever assigned to me, paged on the server (Customer, Type,
 * Description, Status, Created). A row opens the request. 'No task history' when empty.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import { formatDateTime, typeLabel } from '#shared/domain/format.ts';
import { type Column, DataTable, usePaging } from '#web/components/DataTable.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { FETCH_HISTORY_FALLBACK, useTaskHistory } from './api/task-history.ts';

export default function TaskHistoryPage() {
  const paging = usePaging();
  const history = useTaskHistory(paging.query);

  const columns: Column<RequestSummary>[] = [
    {
      key: 'customer',
      header: 'Customer',
      render: (r) => (
        <>
          <Typography sx={{ fontWeight: 500, fontSize: 14 }}>{r.customer.name}</Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{r.ticketNumber}</Typography>
          {/* On a phone the Type column is hidden: show the type under the name. */}
          <Typography sx={{ display: { xs: 'block', sm: 'none' }, fontSize: 13, color: 'text.secondary' }}>
            {typeLabel(r.type)}
          </Typography>
        </>
      ),
    },
    { key: 'type', header: 'Type', render: (r) => typeLabel(r.type), hideBelow: 'sm' },
    {
      key: 'description',
      header: 'Description',
      hideBelow: 'sm',
      render: (r) => (
        <Typography
          title={r.description}
          sx={{
            fontSize: 14,
            maxWidth: 360,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
          }}
        >
          {r.description}
        </Typography>
      ),
    },
    { key: 'status', header: 'Status', render: (r) => <StatusChip status={r.status} /> },
    {
      key: 'created',
      header: 'Created',
      hideBelow: 'md',
      render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</Box>,
    },
  ];

  return (
    <Box>
      <PageHeader title="Task History" />
      <DataTable
        label="Task history"
        columns={columns}
        rows={history.data?.items}
        total={history.data?.total}
        getRowId={(r) => r.id}
        paging={paging}
        loading={history.isFetching}
        error={history.error ? errorMessage(history.error, FETCH_HISTORY_FALLBACK) : null}
        onRetry={() => void history.refetch()}
        emptyMessage="No task history"
        rowLink={(r) => `/service-requests/${r.id}`}
      />
    </Box>
  );
}
