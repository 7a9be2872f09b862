/**
 * The reports about the customers and the installed base (issue 38, ADR 050): repeat complaints,
 * maintenance, contracts and water quality. SQL only, aggregated by the database; a unit's region
 * is its customer's, a request's its own.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { addDays } from '#shared/domain/maintenance.ts';
import {
  dayOf,
  endOf,
  inRegion,
  percent,
  periodOfDay,
  periods,
  type Range,
  regionsIn,
  rowsOf,
  startOf,
} from './range.repository.ts';

/** The days a repeat-complaints window spans, ending on `to`. */
export const REPEAT_WINDOW_DAYS = 90;
/** The most rows the repeat-complaints report lists (worst first); its totals count them all. */
export const REPEAT_ROWS_CAP = 1000;

/**
 * `AND <unit column> IN (the units of the region's customers)` when the range has a region; nothing
 * (no join at all) across every region.
 */
const inRegionUnits = (r: Range, unitColumn: SQL): SQL =>
  r.regionId
    ? sql`AND ${unitColumn} IN (SELECT u.id FROM units u JOIN customers cu ON cu.id = u.customer_id WHERE cu.region_id = ${r.regionId})`
    : sql``;

// ------------------------------------------------------------------ repeat complaints

export interface RepeatRow {
  customer_id: string;
  customer_name: string;
  unit_id: string | null;
  serial_number: string | null;
  complaints: number;
  first_at: Date | string;
  last_at: Date | string;
}
export interface RepeatTotals {
  customers: number;
  units: number;
  complaints: number;
}

/**
 * The customers' units (and, per customer, the complaints that name no unit) with two or more
 * COMPLAINT requests raised in the 90 IST days ending on `to`: most complaints first, then the
 * latest, then the customer's name.
 */
export async function repeatComplaints(db: Tx, r: Range): Promise<{ rows: RepeatRow[]; totals: RepeatTotals }> {
  const first = addDays(r.to, -(REPEAT_WINDOW_DAYS - 1));
  const res = await db.execute(sql`
    WITH g AS (
      SELECT sr.customer_id, sr.unit_id, count(*)::int AS complaints, min(sr.created_at) AS first_at,
        max(sr.created_at) AS last_at
      FROM service_requests sr
      WHERE sr.type = 'COMPLAINT' AND sr.created_at >= ${startOf(r, first)} AND sr.created_at < ${endOf(r)}
        ${inRegion(r, sql`sr.region_id`)}
      GROUP BY sr.customer_id, sr.unit_id
      HAVING count(*) >= 2
    ),
    top AS (
      SELECT g.customer_id::text, c.name AS customer_name, g.unit_id::text, u.serial_number, g.complaints,
        g.first_at, g.last_at
      FROM g JOIN customers c ON c.id = g.customer_id LEFT JOIN units u ON u.id = g.unit_id
      ORDER BY g.complaints DESC, g.last_at DESC, c.name, g.customer_id, g.unit_id NULLS LAST
      LIMIT ${REPEAT_ROWS_CAP}
    )
    SELECT json_build_object(
      'rows', coalesce((SELECT json_agg(top ORDER BY complaints DESC, last_at DESC, customer_name, customer_id,
        unit_id NULLS LAST) FROM top), '[]'::json),
      'totals', (SELECT json_build_object('customers', count(DISTINCT customer_id), 'units', count(DISTINCT unit_id),
        'complaints', coalesce(sum(complaints), 0)) FROM g)) AS answer`);
  const [row] = rowsOf<{ answer: { rows: RepeatRow[]; totals: RepeatTotals } | string }>(res);
  const answer = typeof row?.answer === 'string' ? JSON.parse(row.answer) : row?.answer;
  return answer as { rows: RepeatRow[]; totals: RepeatTotals };
}

// ------------------------------------------------------------------ maintenance

export interface MaintenanceRow {
  /** null (with part null): the totals. */
  region_id: string | null;
  region_name: string | null;
  /** The part due by name; null for a contract's visit (a due job without parts). */
  part: string | null;
  due: number;
  on_time: number;
  late: number;
  open: number;
  on_time_rate: number | null;
}

/**
 * The parts due in the range: each due job (maintenance_jobs, due_on in the range) once per part its
 * job names (a contract's visit, with no part, once as part null), per region and part. On time:
 * its request completed on or before the due date (IST); late: completed after; open: not
 * completed (no request, or the request not completed yet, or rejected).
 */
export async function maintenanceReport(db: Tx, r: Range): Promise<MaintenanceRow[]> {
  const res = await db.execute(sql`
    WITH j AS (
      SELECT cu.region_id, mj.due_on, part,
        ${dayOf(r, sql`sr.completed_at`)} AS done_on
      FROM maintenance_jobs mj
      JOIN units u ON u.id = mj.unit_id
      JOIN customers cu ON cu.id = u.customer_id
      LEFT JOIN service_requests sr ON sr.id = mj.request_id
      LEFT JOIN LATERAL jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(sr.job -> 'parts') = 'array' AND jsonb_array_length(sr.job -> 'parts') > 0
          THEN sr.job -> 'parts' ELSE '[null]'::jsonb END) AS part ON true
      WHERE mj.due_on >= ${r.from}::date AND mj.due_on <= ${r.to}::date ${inRegion(r, sql`cu.region_id`)}
    )
    SELECT rg.id::text AS region_id, rg.name AS region_name, j.part, count(*)::int AS due,
      count(*) FILTER (WHERE j.done_on <= j.due_on)::int AS on_time,
      count(*) FILTER (WHERE j.done_on > j.due_on)::int AS late,
      count(*) FILTER (WHERE j.done_on IS NULL)::int AS open,
      ${percent(sql`count(*) FILTER (WHERE j.done_on <= j.due_on)`, sql`count(*)`)} AS on_time_rate
    FROM j JOIN regions rg ON rg.id = j.region_id
    GROUP BY GROUPING SETS ((rg.id, rg.name, j.part), ())
    ORDER BY rg.name IS NULL, rg.name, rg.id, j.part NULLS FIRST`);
  return rowsOf<MaintenanceRow>(res);
}

// ------------------------------------------------------------------ contracts

export interface ContractsRow {
  /** null: the totals. */
  period: string | null;
  renewals_due: number;
  value_paise: number;
  renewed: number;
  renewal_rate: number | null;
  active_amcs: number | null;
  active_value_paise: number | null;
}

/**
 * The AMCs (not cancelled) ending in each period, their value in paise and how many were renewed:
 * another AMC of the same unit starting after the contract's start and no later than 30 days
 * after its end. The totals row (period null) adds the AMCs in force on `to` (ACTIVE, started,
 * not ended) and their value.
 */
export async function contractsReport(db: Tx, r: Range): Promise<ContractsRow[]> {
  const res = await db.execute(sql`
    WITH p AS (${periods(r)}),
    due AS MATERIALIZED (
      SELECT c.id, c.unit_id, c.starts_on, c.ends_on, ${periodOfDay(r, sql`c.ends_on`)} AS period, c.price::bigint AS price
      FROM contracts c
      WHERE c.type = 'AMC' AND c.status <> 'CANCELLED' AND c.ends_on >= ${r.from}::date AND c.ends_on <= ${r.to}::date
        ${inRegionUnits(r, sql`c.unit_id`)}
    ),
    -- renewed: joined as a set (a hash of the AMCs by unit), not a probe per contract
    ren AS (
      SELECT DISTINCT d.id FROM due d JOIN contracts n ON n.unit_id = d.unit_id
      WHERE n.id <> d.id AND n.type = 'AMC' AND n.status <> 'CANCELLED' AND n.starts_on > d.starts_on
        AND n.starts_on <= d.ends_on + 30
    ),
    due_r AS (SELECT due.period, due.price, ren.id IS NOT NULL AS renewed FROM due LEFT JOIN ren ON ren.id = due.id),
    active AS (
      SELECT count(*)::int AS n, coalesce(sum(c.price), 0)::bigint AS value
      FROM contracts c
      WHERE c.type = 'AMC' AND c.status = 'ACTIVE' AND c.ends_on >= ${r.to}::date AND c.starts_on <= ${r.to}::date
        ${inRegionUnits(r, sql`c.unit_id`)}
    ),
    per AS (
      SELECT p.period::text AS period, count(due.period)::int AS renewals_due,
        coalesce(sum(due.price), 0)::bigint AS value_paise, count(*) FILTER (WHERE due.renewed)::int AS renewed
      FROM p LEFT JOIN due_r due ON due.period = p.period
      GROUP BY p.period
    )
    SELECT period, renewals_due, value_paise::float8 AS value_paise, renewed,
      ${percent(sql`renewed`, sql`renewals_due`)} AS renewal_rate, NULL::int AS active_amcs, NULL::float8 AS active_value_paise
    FROM per
    UNION ALL
    SELECT NULL, (SELECT count(*)::int FROM due_r), (SELECT coalesce(sum(price), 0)::float8 FROM due_r),
      (SELECT count(*) FILTER (WHERE renewed)::int FROM due_r),
      (SELECT ${percent(sql`count(*) FILTER (WHERE renewed)`, sql`count(*)`)} FROM due_r),
      (SELECT n FROM active), (SELECT value::float8 FROM active)
    ORDER BY period NULLS LAST`);
  return rowsOf<ContractsRow>(res);
}

// ------------------------------------------------------------------ water quality

export interface WaterRow {
  /** null: the totals. */
  region_id: string | null;
  region_name: string | null;
  units_read: number;
  tds_high: number;
  tds_high_share: number | null;
  membranes_flagged: number;
}

/**
 * Per region, the active units with a reading taken by the end of `to`: how many, how many whose
 * latest output TDS is over 500 mg/L (IS 10500's acceptable limit), and how many whose membrane is
 * failing by the readings module's rule (the two latest readings both reject less than 80 %,
 * each rejection rounded to one decimal as `rejectionPercent` does). Every region in scope has a row.
 */
export async function waterQualityReport(
  db: Tx,
  r: Range,
  limits: { tdsHigh: number; failingPercent: number },
): Promise<WaterRow[]> {
  const low = (n: 1 | 2) =>
    sql.raw(
      `(f.in${n} > 0 AND round(((1 - f.out${n} / f.in${n}) * 1000)::numeric) / 10 < ${Number(limits.failingPercent)})`,
    );
  const res = await db.execute(sql`
    WITH rg AS (${regionsIn(r)}),
    -- each unit's two latest readings (migration 0023, kept by a trigger); a unit read again after
    -- the range's end is asked for its two latest before the end instead
    latest AS (
      SELECT l.unit_id, l.tds_in AS in1, l.tds_out AS out1, l.tds_in2 AS in2, l.tds_out2 AS out2
      FROM unit_latest_readings l
      WHERE l.taken_at < ${endOf(r)} ${inRegionUnits(r, sql`l.unit_id`)}
      UNION ALL
      SELECT l.unit_id, x.tds_in, x.tds_out, x.tds_in2, x.tds_out2
      FROM unit_latest_readings l CROSS JOIN LATERAL unit_latest_two(l.unit_id, ${endOf(r)}) x
      WHERE l.taken_at >= ${endOf(r)} ${inRegionUnits(r, sql`l.unit_id`)}
    ),
    f AS (
      SELECT cu.region_id, f.out1 > ${limits.tdsHigh} AS high, coalesce(${low(1)} AND ${low(2)}, false) AS flagged
      FROM latest f JOIN units u ON u.id = f.unit_id JOIN customers cu ON cu.id = u.customer_id
      WHERE u.status = 'ACTIVE'
    )
    SELECT rg.id::text AS region_id, rg.name AS region_name, count(f.region_id)::int AS units_read,
      count(*) FILTER (WHERE f.high)::int AS tds_high,
      ${percent(sql`count(*) FILTER (WHERE f.high)`, sql`count(f.region_id)`)} AS tds_high_share,
      count(*) FILTER (WHERE f.flagged)::int AS membranes_flagged
    FROM rg LEFT JOIN f ON f.region_id = rg.id
    GROUP BY GROUPING SETS ((rg.id, rg.name), ())
    ORDER BY rg.name IS NULL, rg.name, rg.id`);
  return rowsOf<WaterRow>(res);
}
