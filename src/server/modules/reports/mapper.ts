/**
 * The reports' rows (SQL's snake_case, the totals as the last row) as the API's `{ rows, totals }`
 * (issue 38, ADR 050).
 */
import type { ReportAnswer } from '#shared/contracts/reports.ts';
import { REQUEST_STATUSES, REQUEST_TYPES } from '#shared/domain/workflow.ts';
import type { ContractsRow, MaintenanceRow, RepeatRow, RepeatTotals, WaterRow } from './installed.repository.ts';
import type { RequestsRow, TechnicianRow, TurnaroundRow } from './work.repository.ts';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function counts<K extends string>(keys: readonly K[], given: Record<string, number> | null): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, Number(given?.[k] ?? 0)])) as Record<K, number>;
}

/** Splits the totals row (the one `isTotal` says) from the others. */
function split<R>(rows: R[], isTotal: (r: R) => boolean): { rows: R[]; total: R } {
  const total = rows.find(isTotal);
  if (!total) throw new Error('report without its totals row');
  return { rows: rows.filter((r) => !isTotal(r)), total };
}

export function toRequests(all: RequestsRow[]): ReportAnswer<'requests'> {
  const { rows, total } = split(all, (r) => r.period === null);
  const figures = (r: RequestsRow) => ({
    raised: r.raised,
    completed: r.completed,
    byType: counts(REQUEST_TYPES, r.by_type),
    byStatus: counts(REQUEST_STATUSES, r.by_status),
  });
  return { rows: rows.map((r) => ({ period: r.period as string, ...figures(r) })), totals: figures(total) };
}

const stage = (r: TurnaroundRow, name: string) => ({
  median: r[`${name}_median`] ?? null,
  p90: r[`${name}_p90`] ?? null,
});

export function toTurnaround(all: TurnaroundRow[]): ReportAnswer<'turnaround'> {
  const { rows, total } = split(all, (r) => r.period === null);
  const figures = (r: TurnaroundRow) => ({
    completed: r.completed,
    raisedToApproved: stage(r, 'raised_to_approved'),
    approvedToAssigned: stage(r, 'approved_to_assigned'),
    assignedToStarted: stage(r, 'assigned_to_started'),
    startedToCompleted: stage(r, 'started_to_completed'),
    whole: stage(r, 'whole'),
  });
  return {
    rows: rows.map((r) => ({
      period: r.period as string,
      regionId: r.region_id as string,
      regionName: r.region_name as string,
      ...figures(r),
    })),
    totals: figures(total),
  };
}

export function toTechnicians(all: TechnicianRow[]): ReportAnswer<'technicians'> {
  const { rows, total } = split(all, (r) => r.technician_id === null);
  const figures = (r: TechnicianRow) => ({
    jobsCompleted: r.jobs_completed,
    minutesOnSite: r.minutes_on_site,
    workingDays: r.working_days,
    jobsPerWorkingDay: r.jobs_per_working_day,
    firstTimeFixed: r.first_time_fixed,
    firstTimeFixRate: r.first_time_fix_rate,
  });
  return {
    rows: rows.map((r) => ({
      technicianId: r.technician_id as string,
      technicianName: r.technician_name as string,
      ...figures(r),
    })),
    totals: figures(total),
  };
}

export function toRepeatComplaints(
  found: { rows: RepeatRow[]; totals: RepeatTotals },
  window: { from: string; to: string },
): ReportAnswer<'repeat-complaints'> {
  return {
    rows: found.rows.map((r) => ({
      customerId: r.customer_id,
      customerName: r.customer_name,
      unitId: r.unit_id,
      serialNumber: r.serial_number,
      complaints: Number(r.complaints),
      firstAt: iso(r.first_at),
      lastAt: iso(r.last_at),
    })),
    totals: {
      customers: Number(found.totals.customers),
      units: Number(found.totals.units),
      complaints: Number(found.totals.complaints),
      windowFrom: window.from,
      windowTo: window.to,
    },
  };
}

export function toMaintenance(all: MaintenanceRow[]): ReportAnswer<'maintenance'> {
  const { rows, total } = split(all, (r) => r.region_id === null);
  const figures = (r: MaintenanceRow) => ({
    due: r.due,
    onTime: r.on_time,
    late: r.late,
    open: r.open,
    onTimeRate: r.on_time_rate,
  });
  return {
    rows: rows.map((r) => ({
      regionId: r.region_id as string,
      regionName: r.region_name as string,
      part: r.part,
      ...figures(r),
    })),
    totals: figures(total),
  };
}

export function toContracts(all: ContractsRow[]): ReportAnswer<'contracts'> {
  const { rows, total } = split(all, (r) => r.period === null);
  const figures = (r: ContractsRow) => ({
    renewalsDue: r.renewals_due,
    valuePaise: Number(r.value_paise),
    renewed: r.renewed,
    renewalRate: r.renewal_rate,
  });
  return {
    rows: rows.map((r) => ({ period: r.period as string, ...figures(r) })),
    totals: {
      ...figures(total),
      activeAmcs: Number(total.active_amcs ?? 0),
      activeValuePaise: Number(total.active_value_paise ?? 0),
    },
  };
}

export function toWaterQuality(all: WaterRow[]): ReportAnswer<'water-quality'> {
  const { rows, total } = split(all, (r) => r.region_id === null);
  const figures = (r: WaterRow) => ({
    unitsRead: r.units_read,
    tdsHigh: r.tds_high,
    tdsHighShare: r.tds_high_share,
    membranesFlagged: r.membranes_flagged,
  });
  return {
    rows: rows.map((r) => ({ regionId: r.region_id as string, regionName: r.region_name as string, ...figures(r) })),
    totals: figures(total),
  };
}
