/**
 * The dashboard under 'Welcome back, <name>!': the cards Total Requests, Pending Approval,
 * In Progress and Completed; 'My Tasks Today' for technicians (Assigned to Me, In Progress,
 * Awaiting Approval); 'Recent Requests' (a click opens one; "View all" opens the requests the user
 * raised, /my-requests); 'Requests by Type' bars with the count and the percent to one decimal, in
 * the type colours. Each card links to the list it counts, filtered by its status (ADR 020).
 * Colours come from the theme's palette (primary, warning, info, success: AA on white, ADR 018);
 * texts from the `dashboard` catalogue, numbers and dates in the app's language (ADR 022).
 */
import Assignment from '@mui/icons-material/AssignmentOutlined';
import Autorenew from '@mui/icons-material/AutorenewOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import HourglassEmpty from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { percent1, TYPE_COLOR } from '#shared/domain/format.ts';
import { canOpen, requestScopeOf } from '#shared/domain/permissions.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { useRequestDescription } from '#web/components/request-description.ts';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useRequestLabels } from '#web/i18n/request-labels.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useDashboardStats } from './api/stats.ts';

function StatCard({
  label,
  value,
  icon,
  color,
  to,
}: {
  label: string;
  value: number;
  icon: ReactElement;
  color: string;
  /** The list this card counts; the whole card is the link. */
  to?: string | null;
}) {
  const { number } = useFormat();
  const card = { p: { xs: 1.5, sm: 2.5 }, display: 'flex', alignItems: 'center', gap: 2 };
  const linked = to
    ? {
        // A real link (keyboard, middle-click, open in a new tab): the whole card. Its name is its
        // text, label then count ("Total Requests 12"): no aria-label that a voice user could not
        // say from what they see (axe label-content-name-mismatch, issue 33).
        component: RouterLink,
        to,
        sx: {
          ...card,
          color: 'inherit',
          textDecoration: 'none',
          '&:hover': { borderColor: color, bgcolor: alpha(color, 0.04) },
        },
      }
    : { sx: card };
  return (
    <Paper variant="outlined" {...(linked as object)}>
      <Box
        sx={{
          display: { xs: 'none', sm: 'flex' },
          alignItems: 'center',
          justifyContent: 'center',
          width: 48,
          height: 48,
          borderRadius: 2,
          bgcolor: alpha(color, 0.1),
          color,
          flexShrink: 0,
        }}
        aria-hidden
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: { xs: 24, sm: 28 }, fontWeight: 700, lineHeight: 1.2, color }}>
          {number(value)}
        </Typography>
      </Box>
    </Paper>
  );
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, height: '100%' }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
};

/**
 * Where a card's count can be seen request by request: the list for those who may open it, one's
 * own requests for the roles whose counts are their own requests (Salesman), nowhere for a
 * technician (their counts include assigned work: My Tasks shows it).
 */
export function cardLink(role: Parameters<typeof canOpen>[0], status: RequestStatus | null): string | null {
  if (!role) return null;
  const query = status ? `?status=${status}` : '';
  if (canOpen(role, 'requests')) return `/service-requests${query}`;
  if (requestScopeOf(role) === 'requested') return `/my-requests${query}`;
  return null;
}

export default function DashboardCards() {
  const { t } = useTranslation('dashboard');
  const labels = useRequestLabels();
  const format = useFormat();
  const describe = useRequestDescription();
  const { palette } = useTheme();
  const { policyRole } = useAuth();
  const stats = useDashboardStats();
  if (stats.isLoading) return <Loading />;
  if (!stats.data) {
    return (
      <ErrorAlert
        message={errorMessage(stats.error, t('fetchFailed'))}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  const s = stats.data;

  return (
    <Stack spacing={3}>
      <Box sx={grid}>
        <StatCard
          label={t('card.total')}
          value={s.totalRequests}
          icon={<Assignment />}
          color={palette.primary.main}
          to={cardLink(policyRole, null)}
        />
        <StatCard
          label={t('card.pending')}
          value={s.pendingApproval}
          icon={<HourglassEmpty />}
          color={palette.warning.main}
          to={cardLink(policyRole, 'PENDING_APPROVAL')}
        />
        <StatCard
          label={t('card.inProgress')}
          value={s.inProgress}
          icon={<Autorenew />}
          color={palette.info.main}
          to={cardLink(policyRole, 'IN_PROGRESS')}
        />
        <StatCard
          label={t('card.completed')}
          value={s.completed}
          icon={<CheckCircle />}
          color={palette.success.main}
          to={cardLink(policyRole, 'COMPLETED')}
        />
      </Box>

      {s.myTasks ? (
        <Panel title={t('myTasks.title')}>
          {/* Three tiles across, each at least as wide as its longest word: a label breaks only
              between words (issue 33: "நடப்ப / வை" at 360 px). When a language's words do not fit
              three across a phone, the row wraps and the tiles share the width. */}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2 } }}>
            {[
              { key: 'assigned', label: t('myTasks.assigned'), value: s.myTasks.assigned, color: palette.info.main },
              {
                key: 'inProgress',
                label: t('myTasks.inProgress'),
                value: s.myTasks.inProgress,
                color: palette.primary.main,
              },
              {
                key: 'awaiting',
                label: t('myTasks.awaiting'),
                value: s.myTasks.workCompleted,
                color: palette.success.main,
              },
            ].map((task) => (
              <Box
                key={task.key}
                sx={{
                  flex: '1 1 0',
                  minWidth: 'min-content',
                  textAlign: 'center',
                  p: { xs: 1, sm: 1.5 },
                  borderRadius: 2,
                  bgcolor: alpha(task.color, 0.07),
                }}
              >
                <Typography sx={{ fontSize: { xs: 24, sm: 30 }, fontWeight: 700, color: task.color }}>
                  {format.number(task.value)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {task.label}
                </Typography>
              </Box>
            ))}
          </Box>
        </Panel>
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Panel
          title={t('recent.title')}
          action={
            canOpen(policyRole, 'myRequests') ? (
              <Link component={RouterLink} to="/my-requests" sx={{ fontWeight: 500, py: 1.25, px: 0.5 }}>
                {t('recent.viewAll')}
              </Link>
            ) : null
          }
        >
          {s.recentRequests.length === 0 ? (
            <Typography color="text.secondary">{t('recent.empty')}</Typography>
          ) : (
            <List disablePadding>
              {s.recentRequests.map((r) => (
                // A link in a list item (a list holds only <li>): open, middle-click, new tab.
                <ListItem key={r.id} disablePadding divider>
                  <ListItemButton
                    component={RouterLink}
                    to={`/service-requests/${r.id}`}
                    sx={{ px: 1, py: 1.25, alignItems: 'flex-start', gap: 1.5 }}
                  >
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{r.customer.name}</Typography>
                      <Typography variant="body2" sx={{ color: TYPE_COLOR[r.type], fontWeight: 500 }}>
                        {labels.type(r.type)}
                      </Typography>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        // Two lines, then an ellipsis: on a phone one line held about 20 characters.
                        sx={{
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          display: '-webkit-box',
                          WebkitLineClamp: 2,
                          WebkitBoxOrient: 'vertical',
                          overflowWrap: 'anywhere',
                        }}
                      >
                        {describe(r)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {/* The date and time break as a whole ("27 Nov, 10:14 pm"), not inside. */}
                        {r.ticketNumber} ·{' '}
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                          {format.dateTime(r.createdAt)}
                        </Box>
                      </Typography>
                    </Box>
                    <Box sx={{ flexShrink: 0, pt: 0.25 }}>
                      <StatusChip status={r.status} />
                    </Box>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Panel>
        <Panel title={t('byType.title')}>
          <Stack spacing={2}>
            {s.byType.map((b) => {
              const pct = percent1(b.count, s.totalRequests);
              const count = format.number(b.count);
              return (
                <Box key={b.type}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {labels.type(b.type)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('byType.count', { n: count, percent: pct })}
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={Number(pct)}
                    aria-label={t('byType.bar', { type: labels.type(b.type), count: b.count, percent: pct })}
                    sx={{
                      height: 10,
                      borderRadius: 5,
                      bgcolor: alpha(TYPE_COLOR[b.type], 0.13),
                      '& .MuiLinearProgress-bar': { bgcolor: TYPE_COLOR[b.type], borderRadius: 5 },
                    }}
                  />
                </Box>
              );
            })}
          </Stack>
        </Panel>
      </Box>
    </Stack>
  );
}
