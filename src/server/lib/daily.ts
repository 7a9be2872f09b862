/**
 * A daily `HH:MM` in a time zone, as croner reads it: the job runner's schedule
 * (modules/maintenance/jobs.ts) and the backups' "next run" (modules/backups/service.ts).
 */
import { Cron } from 'croner';

/** The cron expression of a daily `HH:MM` (minute hour, every day): '06:00' is '0 6 * * *'. */
export function cronOf(at: string): string {
  const [h, m] = at.split(':').map(Number);
  return `${m ?? 0} ${h ?? 6} * * *`;
}

/** When a daily `HH:MM` in `timeZone` next comes after `from` (croner reads the same expression). */
export function nextDaily(at: string, timeZone: string, from: Date = new Date()): Date | null {
  return new Cron(cronOf(at), { timezone: timeZone, paused: true }).nextRun(from);
}
