/**
 * The reports' summary rows (issue 38, ADR 050 section 8, migration 0022): one narrow row per
 * completed request with what the turnaround and technicians reports read, kept by triggers in the
 * same transaction as the change (as the stock balances are, ADR 049), so no path can disagree and
 * a report over a year reads this table's index instead of joining the requests with their
 * approvals, work logs and the complaints that followed.
 *
 * A row exists while its request has `completed_at`: the trigger on `service_requests` writes it
 * when the request is completed (or inserted completed, as an import does) and again when a column
 * it copies changes; the triggers on `work_logs` and `approval_history` write it again when the
 * request is already completed; the trigger on complaints (`service_requests` of type COMPLAINT:
 * insert, update, delete) recomputes `refixed` for the jobs the complaint follows. The same SQL
 * function (`report_facts_refresh`) writes every row, and the migration backfills with it.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { serviceRequests } from './requests.ts';
import { units } from './units.ts';

export const requestReportFacts = pgTable(
  'request_report_facts',
  {
    requestId: uuid()
      .primaryKey()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    regionId: uuid().notNull(),
    /** The assignee (the technicians report's technician); null when nobody was assigned. */
    technicianId: uuid(),
    customerId: uuid().notNull(),
    unitId: uuid(),
    completedAt: tstz().notNull(),
    /** Stage times in minutes (never below 0; null when the request skipped the stage). */
    raisedToApproved: doublePrecision(),
    approvedToAssigned: doublePrecision(),
    assignedToStarted: doublePrecision(),
    startedToCompleted: doublePrecision(),
    whole: doublePrecision().notNull(),
    /** The assignee's closed work logs on the job, in seconds. */
    secondsOnSite: doublePrecision().notNull().default(0),
    /** A new COMPLAINT followed within 30 days: on the same unit, or by the customer for a job without one. */
    refixed: boolean().notNull().default(false),
  },
  (t) => [
    index('request_report_facts_completed_idx').on(t.completedAt),
    index('request_report_facts_region_completed_idx').on(t.regionId, t.completedAt),
    index('request_report_facts_unit_completed_idx').on(t.unitId, t.completedAt).where(sql`unit_id IS NOT NULL`),
    index('request_report_facts_customer_completed_idx').on(t.customerId, t.completedAt).where(sql`unit_id IS NULL`),
  ],
);

/**
 * Each unit's two latest water readings (the water-quality report, ADR 050 section 8, migration
 * 0023): kept by a trigger on `water_readings` from `unit_latest_two(unit, before)`, the one
 * definition of "latest" (newest `taken_at`, then the highest id). A report that ends before a
 * unit's latest reading asks the function for that unit as of its end instead.
 */
export const unitLatestReadings = pgTable(
  'unit_latest_readings',
  {
    unitId: uuid()
      .primaryKey()
      .references(() => units.id, { onDelete: 'cascade' }),
    takenAt: tstz().notNull(),
    tdsIn: doublePrecision().notNull(),
    tdsOut: doublePrecision().notNull(),
    /** The reading before it (null when the unit has one reading). */
    tdsIn2: doublePrecision(),
    tdsOut2: doublePrecision(),
  },
  (t) => [index('unit_latest_readings_taken_idx').on(t.takenAt)],
);
