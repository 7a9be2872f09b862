/**
 * /customers/{id}: a contact card with 'Navigate to Location' (a maps directions link, when the
 * customer has coordinates), a statistics card (all requests, totals per type, completed, completion rate as a
 * rounded percent, last service), the customer's messages (their language and WhatsApp/SMS consent,
 * issue 35: MessagesConsentCard), the service history cards and 'Customer since <Month YYYY>'.
 * Errors: 'Customer not found' (404) or 'Failed to load customer history'. Texts from the
 * `requests` catalogue (customerHistory.*), dates and types in the app's language (ADR 022).
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Build from '@mui/icons-material/Build';
import Directions from '@mui/icons-material/Directions';
import Email from '@mui/icons-material/EmailOutlined';
import Engineering from '@mui/icons-material/EngineeringOutlined';
import Event from '@mui/icons-material/EventOutlined';
import Handyman from '@mui/icons-material/Handyman';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Image from '@mui/icons-material/ImageOutlined';
import Phone from '@mui/icons-material/PhoneOutlined';
import Place from '@mui/icons-material/PlaceOutlined';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { CustomerHistory, HistoryItem } from '#shared/contracts/customers.ts';
import { roundedPercent, TYPE_COLOR } from '#shared/domain/format.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import type { RequestType } from '#shared/domain/workflow.ts';
import { EmptyState } from '#web/components/EmptyState.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useRequestDescription } from '#web/components/request-description.ts';
import { StatusChip } from '#web/components/StatusChip.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { useRequestLabels } from '#web/i18n/request-labels.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useCustomerHistory } from './api/customer-history.ts';
import { MessagesConsentCard } from './components/MessagesConsentCard.tsx';

/** A recent merge into this customer, to undo (ADR 038): its own chunk, for those who may merge. */
const RecentMerges = lazy(() => import('./merge/RecentMerges.tsx'));

const TYPE_ICON: Record<RequestType, ReactElement> = {
  INSTALLATION: <Build fontSize="small" />,
  SERVICE: <Handyman fontSize="small" />,
  COMPLAINT: <ReportProblem fontSize="small" />,
  ENQUIRY: <HelpOutline fontSize="small" />,
};

/** Google Maps directions to the customer (opens in a new tab). */
function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

function Line({ icon, children }: { icon: ReactElement; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', py: 0.5 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex', pt: '2px' }}>{icon}</Box>
      <Box sx={{ minWidth: 0, wordBreak: 'break-word' }}>{children}</Box>
    </Stack>
  );
}

function ContactCard({ customer }: { customer: CustomerHistory['customer'] }) {
  const { t } = useTranslation('requests');
  const located = customer.latitude != null && customer.longitude != null;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48, fontSize: 22 }}>
            {customer.name.trim().charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3, wordBreak: 'break-word' }}>
              {customer.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {customer.region.name}
            </Typography>
          </Box>
        </Stack>
        <Line icon={<Phone fontSize="small" />}>
          <Typography>{formatPhone(customer.primaryPhone)}</Typography>
          {customer.phoneNumbers.map((p) => (
            <Typography key={p} color="text.secondary">
              {formatPhone(p)}
            </Typography>
          ))}
        </Line>
        {customer.email ? (
          <Line icon={<Email fontSize="small" />}>
            <Typography>{customer.email}</Typography>
          </Line>
        ) : null}
        <Line icon={<Place fontSize="small" />}>
          <Typography>{customer.address}</Typography>
          {located ? (
            <Typography variant="body2" color="text.secondary">
              {customer.latitude?.toFixed(6)}, {customer.longitude?.toFixed(6)}
            </Typography>
          ) : null}
        </Line>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {located ? (
          <Button
            variant="contained"
            startIcon={<Directions />}
            href={directionsUrl(customer.latitude as number, customer.longitude as number)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('details.navigate')}
          </Button>
        ) : (
          <>
            <Button variant="contained" startIcon={<Directions />} disabled>
              {t('details.navigate')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('customerHistory.noLocation')}
            </Typography>
          </>
        )}
      </CardActions>
    </Card>
  );
}

function Stat({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, color, lineHeight: 1.2 }}>
        {value}
      </Typography>
      {/* A long word (Tamil 'இன்ஸ்டலேஷன்கள்') breaks inside the tile rather than spill out of it. */}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
    </Box>
  );
}

function StatisticsCard({ statistics }: { statistics: CustomerHistory['statistics'] }) {
  const { t } = useTranslation('requests');
  const format = useFormat();
  const rate = roundedPercent(statistics.completedServices, statistics.totalServices);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('customerHistory.statistics')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
          {/* Every request of every type ("Total Requests"; the API's totalServices), beside the
              count of each type: "Services" is the SERVICE type alone (issue 33). */}
          <Stat label={t('customerHistory.total')} value={format.number(statistics.totalServices)} />
          <Stat
            label={t('customerHistory.installations')}
            value={format.number(statistics.installations)}
            color={TYPE_COLOR.INSTALLATION}
          />
          <Stat
            label={t('customerHistory.services')}
            value={format.number(statistics.services)}
            color={TYPE_COLOR.SERVICE}
          />
          <Stat
            label={t('customerHistory.complaints')}
            value={format.number(statistics.complaints)}
            color={TYPE_COLOR.COMPLAINT}
          />
          <Stat
            label={t('customerHistory.enquiries')}
            value={format.number(statistics.enquiries)}
            color={TYPE_COLOR.ENQUIRY}
          />
          <Stat label={t('customerHistory.completed')} value={format.number(statistics.completedServices)} />
        </Box>
        <Box sx={{ mt: 2.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2">{t('customerHistory.rate')}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {rate}%
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={rate}
            color="success"
            // A grey track, so that 0% does not read as a full pale-green bar.
            sx={{ height: 8, borderRadius: 4, bgcolor: 'grey.300' }}
            aria-label={t('customerHistory.rate')}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {statistics.lastService
            ? t('customerHistory.lastService', { date: format.dateTime(statistics.lastService) })
            : t('customerHistory.lastServiceNone')}
        </Typography>
      </CardContent>
    </Card>
  );
}

function HistoryCard({ item }: { item: HistoryItem }) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('common');
  const labels = useRequestLabels();
  const format = useFormat();
  const describe = useRequestDescription();
  const color = TYPE_COLOR[item.type];
  return (
    <Card variant="outlined" sx={{ borderLeft: 4, borderLeftColor: color }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 1 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color }}>
            {TYPE_ICON[item.type]}
            <Typography sx={{ fontWeight: 600 }}>{labels.type(item.type)}</Typography>
          </Stack>
          <StatusChip status={item.status} />
        </Stack>
        <Typography sx={{ mb: 1.5, wordBreak: 'break-word' }}>{describe(item)}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2.5 }} sx={{ color: 'text.secondary' }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Event fontSize="small" />
            <Typography variant="body2">{format.dateTime(item.createdAt)}</Typography>
          </Stack>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Engineering fontSize="small" />
            <Typography variant="body2">{item.assignedTo ? item.assignedTo.name : tc('notAssigned')}</Typography>
          </Stack>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Image fontSize="small" />
            <Typography variant="body2">{t('customerHistory.images', { count: item.mediaCount })}</Typography>
          </Stack>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 1.5 }}>
        <Button size="small" component={RouterLink} to={`/service-requests/${item.id}`}>
          {t('customerHistory.viewDetails')}
        </Button>
      </CardActions>
    </Card>
  );
}

export interface CustomerHistoryPageProps {
  /** The customer's installed units (features/units, composed by app/pages/CustomerHistoryPage.tsx). */
  units?: (customerId: string) => ReactNode;
}

export default function CustomerHistoryPage({ units }: CustomerHistoryPageProps) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const { id } = useParams();
  const navigate = useNavigate();
  const history = useCustomerHistory(id);
  const { policyRole } = useAuth();
  const mayMerge = hasCapability(policyRole, 'customerMerge');

  const back = (
    <IconButton aria-label={tc('back')} onClick={() => navigate(-1)}>
      <ArrowBack />
    </IconButton>
  );

  if (history.isLoading) return <Loading />;
  if (history.error || !history.data) {
    const notFound =
      history.error instanceof ApiError && (history.error.status === 404 || history.error.status === 400);
    return (
      <Box>
        <PageHeader title={t('customerHistory.title')} back={back} />
        {notFound ? (
          <Alert severity="error">{t('customerHistory.notFound')}</Alert>
        ) : (
          <ErrorAlert
            message={errorMessage(history.error, t('customerHistory.failed'))}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        )}
      </Box>
    );
  }

  const { customer, serviceHistory, statistics } = history.data;
  return (
    <Box>
      <PageHeader
        title={customer.name}
        back={back}
        subtitle={
          <Typography variant="body2" color="text.secondary">
            {t('customerHistory.since', { date: format.monthYear(customer.createdAt) })}
          </Typography>
        }
        mb={3}
      />
      {mayMerge ? (
        <Suspense fallback={null}>
          <RecentMerges customerId={customer.id} />
        </Suspense>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 3 }}>
        <ContactCard customer={customer} />
        <StatisticsCard statistics={statistics} />
      </Box>
      <MessagesConsentCard customer={customer} editable={hasCapability(policyRole, 'customerManage')} />
      {units?.(customer.id)}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('customerHistory.serviceHistory')}
        </Typography>
        <Chip size="small" label={serviceHistory.length} />
      </Stack>
      <Divider sx={{ mb: 2 }} />
      {serviceHistory.length === 0 ? (
        <EmptyState message={t('customerHistory.empty')} />
      ) : (
        <Stack spacing={1.5}>
          {serviceHistory.map((item) => (
            <HistoryCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
