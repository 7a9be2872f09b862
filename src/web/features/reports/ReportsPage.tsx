/**
 * /reports (issue 38 items 1 and 4, ADR 050): the seven reports, one at a time, each a chart and
 * its table, for a period (this month, last month, this quarter, the last 12 months, or custom
 * days) and a region, grouped by day, week or month where the report has periods. Every filter
 * lives in the URL (url-filters.ts), so a report is bookmarked and shared, and a reload shows the
 * same view. The admins pick any region or all; a Manager's reports are their region's (the
 * server answers 404 for another), so they get no choice; a region-less Manager picks as an admin.
 * Export downloads the same table as CSV or Excel through the lists' Export button (ADR 037).
 * Words in the on-demand `reports` catalogue; the chart library is a lazy chunk (ReportChart).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GROUP_BYS, type GroupBy, MAX_REPORT_DAYS, REPORT_NAMES, type ReportName } from '#shared/contracts/reports.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ExportButton } from '#web/components/export/ExportButton.tsx';
import { Loading } from '#web/components/Loading.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { useFormat } from '#web/i18n/hooks.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth.tsx';
import { useRegions } from '#web/lib/queries/regions.ts';
import { reportPath, useReport } from './api.ts';
import { ReportContent } from './components/Reports.tsx';
import {
  apiQuery,
  BY_PERIOD,
  RANGE_PRESETS,
  type RangePreset,
  type ReportFilters,
  rangeProblem,
  readFilters,
  writeFilters,
} from './url-filters.ts';

/** The custom range's two days, typed: the URL takes them once they make a range the API answers. */
function CustomRange({ filters, onChange }: { filters: ReportFilters; onChange: (from: string, to: string) => void }) {
  const { t } = useTranslation('reports');
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const problem = rangeProblem(from, to);
  const change = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (!rangeProblem(nextFrom, nextTo)) onChange(nextFrom, nextTo);
  };
  const helper = problem ? t(`rangeProblem.${problem}`, { days: MAX_REPORT_DAYS }) : undefined;
  return (
    <>
      <TextField
        size="small"
        type="date"
        label={t('from')}
        value={from}
        onChange={(e) => change(e.target.value, to)}
        slotProps={{ inputLabel: { shrink: true } }}
        error={!!problem}
        sx={{ minWidth: 160 }}
      />
      <TextField
        size="small"
        type="date"
        label={t('to')}
        value={to}
        onChange={(e) => change(from, e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        error={!!problem}
        helperText={helper}
        sx={{ minWidth: 160 }}
      />
    </>
  );
}

export default function ReportsPage() {
  const { t, ready } = useTranslation('reports');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const { user, policyRole } = useAuth();
  const id = useId();
  const filters = readFilters(params);
  // A Manager with a region sees theirs only: no choice, and no regionId sent (the server scopes).
  const ownRegion = policyRole && regionalScopeOf(policyRole) !== 'all' ? (user?.region?.name ?? null) : null;
  const picksRegion = !ownRegion;
  const regions = useRegions();
  const regionId = picksRegion ? filters.regionId : '';
  const query = apiQuery(filters, regionId);
  const report = useReport(filters.report, query);
  if (!ready) return <Loading />;

  const set = (change: Partial<ReportFilters>) => setParams(writeFilters({ ...filters, ...change }), { replace: true });
  const setRange = (range: RangePreset) =>
    // Custom starts from the days on screen; a preset forgets them, and the grouping follows the range.
    set({ range, groupByChosen: false });
  const byPeriod = BY_PERIOD.includes(filters.report);
  const error = report.error && errorMessage(report.error, t('fetchFailed'));

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('title')}
        subtitle={
          <Typography variant="body2" color="text.secondary" data-testid="report-range">
            {t('showing', { from: format.date(filters.from), to: format.date(filters.to) })}
          </Typography>
        }
        actions={<ExportButton path={reportPath(filters.report)} query={query} />}
        phoneActions="start"
      />
      <Stack
        component="section"
        aria-label={t('filters')}
        direction={{ xs: 'column', sm: 'row' }}
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 2, mb: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          select
          size="small"
          label={t('range.label')}
          value={filters.range}
          onChange={(e) => setRange(e.target.value as RangePreset)}
          sx={{ minWidth: 180 }}
        >
          {RANGE_PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`range.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        {filters.range === 'custom' && <CustomRange filters={filters} onChange={(from, to) => set({ from, to })} />}
        {picksRegion ? (
          <TextField
            select
            size="small"
            label={t('region')}
            value={regions.data?.some((r) => r.id === filters.regionId) ? filters.regionId : ''}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={(e) => set({ regionId: e.target.value })}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('allRegions')}</MenuItem>
            {(regions.data ?? []).map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Chip
            label={t('yourRegion', { name: ownRegion })}
            variant="outlined"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          />
        )}
        {byPeriod && (
          <TextField
            select
            size="small"
            label={t('groupBy.label')}
            value={filters.groupBy}
            onChange={(e) => set({ groupBy: e.target.value as GroupBy, groupByChosen: true })}
            sx={{ minWidth: 140 }}
          >
            {GROUP_BYS.map((g) => (
              <MenuItem key={g} value={g}>
                {t(`groupBy.${g}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Tabs
        value={filters.report}
        onChange={(_e, v: ReportName) => set({ report: v })}
        aria-label={t('reportPicker')}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {REPORT_NAMES.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`report.${name}`)}
            id={`${id}-tab-${name}`}
            aria-controls={name === filters.report ? `${id}-panel` : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${filters.report}`} sx={{ minWidth: 0 }}>
        {report.isFetching && report.data && <LinearProgress sx={{ mb: 1 }} aria-label={t('loading')} />}
        {error ? (
          <ErrorAlert message={error} error={report.error} onRetry={() => void report.refetch()} />
        ) : report.data ? (
          <ReportContent
            name={filters.report}
            data={report.data}
            context={{ from: filters.from, to: filters.to, groupBy: filters.groupBy }}
          />
        ) : (
          <Loading />
        )}
      </Box>
    </Box>
  );
}
