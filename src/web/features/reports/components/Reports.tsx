/**
 * The seven reports (issue 38, ADR 050 says what each counts): for each, its chart (what to draw),
 * its summary in words and its table's columns, from the API's `{ rows, totals }`. The numbers
 * are the server's; this file only lays them out.
 */
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { TDS_ACCEPTABLE_LIMIT } from '#shared/contracts/readings.ts';
import type { GroupBy, ReportAnswer, ReportName } from '#shared/contracts/reports.ts';
import { REQUEST_STATUSES, REQUEST_TYPES } from '#shared/domain/workflow.ts';
import { useRequestLabels } from '#web/i18n/request-labels.ts';
import type { ChartSpec } from './chart-spec.ts';
import type { ReportColumn } from './ReportTable.tsx';
import { ReportView } from './ReportView.tsx';
import { NONE, type ReportWords, useReportWords } from './words.ts';

/** The most bars a chart of people, customers or parts draws (the table has them all). */
const MOST_BARS = 12;

export interface ReportContext {
  from: string;
  to: string;
  groupBy: GroupBy;
}

interface Props<N extends ReportName> {
  data: ReportAnswer<N>;
  context: ReportContext;
}

/** Links in a row at least 24 px tall (WCAG 2.2 target size, axe `target-size`). */
const TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;

const allZero = (series: ChartSpec['series']) => series.every((s) => s.data.every((v) => !v));

/** The chart, or null when every bar would be empty (the summary says there is nothing). */
function chartOf(spec: ChartSpec): ChartSpec | null {
  return spec.categories.length > 0 && !allZero(spec.series) ? spec : null;
}

function rangeText(w: ReportWords, c: ReportContext) {
  return { from: w.format.date(c.from), to: w.format.date(c.to) };
}

function RequestsReport({ data, context }: Props<'requests'>) {
  const w = useReportWords();
  const { t } = w;
  const labels = useRequestLabels();
  type Row = (typeof data.rows)[number];
  const statuses = REQUEST_STATUSES.filter((s) => data.totals.byStatus[s] > 0);
  const busiest = data.rows.reduce<Row | null>((a, r) => (!a || r.raised > a.raised ? r : a), null);
  const columns: ReportColumn<Row>[] = [
    { key: 'period', header: t('col.period'), nowrap: true, render: (r) => w.period(r.period, context.groupBy) },
    {
      key: 'raised',
      header: t('col.raised'),
      numeric: true,
      render: (r) => w.number(r.raised),
      total: w.number(data.totals.raised),
    },
    {
      key: 'completed',
      header: t('col.completed'),
      numeric: true,
      render: (r) => w.number(r.completed),
      total: w.number(data.totals.completed),
    },
    ...REQUEST_TYPES.map<ReportColumn<Row>>((type) => ({
      key: `type-${type}`,
      header: labels.type(type),
      numeric: true,
      render: (r) => w.number(r.byType[type]),
      total: w.number(data.totals.byType[type]),
    })),
    ...statuses.map<ReportColumn<Row>>((s) => ({
      key: `status-${s}`,
      header: t('col.nowStatus', { status: labels.statusFilter(s) }),
      numeric: true,
      render: (r) => w.number(r.byStatus[s]),
      total: w.number(data.totals.byStatus[s]),
    })),
  ];
  return (
    <ReportView
      chart={chartOf({
        title: t('requests.chartTitle'),
        categories: data.rows.map((r) => w.periodShort(r.period, context.groupBy)),
        series: [
          { id: 'raised', label: t('col.raised'), data: data.rows.map((r) => r.raised), tone: 'primary' },
          { id: 'completed', label: t('col.completed'), data: data.rows.map((r) => r.completed), tone: 'success' },
        ],
        integer: true,
        format: (v) => (v === null ? NONE : w.number(v)),
      })}
      summary={
        data.totals.raised + data.totals.completed === 0
          ? t('empty')
          : t('requests.summary', {
              ...rangeText(w, context),
              raised: w.number(data.totals.raised),
              completed: w.number(data.totals.completed),
              busiest: busiest ? w.period(busiest.period, context.groupBy) : NONE,
              most: w.number(busiest?.raised ?? 0),
            })
      }
      table={{
        label: t('requests.tableLabel'),
        columns,
        rows: data.rows,
        rowKey: (r) => r.period,
        totalLabel: t('total'),
        emptyMessage: t('empty'),
      }}
    />
  );
}

const STAGES = ['raisedToApproved', 'approvedToAssigned', 'assignedToStarted', 'startedToCompleted', 'whole'] as const;

function TurnaroundReport({ data, context }: Props<'turnaround'>) {
  const w = useReportWords();
  const { t } = w;
  type Row = (typeof data.rows)[number];
  const { totals } = data;
  const hours = (m: number | null) => (m === null ? null : Math.round(m / 6) / 10);
  const columns: ReportColumn<Row>[] = [
    { key: 'period', header: t('col.period'), nowrap: true, render: (r) => w.period(r.period, context.groupBy) },
    { key: 'region', header: t('col.region'), nowrap: true, render: (r) => r.regionName },
    {
      key: 'completed',
      header: t('col.completed'),
      numeric: true,
      render: (r) => w.number(r.completed),
      total: w.number(totals.completed),
    },
    ...[...STAGES.slice(-1), ...STAGES.slice(0, -1)].flatMap<ReportColumn<Row>>((stage) => [
      {
        key: `${stage}-median`,
        header: t('turnaround.median', { stage: t(`stage.${stage}`) }),
        numeric: true,
        render: (r) => w.duration(r[stage].median),
        total: w.duration(totals[stage].median),
      },
      {
        key: `${stage}-p90`,
        header: t('turnaround.p90', { stage: t(`stage.${stage}`) }),
        numeric: true,
        render: (r) => w.duration(r[stage].p90),
        total: w.duration(totals[stage].p90),
      },
    ]),
  ];
  return (
    <ReportView
      chart={chartOf({
        title: t('turnaround.chartTitle'),
        horizontal: true,
        categories: STAGES.map((s) => t(`stage.${s}`)),
        series: [
          {
            id: 'median',
            label: t('turnaround.medianShort'),
            data: STAGES.map((s) => hours(totals[s].median)),
            tone: 'primary',
          },
          {
            id: 'p90',
            label: t('turnaround.p90Short'),
            data: STAGES.map((s) => hours(totals[s].p90)),
            tone: 'warning',
          },
        ],
        format: (v) => (v === null ? NONE : w.duration(v * 60)),
      })}
      summary={
        totals.completed === 0
          ? t('turnaround.none')
          : t('turnaround.summary', {
              ...rangeText(w, context),
              count: w.number(totals.completed),
              median: w.duration(totals.whole.median),
              p90: w.duration(totals.whole.p90),
            })
      }
      table={{
        label: t('turnaround.tableLabel'),
        columns,
        rows: data.rows,
        rowKey: (r) => `${r.period}-${r.regionId}`,
        totalLabel: t('total'),
        emptyMessage: t('empty'),
      }}
    />
  );
}

function TechniciansReport({ data, context }: Props<'technicians'>) {
  const w = useReportWords();
  const { t } = w;
  type Row = (typeof data.rows)[number];
  const { totals } = data;
  const top = data.rows.slice(0, MOST_BARS);
  const columns: ReportColumn<Row>[] = [
    { key: 'name', header: t('col.technician'), render: (r) => r.technicianName },
    {
      key: 'jobs',
      header: t('col.jobsCompleted'),
      numeric: true,
      render: (r) => w.number(r.jobsCompleted),
      total: w.number(totals.jobsCompleted),
    },
    {
      key: 'ftf',
      header: t('col.firstTimeFixRate'),
      numeric: true,
      render: (r) => w.percent(r.firstTimeFixRate),
      total: w.percent(totals.firstTimeFixRate),
    },
    {
      key: 'fixed',
      header: t('col.firstTimeFixed'),
      numeric: true,
      render: (r) => w.number(r.firstTimeFixed),
      total: w.number(totals.firstTimeFixed),
    },
    {
      key: 'onSite',
      header: t('col.timeOnSite'),
      numeric: true,
      render: (r) => w.hours(r.minutesOnSite),
      total: w.hours(totals.minutesOnSite),
    },
    {
      key: 'days',
      header: t('col.workingDays'),
      numeric: true,
      render: (r) => w.number(r.workingDays),
      total: w.number(totals.workingDays),
    },
    {
      key: 'perDay',
      header: t('col.jobsPerDay'),
      numeric: true,
      render: (r) => (r.jobsPerWorkingDay === null ? NONE : w.number(r.jobsPerWorkingDay)),
      total: totals.jobsPerWorkingDay === null ? NONE : w.number(totals.jobsPerWorkingDay),
    },
  ];
  const best = data.rows[0];
  return (
    <ReportView
      chart={chartOf({
        title: t('technicians.chartTitle'),
        horizontal: true,
        categories: top.map((r) => r.technicianName),
        series: [
          { id: 'jobs', label: t('col.jobsCompleted'), data: top.map((r) => r.jobsCompleted), tone: 'primary' },
          { id: 'fixed', label: t('col.firstTimeFixed'), data: top.map((r) => r.firstTimeFixed), tone: 'success' },
        ],
        integer: true,
        format: (v) => (v === null ? NONE : w.number(v)),
      })}
      summary={
        !best
          ? t('technicians.none')
          : t('technicians.summary', {
              ...rangeText(w, context),
              people: w.number(data.rows.length),
              jobs: w.number(totals.jobsCompleted),
              rate: w.percent(totals.firstTimeFixRate),
              top: best.technicianName,
              topJobs: w.number(best.jobsCompleted),
            })
      }
      note={t('technicians.note')}
      table={{
        label: t('technicians.tableLabel'),
        columns,
        rows: data.rows,
        rowKey: (r) => r.technicianId,
        totalLabel: t('total'),
        emptyMessage: t('technicians.none'),
      }}
    />
  );
}

function RepeatComplaintsReport({ data }: Props<'repeat-complaints'>) {
  const w = useReportWords();
  const { t } = w;
  type Row = (typeof data.rows)[number];
  const { totals } = data;
  const top = data.rows.slice(0, MOST_BARS);
  const nameOf = (r: Row) => `${r.customerName} · ${r.serialNumber ?? t('noUnit')}`;
  const columns: ReportColumn<Row>[] = [
    {
      key: 'customer',
      header: t('col.customer'),
      render: (r) => (
        <Link
          component={RouterLink}
          to={`/customers/${encodeURIComponent(r.customerId)}`}
          sx={{ ...TARGET, fontWeight: 600 }}
        >
          {r.customerName}
        </Link>
      ),
    },
    { key: 'unit', header: t('col.unit'), render: (r) => r.serialNumber ?? t('noUnit') },
    { key: 'complaints', header: t('col.complaints'), numeric: true, render: (r) => w.number(r.complaints) },
    { key: 'first', header: t('col.firstComplaint'), render: (r) => w.format.date(r.firstAt) },
    { key: 'last', header: t('col.lastComplaint'), render: (r) => w.format.date(r.lastAt) },
  ];
  const span = { from: w.format.date(totals.windowFrom), to: w.format.date(totals.windowTo) };
  return (
    <ReportView
      chart={chartOf({
        title: t('repeat.chartTitle'),
        horizontal: true,
        categories: top.map(nameOf),
        series: [{ id: 'complaints', label: t('col.complaints'), data: top.map((r) => r.complaints), tone: 'error' }],
        integer: true,
        format: (v) => (v === null ? NONE : w.number(v)),
      })}
      summary={
        data.rows.length === 0
          ? t('repeat.none', span)
          : t('repeat.summary', {
              ...span,
              customers: w.number(totals.customers),
              units: w.number(totals.units),
              complaints: w.number(totals.complaints),
            })
      }
      note={t('repeat.note', span)}
      table={{
        label: t('repeat.tableLabel'),
        columns,
        rows: data.rows,
        rowKey: (r) => `${r.customerId}-${r.unitId ?? 'none'}`,
        emptyMessage: t('repeat.none', span),
      }}
    />
  );
}

function MaintenanceReport({ data, context }: Props<'maintenance'>) {
  const w = useReportWords();
  const { t } = w;
  type Row = (typeof data.rows)[number];
  const { totals } = data;
  const regions = new Set(data.rows.map((r) => r.regionId)).size;
  const partOf = (r: Row) => r.part ?? t('amcVisit');
  const top = [...data.rows].sort((a, b) => b.due - a.due).slice(0, MOST_BARS);
  const columns: ReportColumn<Row>[] = [
    { key: 'region', header: t('col.region'), nowrap: true, render: (r) => r.regionName },
    { key: 'part', header: t('col.part'), render: partOf },
    { key: 'due', header: t('col.due'), numeric: true, render: (r) => w.number(r.due), total: w.number(totals.due) },
    {
      key: 'onTime',
      header: t('col.onTime'),
      numeric: true,
      render: (r) => w.number(r.onTime),
      total: w.number(totals.onTime),
    },
    {
      key: 'late',
      header: t('col.late'),
      numeric: true,
      render: (r) => w.number(r.late),
      total: w.number(totals.late),
    },
    {
      key: 'open',
      header: t('col.open'),
      numeric: true,
      render: (r) => w.number(r.open),
      total: w.number(totals.open),
    },
    {
      key: 'rate',
      header: t('col.onTimeRate'),
      numeric: true,
      render: (r) => w.percent(r.onTimeRate),
      total: w.percent(totals.onTimeRate),
    },
  ];
  return (
    <ReportView
      chart={chartOf({
        title: t('maintenance.chartTitle'),
        horizontal: true,
        categories: top.map((r) => (regions > 1 ? `${partOf(r)} · ${r.regionName}` : partOf(r))),
        series: [
          { id: 'onTime', label: t('col.onTime'), data: top.map((r) => r.onTime), tone: 'success', stack: 'due' },
          { id: 'late', label: t('col.late'), data: top.map((r) => r.late), tone: 'warning', stack: 'due' },
          { id: 'open', label: t('col.open'), data: top.map((r) => r.open), tone: 'error', stack: 'due' },
        ],
        integer: true,
        format: (v) => (v === null ? NONE : w.number(v)),
      })}
      summary={
        totals.due === 0
          ? t('maintenance.none')
          : t('maintenance.summary', {
              ...rangeText(w, context),
              due: w.number(totals.due),
              onTime: w.number(totals.onTime),
              late: w.number(totals.late),
              open: w.number(totals.open),
              rate: w.percent(totals.onTimeRate),
            })
      }
      table={{
        label: t('maintenance.tableLabel'),
        columns,
        rows: data.rows,
        rowKey: (r) => `${r.regionId}-${r.part ?? ''}`,
        totalLabel: t('total'),
        emptyMessage: t('maintenance.none'),
      }}
    />
  );
}

function ContractsReport({ data, context }: Props<'contracts'>) {
  const w = useReportWords();
  const { t } = w;
  type Row = (typeof data.rows)[number];
  const { totals } = data;
  const columns: ReportColumn<Row>[] = [
    { key: 'period', header: t('col.period'), nowrap: true, render: (r) => w.period(r.period, context.groupBy) },
    {
      key: 'due',
      header: t('col.renewalsDue'),
      numeric: true,
      render: (r) => w.number(r.renewalsDue),
      total: w.number(totals.renewalsDue),
    },
    {
      key: 'value',
      header: t('col.value'),
      numeric: true,
      render: (r) => w.rupees(r.valuePaise),
      total: w.rupees(totals.valuePaise),
    },
    {
      key: 'renewed',
      header: t('col.renewed'),
      numeric: true,
      render: (r) => w.number(r.renewed),
      total: w.number(totals.renewed),
    },
    {
      key: 'rate',
      header: t('col.renewalRate'),
      numeric: true,
      render: (r) => w.percent(r.renewalRate),
      total: w.percent(totals.renewalRate),
    },
  ];
  return (
    <ReportView
      chart={chartOf({
        title: t('contracts.chartTitle'),
        categories: data.rows.map((r) => w.periodShort(r.period, context.groupBy)),
        series: [
          { id: 'due', label: t('col.renewalsDue'), data: data.rows.map((r) => r.renewalsDue), tone: 'primary' },
          { id: 'renewed', label: t('col.renewed'), data: data.rows.map((r) => r.renewed), tone: 'success' },
        ],
        integer: true,
        format: (v) => (v === null ? NONE : w.number(v)),
      })}
      summary={t('contracts.summary', {
        ...rangeText(w, context),
        due: w.number(totals.renewalsDue),
        value: w.rupees(totals.valuePaise),
        renewed: w.number(totals.renewed),
        rate: w.percent(totals.renewalRate),
      })}
      note={t('contracts.active', {
        to: w.format.date(context.to),
        count: w.number(totals.activeAmcs),
        value: w.rupees(totals.activeValuePaise),
      })}
      table={{
        label: t('contracts.tableLabel'),
        columns,
        rows: data.rows,
        rowKey: (r) => r.period,
        totalLabel: t('total'),
        emptyMessage: t('empty'),
      }}
    />
  );
}

function WaterQualityReport({ data, context }: Props<'water-quality'>) {
  const w = useReportWords();
  const { t } = w;
  type Row = (typeof data.rows)[number];
  const { totals } = data;
  const columns: ReportColumn<Row>[] = [
    { key: 'region', header: t('col.region'), nowrap: true, render: (r) => r.regionName },
    {
      key: 'read',
      header: t('col.unitsRead'),
      numeric: true,
      render: (r) => w.number(r.unitsRead),
      total: w.number(totals.unitsRead),
    },
    {
      key: 'high',
      header: t('col.tdsHigh', { limit: TDS_ACCEPTABLE_LIMIT }),
      numeric: true,
      render: (r) => w.number(r.tdsHigh),
      total: w.number(totals.tdsHigh),
    },
    {
      key: 'share',
      header: t('col.tdsHighShare'),
      numeric: true,
      render: (r) => w.percent(r.tdsHighShare),
      total: w.percent(totals.tdsHighShare),
    },
    {
      key: 'flagged',
      header: t('col.membranesFlagged'),
      numeric: true,
      render: (r) => w.number(r.membranesFlagged),
      total: w.number(totals.membranesFlagged),
    },
  ];
  return (
    <ReportView
      chart={chartOf({
        title: t('water.chartTitle'),
        categories: data.rows.map((r) => r.regionName),
        series: [
          {
            id: 'high',
            label: t('col.tdsHigh', { limit: TDS_ACCEPTABLE_LIMIT }),
            data: data.rows.map((r) => r.tdsHigh),
            tone: 'error',
          },
          {
            id: 'flagged',
            label: t('col.membranesFlagged'),
            data: data.rows.map((r) => r.membranesFlagged),
            tone: 'warning',
          },
        ],
        integer: true,
        format: (v) => (v === null ? NONE : w.number(v)),
      })}
      summary={
        totals.unitsRead === 0
          ? t('water.none', { to: w.format.date(context.to) })
          : t('water.summary', {
              to: w.format.date(context.to),
              units: w.number(totals.unitsRead),
              high: w.number(totals.tdsHigh),
              share: w.percent(totals.tdsHighShare),
              limit: TDS_ACCEPTABLE_LIMIT,
              flagged: w.number(totals.membranesFlagged),
            })
      }
      table={{
        label: t('water.tableLabel'),
        columns,
        rows: data.rows,
        rowKey: (r) => r.regionId,
        totalLabel: t('total'),
        emptyMessage: t('empty'),
      }}
    />
  );
}

/** The report `name`'s view of its answer. */
export function ReportContent({ name, data, context }: { name: ReportName; data: unknown; context: ReportContext }) {
  switch (name) {
    case 'requests':
      return <RequestsReport data={data as ReportAnswer<'requests'>} context={context} />;
    case 'turnaround':
      return <TurnaroundReport data={data as ReportAnswer<'turnaround'>} context={context} />;
    case 'technicians':
      return <TechniciansReport data={data as ReportAnswer<'technicians'>} context={context} />;
    case 'repeat-complaints':
      return <RepeatComplaintsReport data={data as ReportAnswer<'repeat-complaints'>} context={context} />;
    case 'maintenance':
      return <MaintenanceReport data={data as ReportAnswer<'maintenance'>} context={context} />;
    case 'contracts':
      return <ContractsReport data={data as ReportAnswer<'contracts'>} context={context} />;
    case 'water-quality':
      return <WaterQualityReport data={data as ReportAnswer<'water-quality'>} context={context} />;
  }
}
