/** Pure formatters shared by the screens (and their unit tests). */
import { DEFAULT_LOCALE, INTL_TAG, type Locale } from '../i18n/locales.ts';
import type { RequestStatus, RequestType } from './workflow.ts';

/** First letters of the words of a name, at most 2, upper case. */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A request id as shown in lists: its first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** India's time zone: every date the screens show is IST, wherever the browser thinks it is. */
export const IST = 'Asia/Kolkata';

const yearIn = (d: Date) => new Intl.DateTimeFormat('en-IN', { timeZone: IST, year: 'numeric' }).format(d);

/**
 * The day period as English (India) writes it, in every language: "am"/"pm" in lower case. Intl
 * gives en-IN and hi-IN "am" but ta, te, kn and ml "AM" (CLDR); one rule for the six, so a time
 * reads alike whatever the screen language (issue 33). A period in the language's own script is kept.
 */
export function formatWithPeriod(f: Intl.DateTimeFormat, d: Date): string {
  return f
    .formatToParts(d)
    .map((p) => (p.type === 'dayPeriod' && /^[ap]m$/i.test(p.value) ? p.value.toLowerCase() : p.value))
    .join('');
}

const shortFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day as the lists show it, "25 Nov" within this year and "25 Nov 2027" for another (IST;
 * ADR 020), with `time` its time too ("25 Nov, 04:05 pm"). `now` decides which year is "this
 * year" (tests pass their own).
 */
export function formatShort(
  value: string | Date | number | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
  now: Date = new Date(),
  time = false,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const year = yearIn(d) !== yearIn(now);
  const key = `${locale}:${year}:${time}`;
  let f = shortFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAG[locale], {
      day: 'numeric',
      month: 'short',
      ...(year ? { year: 'numeric' } : {}),
      ...(time ? { hour: '2-digit', minute: '2-digit' } : {}),
      timeZone: IST,
    });
    shortFormats.set(key, f);
  }
  return formatWithPeriod(f, d);
}

/**
 * Date and time in IST, en-IN unless a language is given: "22 Nov, 09:44 am" this year,
 * "22 Nov 2025, 09:44 am" for another year (ADR 020). `now` decides which year is "this year"
 * (tests pass their own). "am"/"pm" in lower case in every language (shared/i18n/format.ts),
 * after a plain space as toLocaleString wrote it (Intl's parts have a narrow no-break space).
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
  now: Date = new Date(),
): string {
  return formatShort(value, locale, now, true).replace(/\u202f/g, ' ');
}

/** "November 2026", for 'Customer since'. */
export function monthYear(value: string | Date, locale: Locale = DEFAULT_LOCALE): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return d.toLocaleDateString(INTL_TAG[locale], { timeZone: IST, month: 'long', year: 'numeric' });
}

/** Underscores shown as spaces. */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

export type ChipColor = 'default' | 'warning' | 'success' | 'info' | 'primary' | 'error';

export const STATUS_COLOR: Record<RequestStatus, ChipColor> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'warning',
  APPROVED: 'success',
  ASSIGNED: 'info',
  IN_PROGRESS: 'primary',
  WORK_COMPLETED: 'success',
  COMPLETED: 'success',
  REJECTED: 'error',
};

/**
 * Type colours: installation blue, service green, complaint red, enquiry orange; each readable as
 * text on white and on the light greys (WCAG AA 4.5:1, ADR 018; the theme's palette colours).
 */
export const TYPE_COLOR: Record<RequestType, string> = {
  INSTALLATION: '#1565c0',
  SERVICE: '#2e7d32',
  COMPLAINT: '#d32f2f',
  ENQUIRY: '#b35200',
};

/** A request type as the screens name it ('Service', 'Installation', ...). */
export const TYPE_LABEL: Record<RequestType, string> = {
  SERVICE: 'Service',
  INSTALLATION: 'Installation',
  COMPLAINT: 'Complaint',
  ENQUIRY: 'Enquiry',
};

export function typeLabel(type: string): string {
  return (TYPE_LABEL as Record<string, string>)[type] ?? statusLabel(type);
}

/** Seconds as HH:MM:SS (hours may exceed 24). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return [hh, mm, ss].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Percent to one decimal ("33.3"). */
export function percent1(part: number, total: number): string {
  if (total <= 0) return '0.0';
  return ((part / total) * 100).toFixed(1);
}

/** Rounded percent (completion rate). */
export function roundedPercent(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part / total) * 100);
}

/** Cut to n characters with an ellipsis. */
export function truncate(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}...` : text;
}
