/**
 * /notifications: the caller's messages, newest first, with the sender's name and an en-IN date,
 * a 'New' chip on unread ones, a mark-read button each, 'Mark All as Read' while any is unread,
 * and 'No notifications' when there are none. A notification about a request opens it.
 */
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { NotificationItem } from '#shared/contracts/notifications.ts';
import { TablePager, usePaging } from '#web/components/DataTable.tsx';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useNotifications } from './api/list.ts';
import { useMarkAllRead, useMarkRead } from './api/mark-read.ts';
import { useUnreadCount } from './api/unread-count.ts';

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const paging = usePaging();
  const { data, isLoading, isFetching, error, refetch } = useNotifications(paging.query);
  const { count: unread } = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = data?.items ?? [];
  const anyUnread = unread > 0 || items.some((n) => n.status === 'unread');

  const open = (n: NotificationItem) => {
    if (n.status === 'unread') markRead.mutate(n.id);
  };

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={unread > 0 ? t('unread', { count: unread }) : undefined}
        phoneActions="wrap"
        actions={
          anyUnread ? (
            <Button
              variant="outlined"
              startIcon={<DoneAllIcon />}
              onClick={() => markAll.mutate()}
              disabled={markAll.isPending}
            >
              {t('markAll')}
            </Button>
          ) : null
        }
      />
      <Paper variant="outlined">
        {error ? (
          <ErrorAlert
            message={errorMessage(error, t('fetchFailed'))}
            onRetry={() => void refetch()}
            retrying={isFetching}
            sx={{ m: 2 }}
          />
        ) : isLoading ? (
          <Loading />
        ) : items.length === 0 ? (
          <EmptyState message={t('empty')} />
        ) : (
          <List disablePadding aria-label={t('listLabel')}>
            {items.map((n, i) => (
              <ListItem
                key={n.id}
                divider={i < items.length - 1}
                disablePadding
                secondaryAction={
                  n.status === 'unread' ? (
                    <Tooltip title={t('markRead')}>
                      <IconButton
                        edge="end"
                        aria-label={t('markReadLabel')}
                        onClick={() => markRead.mutate(n.id)}
                        disabled={markRead.isPending && markRead.variables === n.id}
                      >
                        <DoneIcon />
                      </IconButton>
                    </Tooltip>
                  ) : null
                }
                sx={{ bgcolor: n.status === 'unread' ? 'action.hover' : undefined }}
              >
                {/* About a request: a link to it (middle-click, new tab); else a button that marks it read. */}
                <ListItemButton
                  onClick={() => open(n)}
                  sx={{ pr: 8 }}
                  {...(n.requestId ? { component: RouterLink, to: `/service-requests/${n.requestId}` } : {})}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography
                          component="span"
                          variant="body1"
                          sx={{ fontWeight: n.status === 'unread' ? 600 : 400, wordBreak: 'break-word' }}
                        >
                          {n.message}
                        </Typography>
                        {n.status === 'unread' ? <Chip label={t('new')} color="primary" size="small" /> : null}
                      </Stack>
                    }
                    secondary={`${n.sender?.name ?? t('fromSystem')} · ${format.dateTime(n.createdAt)}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {items.length > 0 ? <TablePager total={data?.total ?? 0} paging={paging} /> : null}
      </Paper>
    </Box>
  );
}
