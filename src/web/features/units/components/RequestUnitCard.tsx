/**
 * Issue 21, on the details page of a request raised for an installed unit: the purifier (brand and
 * model, serial number), linked to the unit's page for those who may open it, and what is due on
 * it. Read from GET /api/units/:id: the request's assignee reads its unit there even from another
 * region; a reader the server does not let see the unit (404) sees no card. A technician's units
 * are kept on the phone with their tasks (issue 33), so the card shows offline too. The details page (features/requests)
 * gives its card and label frames; the app composes the two (app/pages/RequestDetailsPage.tsx).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { canOpen } from '#shared/domain/permissions.ts';
import { DueStateChip } from '#web/components/DueStateChip.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useUnitDetails } from '../api/unit.ts';

/** The details page's frames: a titled card, and a labelled value. */
export interface RequestCardFrames {
  Section: ComponentType<{ title: string; children: ReactNode }>;
  Fact: ComponentType<{ label: string; children: ReactNode }>;
}

export function RequestUnitCard({ unitId, Section, Fact }: { unitId: string } & RequestCardFrames) {
  const { t, ready } = useTranslation('maintenance');
  const format = useFormat();
  const { policyRole } = useAuth();
  const unit = useUnitDetails(unitId);
  if (!ready) return null;
  // Not the reader's to see (404), or no network (a technician's phone offline: the page already
  // says so, and the query tries again when the network is back): no card rather than an error.
  const e = unit.error;
  if (!unit.data && e instanceof ApiError && (e.status === 404 || e.status === 403 || e.code === 'NETWORK')) {
    return null;
  }
  const u = unit.data;
  const title = t('requestUnit.title');
  if (!u) {
    return (
      <Section title={title}>
        {unit.error ? (
          <ErrorAlert
            message={errorMessage(unit.error, t('unit.fetchFailed'))}
            onRetry={() => void unit.refetch()}
            retrying={unit.isFetching}
          />
        ) : (
          <Skeleton variant="rounded" height={72} />
        )}
      </Section>
    );
  }
  const product = [u.product.brand, u.product.name].join(' ');
  const due = u.schedule.filter((s) => s.state !== 'OK');
  return (
    <Section title={title}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {canOpen(policyRole, 'unit') ? (
            <Link
              component={RouterLink}
              to={`/units/${u.id}`}
              // A thumb's target on a phone.
              sx={{ display: 'inline-flex', alignItems: 'center', minHeight: { xs: 44, sm: 0 } }}
            >
              {product}
            </Link>
          ) : (
            product
          )}
        </Typography>
        {u.status === 'REMOVED' ? <Chip size="small" label={t('unit.removed')} /> : null}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('unit.serial')} {u.serialNumber} · {t('unit.installedOn')} {format.date(u.installedOn)}
      </Typography>
      {u.locationNote ? (
        <Typography variant="body2" color="text.secondary">
          {t('unit.location')}: {u.locationNote}
        </Typography>
      ) : null}
      <Fact label={t('due.parts')}>
        {due.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('requestUnit.nothingDue')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {due.map((s) => (
              <Box
                component="li"
                key={s.id}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, py: 0.25 }}
              >
                <span>{s.partId ? s.name : t('unit.amcVisit')}</span>
                <Typography component="span" variant="body2" color="text.secondary">
                  {s.nextDueOn ? format.date(s.nextDueOn) : '—'}
                </Typography>
                <DueStateChip state={s.state} />
              </Box>
            ))}
          </Box>
        )}
      </Fact>
    </Section>
  );
}
