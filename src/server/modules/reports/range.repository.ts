/**
 * The SQL pieces every report shares (issue 38, ADR 050): the range's IST bounds, a row's IST day
 * and period, the periods of the range (every one, empty or not) and the region filter. The range
 * arrives as plain values (`Range`), the scope already decided by the service.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { GroupBy } from '#shared/contracts/reports.ts';

export interface Range {
  /** IST calendar days 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
  groupBy: GroupBy;
  /** null: every region. */
  regionId: string | null;
  /** The business's time zone (config TZ: Asia/Kolkata). */
  tz: string;
}

/** The first moment of `from` in the zone. */
export const startOf = (r: Range, day: string = r.from): SQL => sql`(${day}::date::timestamp AT TIME ZONE ${r.tz})`;

/** The first moment after `to` in the zone. */
export const endOf = (r: Range, day: string = r.to): SQL => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${r.tz})`;

/** `column` (a timestamptz) falls in the range's days. */
export const within = (r: Range, column: SQL): SQL => sql`${column} >= ${startOf(r)} AND ${column} < ${endOf(r)}`;

/** The IST calendar day of `column`. */
export const dayOf = (r: Range, column: SQL): SQL => sql`(${column} AT TIME ZONE ${r.tz})::date`;

/** The period (its first day) of a calendar day: a week starts on Monday, a month on the 1st. */
export const periodOfDay = (r: Range, day: SQL): SQL => sql`date_trunc(${r.groupBy}, ${day}::timestamp)::date`;

/** The period of a timestamptz by its IST day. */
export const periodOf = (r: Range, column: SQL): SQL => periodOfDay(r, dayOf(r, column));

/** Every period of the range, as `periods(period date)`, in order (a CTE body). */
export const periods = (r: Range): SQL =>
  sql`SELECT generate_series(date_trunc(${r.groupBy}, ${r.from}::date::timestamp), ${r.to}::date::timestamp, ('1 ' || ${r.groupBy})::interval)::date AS period`;

/** `AND <column> = region` when the range has one. */
export const inRegion = (r: Range, column: SQL): SQL => (r.regionId ? sql`AND ${column} = ${r.regionId}` : sql``);

/** The regions in the range's scope, as `rg(id, name)` (a CTE body). */
export const regionsIn = (r: Range): SQL =>
  sql`SELECT id, name FROM regions WHERE true ${r.regionId ? sql`AND id = ${r.regionId}` : sql``}`;

/** A percent with one decimal, null when nothing to divide. */
export const percent = (part: SQL, whole: SQL): SQL =>
  sql`CASE WHEN ${whole} > 0 THEN round((100.0 * ${part} / ${whole})::numeric, 1)::float8 END`;

/** The rows of a `db.execute` answer. */
export function rowsOf<T>(res: { rows: unknown[] }): T[] {
  return res.rows as T[];
}
