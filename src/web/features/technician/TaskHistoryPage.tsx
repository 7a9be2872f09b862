/**
 * /technician/task-history: every task ever assigned to me, paged on the server (Customer, Type,
 * Description, Status, Created). A row opens the request. 'No task history' when empty.
 * In the app's language (`technician` catalogue; the request type from the `server` one).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import { requestTypeKey, SERVER_NS } from '#shared/i18n/messages.ts';
import { type Column, DataTable, usePaging } from '#web/components/DataTable.tsx';
import { OfflineAsOf } from '#web/components/OfflineAsOf.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useRequestDescription } from '#web/components/request-description.ts';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { offlineSinceOf } from '#web/lib/offline/app-queue.ts';
import { useTaskHistory } from './api/task-history.ts';

export default function TaskHistoryPage() {
  const { t } = useTranslation('technician');
  const { t: ts } = useTranslation(SERVER_NS);
  const format = useFormat();
  const describe = useRequestDescription();
  const typeName = (type: string) => ts(requestTypeKey(type));
  const paging = usePaging();
  const history = useTaskHistory(paging.query);

  const columns: Column<RequestSummary>[] = [
    {
      key: 'customer',
      header: t('history.customer'),
      render: (r) => (
        <>
          <Typography sx={{ fontWeight: 500, fontSize: 14 }}>{r.customer.name}</Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{r.ticketNumber}</Typography>
          {/* On a phone the Type column is hidden: show the type under the name. */}
          <Typography sx={{ display: { xs: 'block', sm: 'none' }, fontSize: 13, color: 'text.secondary' }}>
            {typeName(r.type)}
          </Typography>
        </>
      ),
    },
    { key: 'type', header: t('history.type'), render: (r) => typeName(r.type), hideBelow: 'sm' },
    {
      key: 'description',
      header: t('history.description'),
      hideBelow: 'sm',
      render: (r) => (
        <Typography
          title={describe(r)}
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
          {describe(r)}
        </Typography>
      ),
    },
    { key: 'status', header: t('history.status'), render: (r) => <StatusChip status={r.status} /> },
    {
      key: 'created',
      header: t('history.created'),
      hideBelow: 'md',
      render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(r.createdAt)}</Box>,
    },
  ];

  return (
    <Box>
      <PageHeader title={t('history.title')} />
      <OfflineAsOf since={offlineSinceOf(history.data)} shownAt={history.dataUpdatedAt} />
      <DataTable
        label={t('history.tableLabel')}
        columns={columns}
        rows={history.data?.items}
        total={history.data?.total}
        getRowId={(r) => r.id}
        paging={paging}
        loading={history.isFetching}
        error={history.error ? errorMessage(history.error, t('history.fetchFailed')) : null}
        onRetry={() => void history.refetch()}
        emptyMessage={t('history.empty')}
        rowLink={(r) => `/service-requests/${r.id}`}
      />
    </Box>
  );
}
