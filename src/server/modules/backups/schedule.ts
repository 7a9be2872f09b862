/**
 * The daily backup as the server starts it (issue 32 item 4, ADR 033): the job `backup-daily` at
 * BACKUP_AT in TZ on the process's job runner (pg-boss on PostgreSQL, once across every process;
 * croner in this process on PGlite). Kept out of main.ts (which starts a server when imported) so
 * a test can check the wiring.
 */
import type { BackupService } from './service.ts';

export const BACKUP_JOB = 'backup-daily';

/** What this needs of the job runner (modules/maintenance/jobs.ts `JobRunner`). */
export interface DailyJobs {
  daily(name: string, at: string, timeZone: string, handler: () => Promise<unknown>): Promise<Date | null>;
}

export interface ScheduleLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Schedules the daily backup unless BACKUP_AT is off (null). A runner that cannot schedule is
 * logged and the app keeps serving; answers the next run, or null.
 */
export async function scheduleDailyBackup(
  jobs: DailyJobs,
  config: { BACKUP_AT: string | null; TZ: string },
  backups: Pick<BackupService, 'daily'>,
  log: ScheduleLog,
): Promise<Date | null> {
  if (!config.BACKUP_AT) {
    log.info({ at: 'off' }, 'daily backup off (BACKUP_AT=off)');
    return null;
  }
  try {
    // A failed backup is recorded and notified by the service; the runner logs what it throws.
    const next = await jobs.daily(BACKUP_JOB, config.BACKUP_AT, config.TZ, () => backups.daily());
    log.info({ at: config.BACKUP_AT, tz: config.TZ, next: next?.toISOString() ?? null }, 'daily backup scheduled');
    return next;
  } catch (err) {
    log.error({ err }, 'could not schedule the daily backup');
    return null;
  }
}
