/**
 * Reports (issue 38, ADR 050): `GET /api/reports/<name>?from&to&regionId&groupBy[&format]`
 * answers `{ rows, totals }`. Dates are IST calendar days, both ends included; periods start on
 * their IST day (a week on its Monday, a month on its 1st) and every period of the range is a
 * row, empty or not. Durations are in minutes, money in paise, rates in percent (one decimal; null
 * when there is nothing to divide).
 */
import { z } from 'zod';
import { daysBetween } from '../domain/maintenance.ts';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../domain/workflow.ts';
import { exportQuery } from './exports.ts';
import { isoDate } from './maintenance.ts';

/** The reports, in the order: each is `/api/reports/<name>`. */
export const REPORT_NAMES = [
  'requests',
  'turnaround',
  'technicians',
  'repeat-complaints',
  'maintenance',
  'contracts',
  'water-quality',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const GROUP_BYS = ['day', 'week', 'month'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/** The longest range a report answers, in days (both ends counted). */
export const MAX_REPORT_DAYS = 400;

/** The contracts' validation texts (English; each is `reports.error.<key>` in the six server catalogues). */
export const REPORT_MESSAGES = {
  reportFromAfterTo: 'The start date must be on or before the end date',
  reportRangeTooLong: 'A report covers at most 400 days',
  reportGroupBy: 'groupBy must be day, week or month',
  reportRegionInvalid: 'regionId must be a region id',
} as const;

export const reportQuery = z
  .object({
    from: isoDate,
    to: isoDate,
    regionId: z.uuid({ message: REPORT_MESSAGES.reportRegionInvalid }).optional(),
    groupBy: z.enum(GROUP_BYS, { error: REPORT_MESSAGES.reportGroupBy }).default('month'),
  })
  // `format=csv|xlsx`: the same table as a download (ADR 037).
  .extend(exportQuery.shape)
  .refine((q) => q.from <= q.to, { message: REPORT_MESSAGES.reportFromAfterTo, path: ['from'] })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) + 1 <= MAX_REPORT_DAYS, {
    message: REPORT_MESSAGES.reportRangeTooLong,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof reportQuery>;

const count = z.number().int();
const rate = z.number().nullable();
const minutes = z.number().nullable();
const byType = z.object(
  Object.fromEntries(REQUEST_TYPES.map((t) => [t, count])) as Record<(typeof REQUEST_TYPES)[number], typeof count>,
);
const byStatus = z.object(
  Object.fromEntries(REQUEST_STATUSES.map((s) => [s, count])) as Record<
    (typeof REQUEST_STATUSES)[number],
    typeof count
  >,
);

// ------------------------------------------------------------------ requests

const requestsFigures = z.object({
  /** Raised in the period (created_at's IST day). */
  raised: count,
  /** Completed in the period (completed_at's IST day), whenever raised. */
  completed: count,
  /** The raised ones by type. */
  byType,
  /** The raised ones by their status now. */
  byStatus,
});
export const requestsReport = z.object({
  rows: z.array(requestsFigures.extend({ period: z.string() })),
  totals: requestsFigures,
});

// ------------------------------------------------------------------ turnaround

/** One stage's median and 90th percentile in minutes (null: no request passed it). */
const stage = z.object({ median: minutes, p90: minutes });
const turnaroundFigures = z.object({
  /** Requests completed in the period (the cohort). */
  completed: count,
  raisedToApproved: stage,
  approvedToAssigned: stage,
  assignedToStarted: stage,
  startedToCompleted: stage,
  whole: stage,
});
export const turnaroundReport = z.object({
  rows: z.array(turnaroundFigures.extend({ period: z.string(), regionId: z.string(), regionName: z.string() })),
  totals: turnaroundFigures,
});

// ------------------------------------------------------------------ technicians

const technicianFigures = z.object({
  jobsCompleted: count,
  /** Sum of the technician's closed work logs (end − start) that started in the range. */
  minutesOnSite: count,
  /** Distinct IST days with a completion. */
  workingDays: count,
  jobsPerWorkingDay: rate,
  firstTimeFixed: count,
  firstTimeFixRate: rate,
});
export const techniciansReport = z.object({
  rows: z.array(technicianFigures.extend({ technicianId: z.string(), technicianName: z.string() })),
  totals: technicianFigures,
});

// ------------------------------------------------------------------ repeat complaints

export const repeatComplaintsReport = z.object({
  rows: z.array(
    z.object({
      customerId: z.string(),
      customerName: z.string(),
      /** Null: the customer's complaints that name no unit. */
      unitId: z.string().nullable(),
      serialNumber: z.string().nullable(),
      complaints: count,
      firstAt: z.string(),
      lastAt: z.string(),
    }),
  ),
  totals: z.object({ customers: count, units: count, complaints: count, windowFrom: z.string(), windowTo: z.string() }),
});

// ------------------------------------------------------------------ maintenance

const maintenanceFigures = z.object({ due: count, onTime: count, late: count, open: count, onTimeRate: rate });
export const maintenanceReport = z.object({
  rows: z.array(
    maintenanceFigures.extend({
      regionId: z.string(),
      regionName: z.string(),
      /** The part due by name; null: a contract's visit (a due job that names no part). */
      part: z.string().nullable(),
    }),
  ),
  totals: maintenanceFigures,
});

// ------------------------------------------------------------------ contracts

const contractFigures = z.object({
  /** AMCs ending in the period. */
  renewalsDue: count,
  /** Their value, in paise. */
  valuePaise: count,
  /** Of those, followed by another contract of the unit starting within 30 days of the end. */
  renewed: count,
  renewalRate: rate,
});
export const contractsReport = z.object({
  rows: z.array(contractFigures.extend({ period: z.string() })),
  totals: contractFigures.extend({
    /** AMCs in force on `to` (ACTIVE, starts_on ≤ to ≤ ends_on). */
    activeAmcs: count,
    activeValuePaise: count,
  }),
});

// ------------------------------------------------------------------ water quality

const waterFigures = z.object({
  /** Active units with a reading taken by the end of `to`. */
  unitsRead: count,
  /** Of those, whose latest output TDS is over 500 mg/L. */
  tdsHigh: count,
  tdsHighShare: rate,
  /** Whose two latest readings both reject less than 80 % (the membrane is failing). */
  membranesFlagged: count,
});
export const waterQualityReport = z.object({
  rows: z.array(waterFigures.extend({ regionId: z.string(), regionName: z.string() })),
  totals: waterFigures,
});

export const REPORT_SCHEMAS = {
  requests: requestsReport,
  turnaround: turnaroundReport,
  technicians: techniciansReport,
  'repeat-complaints': repeatComplaintsReport,
  maintenance: maintenanceReport,
  contracts: contractsReport,
  'water-quality': waterQualityReport,
} as const satisfies Record<ReportName, z.ZodType>;

export type ReportAnswer<N extends ReportName> = z.infer<(typeof REPORT_SCHEMAS)[N]>;
