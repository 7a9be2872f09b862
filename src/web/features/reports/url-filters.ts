/**
 * The Reports page's filters, all in the URL (issue 38 item 1: a report can be bookmarked and
 * shared): `?report=<name>&range=<preset>[&from=YYYY-MM-DD&to=YYYY-MM-DD]&region=<id>&groupBy=`.
 * A preset is kept by name, so a bookmark of "last month" opens last month whenever it is opened;
 * only `range=custom` carries its own days. Days are IST calendar days (todayIn), as the API counts
 * them (ADR 050); the date math is the installed base's (shared/domain/maintenance.ts).
 */
import { GROUP_BYS, type GroupBy, MAX_REPORT_DAYS, REPORT_NAMES, type ReportName } from '#shared/contracts/reports.ts';
import { addDays, addMonths, daysBetween, isIsoDate, todayIn } from '#shared/domain/maintenance.ts';

export const RANGE_PRESETS = ['thisMonth', 'lastMonth', 'thisQuarter', 'last12Months', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The reports drawn by period: the others have no `groupBy` (people, customers, regions and parts). */
export const BY_PERIOD: readonly ReportName[] = ['requests', 'turnaround', 'contracts'];

export interface ReportFilters {
  report: ReportName;
  range: RangePreset;
  from: string;
  to: string;
  /** '' = every region in the reader's scope. */
  regionId: string;
  groupBy: GroupBy;
  /** Whether groupBy was chosen (in the URL) rather than the range's default. */
  groupByChosen: boolean;
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** A preset's first and last day, both included, on `today` (an IST day). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): { from: string; to: string } {
  const month = firstOfMonth(today);
  switch (preset) {
    case 'thisMonth':
      return { from: month, to: today };
    case 'lastMonth': {
      const from = addMonths(month, -1);
      return { from, to: addDays(month, -1) };
    }
    case 'thisQuarter': {
      const m = Number(today.slice(5, 7));
      return { from: addMonths(month, -((m - 1) % 3)), to: today };
    }
    case 'last12Months':
      // Twelve whole months: this one so far and the eleven before it.
      return { from: addMonths(month, -11), to: today };
  }
}

/** The grouping a range shows when none is chosen: days for a fortnight, weeks up to a quarter, else months. */
export function defaultGroupBy(from: string, to: string): GroupBy {
  const days = daysBetween(from, to) + 1;
  if (days <= 14) return 'day';
  if (days <= 92) return 'week';
  return 'month';
}

/** The filters a URL names, every missing or broken value replaced by its default. */
export function readFilters(params: URLSearchParams, today: string = todayIn()): ReportFilters {
  const reportParam = params.get('report') as ReportName | null;
  const report = reportParam && REPORT_NAMES.includes(reportParam) ? reportParam : REPORT_NAMES[0];
  const rangeParam = params.get('range') as RangePreset | null;
  let range: RangePreset = rangeParam && RANGE_PRESETS.includes(rangeParam) ? rangeParam : 'thisMonth';
  let from = '';
  let to = '';
  if (range === 'custom') {
    from = params.get('from') ?? '';
    to = params.get('to') ?? '';
    const valid = isIsoDate(from) && isIsoDate(to) && from <= to && daysBetween(from, to) + 1 <= MAX_REPORT_DAYS;
    if (!valid) range = 'thisMonth';
  }
  if (range !== 'custom') ({ from, to } = presetRange(range, today));
  const groupParam = params.get('groupBy') as GroupBy | null;
  const groupByChosen = !!groupParam && GROUP_BYS.includes(groupParam);
  return {
    report,
    range,
    from,
    to,
    regionId: params.get('region') ?? '',
    groupBy: groupByChosen && groupParam ? groupParam : defaultGroupBy(from, to),
    groupByChosen,
  };
}

/** The URL's search params of some filters (defaults left out, so a plain /reports stays plain). */
export function writeFilters(f: ReportFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.report !== REPORT_NAMES[0]) out.set('report', f.report);
  if (f.range !== 'thisMonth') out.set('range', f.range);
  if (f.range === 'custom') {
    out.set('from', f.from);
    out.set('to', f.to);
  }
  if (f.regionId) out.set('region', f.regionId);
  if (f.groupByChosen) out.set('groupBy', f.groupBy);
  return out;
}

/** Why a custom range cannot be asked for, or null when it can (the API's own rules, ADR 050). */
export function rangeProblem(from: string, to: string): 'invalid' | 'order' | 'tooLong' | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return 'invalid';
  if (from > to) return 'order';
  if (daysBetween(from, to) + 1 > MAX_REPORT_DAYS) return 'tooLong';
  return null;
}

/** The API's query for the filters: `groupBy` only where the report has periods. */
export function apiQuery(f: ReportFilters, regionId: string | undefined) {
  return {
    from: f.from,
    to: f.to,
    regionId: regionId || undefined,
    groupBy: BY_PERIOD.includes(f.report) ? f.groupBy : undefined,
  };
}
