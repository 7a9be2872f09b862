/**
 * Each report as a download (issue 38, ADR 050): the JSON table's rows, one column per figure, then
 * the totals as a last row whose first cell says "Total" in the reader's language. The labels are
 * the server catalogue's `export.column.report*`; money is paise (written as rupees by the
 * writer), durations minutes, rates percent.
 */
import { type CellKind, type CellValue, col, type ExportTable, type Say } from '#server/lib/export/columns.ts';
import type { ReportAnswer, ReportName } from '#shared/contracts/reports.ts';
import { REQUEST_STATUSES, REQUEST_TYPES } from '#shared/domain/workflow.ts';

/** One row of a report's download: its cells by column key; `total` marks the totals row. */
export type ReportTableRow = { total?: boolean; cells: Record<string, CellValue> };

type Column = [key: string, kind: CellKind, width?: number, value?: (r: ReportTableRow, say: Say) => CellValue];

/** The first column of a report: the totals row says "Total" there. */
function columnsOf(first: Column, rest: readonly Column[]) {
  const [key, kind, width] = first;
  return [
    col<ReportTableRow>(
      key,
      (r: ReportTableRow, say: Say) => (r.total ? say('export.value.total') : r.cells[key]),
      kind,
      width,
    ),
    ...rest.map(([k, kd, w, value]) => col<ReportTableRow>(k, value ?? ((r) => r.cells[k]), kd, w)),
  ];
}
async function* listed(rows: ReportTableRow[]): AsyncGenerator<ReportTableRow> {
  yield* rows;
}

function table(name: ReportName, sheet: string, first: Column, rest: readonly Column[], rows: ReportTableRow[]) {
  return {
    name: `report-${name}`,
    sheet,
    columns: columnsOf(first, rest),
    rows: listed(rows),
  } satisfies ExportTable<ReportTableRow>;
}

const n = (key: string): Column => [key, 'number'];
const STAGE_KEYS = [
  'RaisedToApproved',
  'ApprovedToAssigned',
  'AssignedToStarted',
  'StartedToCompleted',
  'Whole',
] as const;
const stageField = (k: (typeof STAGE_KEYS)[number]) =>
  (k.charAt(0).toLowerCase() + k.slice(1)) as
    | 'raisedToApproved'
    | 'approvedToAssigned'
    | 'assignedToStarted'
    | 'startedToCompleted'
    | 'whole';

type Tables = { [N in ReportName]: (a: ReportAnswer<N>) => ExportTable<ReportTableRow> };

export const REPORT_TABLES: Tables = {
  requests: (a) => {
    const cells = (r: ReportAnswer<'requests'>['totals']) => ({
      reportRaised: r.raised,
      reportCompleted: r.completed,
      ...Object.fromEntries(REQUEST_TYPES.map((t) => [`reportRaised${t}`, r.byType[t]])),
      ...Object.fromEntries(REQUEST_STATUSES.map((s) => [`reportNow${s}`, r.byStatus[s]])),
    });
    return table(
      'requests',
      'reportRequests',
      ['reportPeriod', 'date'],
      [
        n('reportRaised'),
        n('reportCompleted'),
        ...REQUEST_TYPES.map((t) => n(`reportRaised${t}`)),
        ...REQUEST_STATUSES.map((s) => n(`reportNow${s}`)),
      ],
      [
        ...a.rows.map((r) => ({ cells: { reportPeriod: r.period, ...cells(r) } })),
        { total: true, cells: cells(a.totals) },
      ],
    );
  },
  turnaround: (a) => {
    const cells = (r: ReportAnswer<'turnaround'>['totals']) => ({
      reportCompleted: r.completed,
      ...Object.fromEntries(
        STAGE_KEYS.flatMap((k) => [
          [`report${k}Median`, r[stageField(k)].median],
          [`report${k}P90`, r[stageField(k)].p90],
        ]),
      ),
    });
    return table(
      'turnaround',
      'reportTurnaround',
      ['reportPeriod', 'date'],
      [
        ['region', 'text'],
        n('reportCompleted'),
        ...STAGE_KEYS.flatMap((k) => [n(`report${k}Median`), n(`report${k}P90`)]),
      ],
      [
        ...a.rows.map((r) => ({ cells: { reportPeriod: r.period, region: r.regionName, ...cells(r) } })),
        { total: true, cells: cells(a.totals) },
      ],
    );
  },
  technicians: (a) => {
    const cells = (r: ReportAnswer<'technicians'>['totals']) => ({
      reportJobsCompleted: r.jobsCompleted,
      reportMinutesOnSite: r.minutesOnSite,
      reportWorkingDays: r.workingDays,
      reportJobsPerWorkingDay: r.jobsPerWorkingDay,
      reportFirstTimeFixed: r.firstTimeFixed,
      reportFirstTimeFixRate: r.firstTimeFixRate,
    });
    return table(
      'technicians',
      'reportTechnicians',
      ['technician', 'text'],
      [
        n('reportJobsCompleted'),
        n('reportMinutesOnSite'),
        n('reportWorkingDays'),
        n('reportJobsPerWorkingDay'),
        n('reportFirstTimeFixed'),
        n('reportFirstTimeFixRate'),
      ],
      [
        ...a.rows.map((r) => ({ cells: { technician: r.technicianName, ...cells(r) } })),
        { total: true, cells: cells(a.totals) },
      ],
    );
  },
  'repeat-complaints': (a) =>
    table(
      'repeat-complaints',
      'reportRepeatComplaints',
      ['customer', 'text'],
      [
        ['reportCustomerId', 'text', 38],
        ['serial', 'text'],
        n('reportComplaints'),
        ['reportFirstComplaint', 'datetime'],
        ['reportLastComplaint', 'datetime'],
      ],
      [
        ...a.rows.map((r) => ({
          cells: {
            customer: r.customerName,
            reportCustomerId: r.customerId,
            serial: r.serialNumber,
            reportComplaints: r.complaints,
            reportFirstComplaint: r.firstAt,
            reportLastComplaint: r.lastAt,
          },
        })),
        { total: true, cells: { reportComplaints: a.totals.complaints } },
      ],
    ),
  maintenance: (a) => {
    const cells = (r: ReportAnswer<'maintenance'>['totals']) => ({
      reportDue: r.due,
      reportOnTime: r.onTime,
      reportLate: r.late,
      reportOpen: r.open,
      reportOnTimeRate: r.onTimeRate,
    });
    return table(
      'maintenance',
      'reportMaintenance',
      ['region', 'text'],
      [
        // A due job that names no part is a contract's visit.
        [
          'reportPart',
          'text',
          undefined,
          (r, say) => (r.total ? null : (r.cells.reportPart ?? say('export.value.amcVisit'))),
        ],
        n('reportDue'),
        n('reportOnTime'),
        n('reportLate'),
        n('reportOpen'),
        n('reportOnTimeRate'),
      ],
      [
        ...a.rows.map((r) => ({ cells: { region: r.regionName, reportPart: r.part, ...cells(r) } })),
        { total: true, cells: cells(a.totals) },
      ],
    );
  },
  contracts: (a) => {
    const cells = (r: ReportAnswer<'contracts'>['totals'] | ReportAnswer<'contracts'>['rows'][number]) => ({
      reportRenewalsDue: r.renewalsDue,
      reportRenewalValue: r.valuePaise,
      reportRenewed: r.renewed,
      reportRenewalRate: r.renewalRate,
    });
    return table(
      'contracts',
      'reportContracts',
      ['reportPeriod', 'date'],
      [
        n('reportRenewalsDue'),
        ['reportRenewalValue', 'money'],
        n('reportRenewed'),
        n('reportRenewalRate'),
        n('reportActiveAmcs'),
        ['reportActiveValue', 'money'],
      ],
      [
        ...a.rows.map((r) => ({ cells: { reportPeriod: r.period, ...cells(r) } })),
        {
          total: true,
          cells: {
            ...cells(a.totals),
            reportActiveAmcs: a.totals.activeAmcs,
            reportActiveValue: a.totals.activeValuePaise,
          },
        },
      ],
    );
  },
  'water-quality': (a) => {
    const cells = (r: ReportAnswer<'water-quality'>['totals']) => ({
      reportUnitsRead: r.unitsRead,
      reportTdsHigh: r.tdsHigh,
      reportTdsHighShare: r.tdsHighShare,
      reportMembranesFlagged: r.membranesFlagged,
    });
    return table(
      'water-quality',
      'reportWaterQuality',
      ['region', 'text'],
      [n('reportUnitsRead'), n('reportTdsHigh'), n('reportTdsHighShare'), n('reportMembranesFlagged')],
      [
        ...a.rows.map((r) => ({ cells: { region: r.regionName, ...cells(r) } })),
        { total: true, cells: cells(a.totals) },
      ],
    );
  },
};
