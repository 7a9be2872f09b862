/**
 * /maintenance (issue 21): the units with anything due, earliest first, with filters (within,
 * state, region) and "Raise due jobs now" (POST /api/maintenance/run) for those who may run it:
 * it asks first, with the server's dry run (RunConfirmDialog, issue 33), and the page says which
 * window the run uses (MAINTENANCE_LEAD_DAYS, from the counts) beside the list's own filter.
 * A table from 600 px up; on a phone, one card per unit (DueCards): nothing scrolls sideways.
 */
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DueItem } from '#shared/contracts/maintenance.ts';
import { hasCapability, regionalScopeOf } from '#shared/domain/permissions.ts';
import { formatPhone, telHref } from '#shared/domain/phone.ts';
import { DataTable, usePaging } from '#web/components/DataTable.tsx';
import { DueStateChip } from '#web/components/DueStateChip.tsx';
import { ExportButton } from '#web/components/export/ExportButton.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useRegions } from '#web/lib/queries/regions.ts';
import { useDueList, useMaintenanceCounts } from './api/due.ts';
import { DueCards } from './DueCards.tsx';
import { RunConfirmDialog } from './RunConfirmDialog.tsx';

/** Links in a row at least 24 px tall, apart from each other (WCAG 2.2 target size, axe `target-size`). */
const TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;

const WITHIN = [7, 30, 60, 90] as const;

export default function MaintenancePage() {
  const { t, ready } = useTranslation('maintenance');
  const format = useFormat();
  const { policyRole } = useAuth();
  const paging = usePaging(25);
  const [within, setWithin] = useState<number>(30);
  const [state, setState] = useState<'' | 'OVERDUE' | 'DUE_SOON'>('');
  const [regionId, setRegionId] = useState('');
  const national = !!policyRole && regionalScopeOf(policyRole) === 'all';
  const regions = useRegions();
  const due = useDueList({ ...paging.query, within, state: state || undefined, regionId: regionId || undefined });
  const [asking, setAsking] = useState(false);
  const mayRun = hasCapability(policyRole, 'maintenanceRun');
  const counts = useMaintenanceCounts(mayRun);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (!ready) return <Loading />;
  const loading = due.isLoading || (due.isFetching && !!due.error);
  const error = due.error && errorMessage(due.error, t('due.fetchFailed'));
  const leadDays = counts.data?.runLeadDays;

  return (
    <Box>
      <PageHeader
        title={t('due.title')}
        subtitle={
          <>
            <Typography variant="body2" color="text.secondary">
              {t('due.subtitle')}
            </Typography>
            {mayRun && leadDays !== undefined && (
              <Typography variant="body2" color="text.secondary" data-testid="run-window">
                {t('run.windowNote', { count: leadDays })}
              </Typography>
            )}
          </>
        }
        actions={
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {/* The due list of these filters, and the contracts ending within the same days (ADR 037). */}
            <ExportButton
              path="/maintenance/due"
              query={{ within, state: state || undefined, regionId: regionId || undefined }}
            />
            {hasCapability(policyRole, 'contractExpiring') && (
              <ExportButton path="/contracts/expiring" query={{ within }} labelKey="expiring" />
            )}
            {mayRun && (
              <Button variant="contained" startIcon={<PlayArrow />} disabled={asking} onClick={() => setAsking(true)}>
                {t('run.button')}
              </Button>
            )}
          </Stack>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('due.within')}
          value={within}
          onChange={(e) => {
            setWithin(Number(e.target.value));
            paging.reset();
          }}
          sx={{ minWidth: 160 }}
        >
          {WITHIN.map((d) => (
            <MenuItem key={d} value={d}>
              {t('due.withinDays', { count: d })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('due.state')}
          value={state}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          onChange={(e) => {
            setState(e.target.value as typeof state);
            paging.reset();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('due.allStates')}</MenuItem>
          <MenuItem value="OVERDUE">{t('state.OVERDUE')}</MenuItem>
          <MenuItem value="DUE_SOON">{t('state.DUE_SOON')}</MenuItem>
        </TextField>
        {national && (
          <TextField
            select
            size="small"
            label={t('due.region')}
            value={regionId}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={(e) => {
              setRegionId(e.target.value);
              paging.reset();
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('due.allRegions')}</MenuItem>
            {(regions.data ?? []).map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {phone ? (
        <DueCards
          rows={due.data?.items}
          total={due.data?.total}
          paging={paging}
          loading={loading}
          error={error}
          onRetry={() => void due.refetch()}
          label={t('due.tableLabel')}
        />
      ) : (
        <DataTable<DueItem>
          label={t('due.tableLabel')}
          columns={[
            {
              key: 'due',
              header: t('due.dueOn'),
              render: (r) => (
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <span>{format.date(r.nextDueOn)}</span>
                  <DueStateChip state={r.state} />
                </Stack>
              ),
            },
            {
              key: 'customer',
              header: t('due.customer'),
              render: (r) => (
                <Box>
                  <Link component={RouterLink} to={`/customers/${r.customer.id}`} sx={{ ...TARGET, fontWeight: 600 }}>
                    {r.customer.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    <Link href={telHref(r.customer.primaryPhone)} color="inherit" sx={TARGET}>
                      {formatPhone(r.customer.primaryPhone)}
                    </Link>
                    {' · '}
                    {r.customer.regionName}
                  </Typography>
                </Box>
              ),
            },
            {
              key: 'product',
              header: t('due.product'),
              render: (r) => (
                <Box>
                  <Link component={RouterLink} to={`/units/${r.unitId}`} sx={TARGET}>
                    {r.product.brand} {r.product.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {r.serialNumber}
                  </Typography>
                </Box>
              ),
            },
            {
              key: 'parts',
              header: t('due.parts'),
              render: (r) => r.dueParts.map((p) => (p.name === 'AMC visit' ? t('unit.amcVisit') : p.name)).join(', '),
            },
            {
              key: 'cover',
              header: t('due.cover'),
              hideBelow: 'md',
              render: (r) =>
                r.contract ? (
                  <Chip size="small" variant="outlined" label={t(`contractType.${r.contract.type}`)} />
                ) : (
                  <Chip size="small" color="warning" variant="outlined" label={t('due.chargeable')} />
                ),
            },
            {
              key: 'request',
              header: t('due.request'),
              hideBelow: 'sm',
              render: (r) =>
                r.openRequestId ? (
                  <Link component={RouterLink} to={`/service-requests/${r.openRequestId}`}>
                    {t('due.openRequest')}
                  </Link>
                ) : (
                  '—'
                ),
            },
          ]}
          rows={due.data?.items}
          total={due.data?.total}
          getRowId={(r) => r.unitId}
          paging={paging}
          loading={loading}
          error={error}
          onRetry={() => void due.refetch()}
          emptyMessage={t('due.empty')}
        />
      )}
      {asking && <RunConfirmDialog regionId={regionId || undefined} within={within} onClose={() => setAsking(false)} />}
    </Box>
  );
}
