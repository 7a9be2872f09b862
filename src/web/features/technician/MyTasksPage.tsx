/**
 * /technician/my-tasks: one card per open task (status, type, customer, address, description cut
 * at 100 characters, created date, View Details). 'No tasks assigned' when there are none.
 * In the app's language (`technician` catalogue; the request type from the `server` one).
 * The first KEEP_TASKS_MAX tasks are kept on the phone to open without signal (issue 33); with
 * more, the page says so.
 */
import CalendarToday from '@mui/icons-material/CalendarTodayOutlined';
import Place from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TASK_DESCRIPTION_CUT } from '#shared/domain/constants.ts';
import { TYPE_COLOR, truncate } from '#shared/domain/format.ts';
import { requestTypeKey, SERVER_NS } from '#shared/i18n/messages.ts';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { OfflineAsOf } from '#web/components/OfflineAsOf.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useRequestDescription } from '#web/components/request-description.ts';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { SyncStatus } from '#web/components/SyncStatus.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { offlineSinceOf } from '#web/lib/offline/app-queue.ts';
import { KEEP_TASKS_MAX } from './api/keep-tasks.ts';
import { useMyTasks } from './api/my-tasks.ts';

export default function MyTasksPage() {
  const { t } = useTranslation('technician');
  const { t: ts } = useTranslation(SERVER_NS);
  const format = useFormat();
  const describe = useRequestDescription();
  const tasks = useMyTasks();
  const items = tasks.data?.items ?? [];

  return (
    <Box>
      <PageHeader title={t('myTasks.title')} />
      <OfflineAsOf since={offlineSinceOf(tasks.data)} shownAt={tasks.dataUpdatedAt} />
      <SyncStatus />
      {tasks.isLoading ? <Loading /> : null}
      {tasks.error ? (
        <ErrorAlert
          message={errorMessage(tasks.error, t('myTasks.fetchFailed'))}
          onRetry={() => void tasks.refetch()}
          retrying={tasks.isFetching}
        />
      ) : null}
      {!tasks.isLoading && !tasks.error && items.length === 0 ? <EmptyState message={t('myTasks.empty')} /> : null}
      {items.length > KEEP_TASKS_MAX ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('myTasks.keptLimit', { max: KEEP_TASKS_MAX })}
        </Typography>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {items.map((task) => (
          <Card
            key={task.id}
            variant="outlined"
            component="article"
            aria-label={t('myTasks.cardLabel', { type: ts(requestTypeKey(task.type)), customer: task.customer.name })}
            sx={{ display: 'flex', flexDirection: 'column', borderLeft: 4, borderLeftColor: TYPE_COLOR[task.type] }}
          >
            <CardContent sx={{ flex: 1 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1 }}>
                <StatusChip status={task.status} />
                <Typography variant="body2" sx={{ fontWeight: 600, color: TYPE_COLOR[task.type] }}>
                  {ts(requestTypeKey(task.type))}
                </Typography>
              </Stack>
              <Typography variant="h6" component="h2" sx={{ fontSize: 17, fontWeight: 600 }}>
                {task.customer.name}
              </Typography>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'flex-start', color: 'text.secondary', mt: 0.5 }}>
                <Place fontSize="small" sx={{ mt: '2px' }} />
                <Typography variant="body2">{task.customer.address}</Typography>
              </Stack>
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                {truncate(describe(task), TASK_DESCRIPTION_CUT)}
              </Typography>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', mt: 1.5 }}>
                <CalendarToday sx={{ fontSize: 16 }} />
                <Typography variant="caption">
                  {task.ticketNumber} · {format.dateTime(task.createdAt)}
                </Typography>
              </Stack>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button variant="contained" fullWidth component={RouterLink} to={`/service-requests/${task.id}`}>
                {t('myTasks.viewDetails')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
