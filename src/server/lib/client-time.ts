/**
 * The time of a technician's action (ADR 027): the phone's `clientTime` when it is plausible, else
 * the server's. Plausible means at most CLIENT_TIME_MAX_AGE_HOURS old and not in the future: an
 * action queued offline in the morning and replayed in the evening keeps its morning time; a
 * phone with a wrong clock cannot write a time ahead of the server or days back.
 */
import { CLIENT_TIME_MAX_AGE_HOURS } from '#shared/contracts/common.ts';

export function actionTime(clientTime: string | undefined | null, now: Date = new Date()): Date {
  return plausibleClientTime(clientTime, now) ?? now;
}

/** The phone's time if it is plausible, else null (the caller writes the database's now()). */
export function plausibleClientTime(clientTime: string | undefined | null, now: Date = new Date()): Date | null {
  if (!clientTime) return null;
  const t = new Date(clientTime);
  const ms = t.getTime();
  if (Number.isNaN(ms)) return null;
  if (ms > now.getTime()) return null;
  if (now.getTime() - ms > CLIENT_TIME_MAX_AGE_HOURS * 3600 * 1000) return null;
  return t;
}
