/**
 * The reports about the work (issue 38, ADR 050): requests, turnaround and technicians. SQL only:
 * each report is aggregated by the database (never rows into Node) and answers one row per
 * period (or per period and region, or per technician), its totals in the same statement.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import {
  dayOf,
  inRegion,
  percent,
  periodOf,
  periods,
  type Range,
  regionsIn,
  rowsOf,
  within,
} from './range.repository.ts';

// ------------------------------------------------------------------ requests

export interface RequestsRow {
  /** null: the totals. */
  period: string | null;
  raised: number;
  completed: number;
  by_type: Record<string, number> | null;
  by_status: Record<string, number> | null;
}

/**
 * Raised (created_at's IST day) and completed (completed_at's IST day) per period; the raised ones
 * by type and by their status now. The last row (period null) is the totals.
 */
export async function requestsReport(db: Tx, r: Range): Promise<RequestsRow[]> {
  const res = await db.execute(sql`
    WITH p AS (${periods(r)}),
    raised AS (
      SELECT ${periodOf(r, sql`sr.created_at`)} AS period, sr.type, sr.status, count(*)::int AS n
      FROM service_requests sr
      WHERE ${within(r, sql`sr.created_at`)} ${inRegion(r, sql`sr.region_id`)}
      GROUP BY 1, 2, 3
    ),
    -- the completed: the summary rows (migration 0022), a row for every request with completed_at
    done AS (
      SELECT ${periodOf(r, sql`f.completed_at`)} AS period, count(*)::int AS n
      FROM request_report_facts f
      WHERE ${within(r, sql`f.completed_at`)} ${inRegion(r, sql`f.region_id`)}
      GROUP BY 1
    ),
    per AS (
      SELECT p.period,
        coalesce((SELECT sum(n) FROM raised WHERE raised.period = p.period), 0)::int AS raised,
        coalesce((SELECT n FROM done WHERE done.period = p.period), 0)::int AS completed,
        (SELECT json_object_agg(type, n) FROM (SELECT type, sum(n)::int AS n FROM raised
          WHERE raised.period = p.period GROUP BY type) t) AS by_type,
        (SELECT json_object_agg(status, n) FROM (SELECT status, sum(n)::int AS n FROM raised
          WHERE raised.period = p.period GROUP BY status) t) AS by_status
      FROM p
    )
    SELECT period::text, raised, completed, by_type, by_status FROM per
    UNION ALL
    SELECT NULL, (SELECT coalesce(sum(n), 0)::int FROM raised), (SELECT coalesce(sum(n), 0)::int FROM done),
      (SELECT json_object_agg(type, n) FROM (SELECT type, sum(n)::int AS n FROM raised GROUP BY type) t),
      (SELECT json_object_agg(status, n) FROM (SELECT status, sum(n)::int AS n FROM raised GROUP BY status) t)
    ORDER BY period NULLS LAST`);
  return rowsOf<RequestsRow>(res);
}

// ------------------------------------------------------------------ turnaround

export interface TurnaroundRow {
  /** null (with region null): the totals. */
  period: string | null;
  region_id: string | null;
  region_name: string | null;
  completed: number;
  [stage: `${string}_${'median' | 'p90'}`]: number | null;
}

export const STAGES = [
  'raised_to_approved',
  'approved_to_assigned',
  'assigned_to_started',
  'started_to_completed',
  'whole',
] as const;

/**
 * The requests completed in each period (by completed_at's IST day), per region: each stage's
 * median and 90th percentile in minutes (percentile_cont; a request that skipped a stage has no
 * time for it and is left out of that stage only). Approved: the first SERVICE-stage approval;
 * started: the first work log's start. Every region in scope has a row for every period.
 */
export async function turnaroundReport(db: Tx, r: Range): Promise<TurnaroundRow[]> {
  const pct = (col: string) =>
    sql.raw(
      `round(percentile_cont(0.5) WITHIN GROUP (ORDER BY d.${col})::numeric, 1)::float8 AS ${col}_median, ` +
        `round(percentile_cont(0.9) WITHIN GROUP (ORDER BY d.${col})::numeric, 1)::float8 AS ${col}_p90`,
    );
  const res = await db.execute(sql`
    WITH p AS (${periods(r)}),
    rg AS (${regionsIn(r)}),
    -- the summary rows (migration 0022: written with the request's completion, ADR 050 section 8)
    d AS (
      SELECT f.request_id AS id, ${periodOf(r, sql`f.completed_at`)} AS period, f.region_id, f.raised_to_approved,
        f.approved_to_assigned, f.assigned_to_started, f.started_to_completed, f.whole
      FROM request_report_facts f
      WHERE ${within(r, sql`f.completed_at`)} ${inRegion(r, sql`f.region_id`)}
    )
    SELECT p.period::text AS period, rg.id AS region_id, rg.name AS region_name, count(d.id)::int AS completed,
      ${pct('raised_to_approved')}, ${pct('approved_to_assigned')}, ${pct('assigned_to_started')},
      ${pct('started_to_completed')}, ${pct('whole')}
    FROM p CROSS JOIN rg LEFT JOIN d ON d.period = p.period AND d.region_id = rg.id
    GROUP BY GROUPING SETS ((p.period, rg.id, rg.name), ())
    ORDER BY p.period NULLS LAST, rg.name, rg.id`);
  return rowsOf<TurnaroundRow>(res);
}

// ------------------------------------------------------------------ technicians

export interface TechnicianRow {
  /** null: the totals. */
  technician_id: string | null;
  technician_name: string | null;
  jobs_completed: number;
  minutes_on_site: number;
  working_days: number;
  jobs_per_working_day: number | null;
  first_time_fixed: number;
  first_time_fix_rate: number | null;
}

/**
 * Per technician (the assignee of the requests completed in the range): jobs completed, minutes on
 * site (their closed work logs on those jobs), working days (distinct IST days with a completion),
 * jobs per working day, and the first-time fixes: completed jobs after which no new COMPLAINT was
 * raised within 30 days on the same unit (or, for a job without a unit, by the same customer).
 * Most jobs first. The last row (technician null) is the totals; its working days are the
 * technicians' days added up.
 */
export async function techniciansReport(db: Tx, r: Range): Promise<TechnicianRow[]> {
  const res = await db.execute(sql`
    WITH per AS (
      -- the summary rows (migration 0022): minutes on site and the complaint that followed are
      -- written with the completion and the complaint, not joined here
      SELECT f.technician_id AS tech, count(*)::int AS jobs,
        count(DISTINCT ${dayOf(r, sql`f.completed_at`)})::int AS days,
        count(*) FILTER (WHERE NOT f.refixed)::int AS fixed,
        round((sum(f.seconds_on_site) / 60)::numeric)::int AS minutes
      FROM request_report_facts f
      WHERE ${within(r, sql`f.completed_at`)} AND f.technician_id IS NOT NULL ${inRegion(r, sql`f.region_id`)}
      GROUP BY f.technician_id
    ),
    t AS (
      SELECT u.id::text AS technician_id, u.name AS technician_name, per.jobs, per.minutes, per.days, per.fixed
      FROM per JOIN users u ON u.id = per.tech
      UNION ALL
      SELECT NULL, NULL, coalesce(sum(jobs), 0)::int, coalesce(sum(minutes), 0)::int, coalesce(sum(days), 0)::int,
        coalesce(sum(fixed), 0)::int
      FROM per
    )
    SELECT technician_id, technician_name, jobs AS jobs_completed, minutes AS minutes_on_site, days AS working_days,
      CASE WHEN days > 0 THEN round((1.0 * jobs / days)::numeric, 2)::float8 END AS jobs_per_working_day,
      fixed AS first_time_fixed, ${percent(sql`fixed`, sql`jobs`)} AS first_time_fix_rate
    FROM t
    ORDER BY technician_id IS NULL, jobs DESC, technician_name, technician_id`);
  return rowsOf<TechnicianRow>(res);
}
