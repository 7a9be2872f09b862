/**
 * Preventive maintenance arithmetic (issue 21, ADR 023): calendar dates as 'YYYY-MM-DD' strings,
 * no time of day and no time zone inside; "today" is taken in IST (or the configured TZ) once, at
 * the edge. Pure functions, shared by the server (schedules, the daily run) and the web (chips).
 */

export const PRODUCT_TECHNOLOGIES = ['RO', 'UV', 'UF', 'RO+UV', 'RO+UV+UF', 'OTHER'] as const;
export type ProductTechnology = (typeof PRODUCT_TECHNOLOGIES)[number];

export const UNIT_STATUSES = ['ACTIVE', 'REMOVED'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export const CONTRACT_TYPES = ['WARRANTY', 'EXTENDED_WARRANTY', 'AMC'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const CONTRACT_STATUSES = ['ACTIVE', 'EXPIRED', 'CANCELLED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const DUE_STATES = ['OK', 'DUE_SOON', 'OVERDUE'] as const;
export type DueState = (typeof DUE_STATES)[number];

/** A part is DUE_SOON when its next date is within this many days (today included). */
export const DUE_SOON_DAYS = 30;

/** Renewal reminders: days before a contract's end, each sent once (the largest first). */
export const RENEWAL_REMINDER_DAYS = [30, 7, 1] as const;

/** The highest contract price, in paise (₹2,00,00,000): the API's bound and the price field's. */
export const MAX_PRICE_PAISE = 2_000_000_000;

/** A contract's dates are from this day on (issue 31 item 6). */
export const CONTRACT_EARLIEST_DATE = '1990-01-01';
/** A contract lasts at most this many years: at most 120 AMC visits (12 a year) to compute. */
export const CONTRACT_MAX_YEARS = 10;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

function parts(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const fmt = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 30;
}

/**
 * `months` calendar months after `date`; a day the target month lacks becomes its last day
 * (31 Jan + 1 month = 28 Feb, or 29 Feb in a leap year; 29 Feb 2024 + 12 months = 28 Feb 2025).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return fmt(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/**
 * A calendar date's midnight UTC in milliseconds. Not `Date.UTC(y, …)`: it reads a year 0 to 99 as
 * 1900 to 1999 (so 0001-01-01 + 15 days was 1901-01-16); `setUTCFullYear` takes the year as given.
 */
function toUtcMs(date: string): number {
  const [y, m, d] = parts(date);
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t.getTime();
}

export function addDays(date: string, days: number): string {
  const t = new Date(toUtcMs(date) + days * 86_400_000);
  return fmt(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / 86_400_000);
}

/** Today's calendar date in a time zone (IST by default), as 'YYYY-MM-DD'. */
export function todayIn(timeZone = 'Asia/Kolkata', now: Date = new Date()): string {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, x) => {
      acc[x.type] = x.value;
      return acc;
    }, {});
  return `${p.year}-${p.month}-${p.day}`;
}

/** A part's next change: its interval after it was last changed (early or late, the interval restarts then). */
export function nextDueOn(lastChangedOn: string, intervalMonths: number): string {
  return addMonths(lastChangedOn, intervalMonths);
}

/** OVERDUE before today, DUE_SOON from today to today + 30 days, OK after. */
export function dueState(next: string | null, today: string): DueState {
  if (!next) return 'OK';
  if (next < today) return 'OVERDUE';
  return daysBetween(today, next) <= DUE_SOON_DAYS ? 'DUE_SOON' : 'OK';
}

/** When a unit's warranty ends: the product's warranty months after installation, the day before. */
export function warrantyEndsOn(installedOn: string, warrantyMonths: number): string {
  return warrantyMonths > 0 ? addDays(addMonths(installedOn, warrantyMonths), -1) : installedOn;
}

/**
 * An AMC's visits, spread evenly: the period split into `visits` equal slots, each visit in the
 * middle of its slot (4 visits a year: about 6 weeks, then every 3 months). The number of visits
 * is `visitsPerYear` scaled to the period's length, at least one.
 */
export function amcVisitDates(startsOn: string, endsOn: string, visitsPerYear: number): string[] {
  const period = daysBetween(startsOn, endsOn) + 1;
  if (period <= 0 || visitsPerYear <= 0) return [];
  const visits = Math.max(1, Math.round((visitsPerYear * period) / 365));
  return Array.from({ length: visits }, (_, k) => addDays(startsOn, Math.floor(((2 * k + 1) * period) / (2 * visits))));
}

/** The AMC visit due after `visitsDone` visits, or null when every visit is done. */
export function nextAmcVisit(
  startsOn: string,
  endsOn: string,
  visitsPerYear: number,
  visitsDone: number,
): string | null {
  return amcVisitDates(startsOn, endsOn, visitsPerYear)[visitsDone] ?? null;
}

/** Which renewal reminder is due today for a contract ending on `endsOn` (30, 7 or 1), or null. */
export function renewalReminderDue(endsOn: string, today: string): number | null {
  const left = daysBetween(today, endsOn);
  if (left < 0) return null;
  const due = [...RENEWAL_REMINDER_DAYS].reverse().find((d) => left <= d);
  return due ?? null;
}

/** Does a contract cover a date (both ends included)? */
export function covers(c: { startsOn: string; endsOn: string; status: ContractStatus }, date: string): boolean {
  return c.status === 'ACTIVE' && c.startsOn <= date && date <= c.endsOn;
}

/** Do two periods overlap (both ends included)? */
export function overlaps(a: { startsOn: string; endsOn: string }, b: { startsOn: string; endsOn: string }): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
}

/** A date as a number that orders as the date does, whatever the number of digits of its year. */
const dayKey = (y: number, m: number, d: number) => y * 10_000 + m * 100 + d;

/**
 * What is wrong with a contract's period (issue 31 item 6), or null: a date before 1990-01-01
 * (`tooEarly`), an end not after the start (`endsBeforeStart`), or longer than 10 years
 * (`tooLong`: the end at most the day before the start's tenth anniversary, 2026-01-01 to
 * 2035-12-31). A malformed date is the date check's to refuse (null here). Shared by the contract
 * schemas and the service, which checks the period a change leaves (one date of a PATCH).
 */
export function contractPeriodProblem(
  startsOn: string,
  endsOn: string,
): 'tooEarly' | 'endsBeforeStart' | 'tooLong' | null {
  if (!isIsoDate(startsOn) || !isIsoDate(endsOn)) return null;
  if (startsOn < CONTRACT_EARLIEST_DATE || endsOn < CONTRACT_EARLIEST_DATE) return 'tooEarly';
  if (startsOn >= endsOn) return 'endsBeforeStart';
  const [sy, sm, sd] = parts(startsOn);
  const [ey, em, ed] = parts(endsOn);
  // The tenth anniversary (29 Feb clamped to 28 Feb); the contract must end before it.
  const ay = sy + CONTRACT_MAX_YEARS;
  return dayKey(ey, em, ed) < dayKey(ay, sm, Math.min(sd, daysInMonth(ay, sm))) ? null : 'tooLong';
}
