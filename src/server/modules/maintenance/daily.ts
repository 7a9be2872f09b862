/**
 * The daily maintenance run as the server starts it (issue 21 item 6, ADR 024): the job
 * `maintenance-daily` at MAINTENANCE_RUN_AT in TZ on the process's job runner, running the
 * maintenance run with MAINTENANCE_LEAD_DAYS, MAINTENANCE_AUTO_APPROVE and
 * MAINTENANCE_MAX_JOBS_PER_CUSTOMER for every region. Kept out of main.ts (which starts a server
 * when imported) so a test can check the wiring.
 */
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { JobRunner } from './jobs.ts';
import { type JobRaiser, MaintenanceRun } from './run.ts';

export const DAILY_JOB = 'maintenance-daily';

export type DailyConfig = Pick<
  Config,
  | 'MAINTENANCE_RUN_AT'
  | 'TZ'
  | 'MAINTENANCE_LEAD_DAYS'
  | 'MAINTENANCE_AUTO_APPROVE'
  | 'MAINTENANCE_MAX_JOBS_PER_CUSTOMER'
>;

/** The part of the app's logger used here. */
export interface DailyLog {
  debug?(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Schedule the daily run on `jobs`. A runner that cannot schedule (pg-boss unable to create its
 * schema, say) is logged and the app keeps serving; the answer is the next run, or null then.
 */
export async function scheduleDailyMaintenance(
  jobs: JobRunner,
  config: DailyConfig,
  db: Db,
  log: DailyLog,
  /** Raises the jobs as requests (the app's RequestService). */
  raiser: JobRaiser,
): Promise<Date | null> {
  const run = new MaintenanceRun(db, {
    timeZone: config.TZ,
    leadDays: config.MAINTENANCE_LEAD_DAYS,
    autoApprove: config.MAINTENANCE_AUTO_APPROVE,
    maxJobsPerCustomer: config.MAINTENANCE_MAX_JOBS_PER_CUSTOMER,
    raiser,
    onProgress: (p) => log.debug?.(p, 'maintenance run progress'),
  });
  try {
    const next = await jobs.daily(DAILY_JOB, config.MAINTENANCE_RUN_AT, config.TZ, async () => {
      const result = await run.run(null);
      log.info({ job: DAILY_JOB, ...result }, 'maintenance run finished');
    });
    log.info(
      { at: config.MAINTENANCE_RUN_AT, tz: config.TZ, next: next?.toISOString() ?? null },
      'daily maintenance run scheduled',
    );
    return next;
  } catch (err) {
    log.error({ err }, 'could not schedule the daily maintenance run');
    return null;
  }
}
