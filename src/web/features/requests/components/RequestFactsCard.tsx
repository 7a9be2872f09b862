/**
 * The details page's "Request Details" card: customer (with directions), region, people, dates,
 * description; for a request raised at a unit's QR sticker, the phone the customer gave, marked
 * as one of the customer's or unverified (issue 36).
 */
import Directions from '@mui/icons-material/Directions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { QrReport } from '#shared/contracts/job.ts';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { formatPhone, telHref } from '#shared/domain/phone.ts';
import { useRequestDescription } from '#web/components/request-description.ts';
import { useFormat, useRoleName } from '#web/i18n/hooks.ts';
import { customerLocationOf, Fact, Section } from './DetailsSection.tsx';

function salesApprovalText(r: RequestDetails, t: TFunction<'requests'>): string {
  if (!r.needsSalesApproval) return r.salesApproved ? t('salesApproval.atCreation') : t('salesApproval.notRequired');
  return r.salesApproved ? t('salesApproval.approved') : t('salesApproval.awaiting');
}

/** The phone a customer gave at the QR sticker, as a call link, and whether it is theirs on record. */
function QrPhone({ report }: { report: QrReport }) {
  const { t } = useTranslation('requests');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Link href={telHref(report.phone)} sx={{ fontWeight: 600 }}>
        {formatPhone(report.phone)}
      </Link>
      <Chip
        size="small"
        color={report.phoneMatchesCustomer ? 'success' : 'warning'}
        label={report.phoneMatchesCustomer ? t('qr.matches') : t('qr.unverified')}
        data-testid="qr-phone-check"
      />
    </Stack>
  );
}

export function RequestFactsCard({ request: r }: { request: RequestDetails }) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation('common');
  const roleName = useRoleName();
  const format = useFormat();
  const describe = useRequestDescription();
  const location = customerLocationOf(r);
  return (
    <Section title={t('details.facts')}>
      <Grid container columnSpacing={3}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Fact label={t('field.customer')}>
            <Typography sx={{ fontWeight: 600 }}>{r.customer.name}</Typography>
            <Typography variant="body2">{r.customer.address}</Typography>
            <Typography variant="body2">{formatPhone(r.customer.primaryPhone)}</Typography>
            {location ? (
              <Button
                size="small"
                startIcon={<Directions />}
                href={`https://www.google.com/maps/dir/?api=1&destination=${location.latitude},${location.longitude}`}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ mt: 0.5, ml: -0.5 }}
              >
                {t('details.navigate')}
              </Button>
            ) : null}
          </Fact>
          {r.qrReport ? (
            <Fact label={t('qr.phone')}>
              <QrPhone report={r.qrReport} />
            </Fact>
          ) : null}
          <Fact label={tc('field.region')}>{r.region.name}</Fact>
          <Fact label={t('field.requestedBy')}>
            {t('details.requester', { name: r.requestedBy.name, role: roleName(r.requestedBy.role.name) })}
          </Fact>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Fact label={t('field.technician')}>
            {r.assignedTo ? (
              r.assignedTo.name
            ) : (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {tc('notAssigned')}
              </Box>
            )}
          </Fact>
          <Fact label={t('field.approvedBy')}>{r.approvedBy ? r.approvedBy.name : '—'}</Fact>
          <Fact label={t('field.salesApproval')}>{salesApprovalText(r, t)}</Fact>
          <Fact label={t('field.created')}>{format.dateTime(r.createdAt)}</Fact>
          {r.completedAt ? <Fact label={t('field.completed')}>{format.dateTime(r.completedAt)}</Fact> : null}
        </Grid>
        <Grid size={12}>
          <Fact label={t('field.description')}>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{describe(r)}</Typography>
          </Fact>
        </Grid>
      </Grid>
    </Section>
  );
}
