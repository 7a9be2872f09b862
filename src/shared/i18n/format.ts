/**
 * Dates, times, relative times, numbers and rupees through Intl, in one of the six languages
 * (ADR 022). Every language uses its Indian variant (hi-IN, ta-IN, ...), so numbers group as
 * 1,00,000 and digits stay 0-9 everywhere. Formatters are built once per language and shape.
 */
import { formatShort, formatWithPeriod } from '../domain/format.ts';
import { DEFAULT_LOCALE, INTL_TAG, type Locale } from './locales.ts';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
/** The formatter `make` builds, built once per `key` (building one costs about 0.4 ms). */
export function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

function toDate(value: string | Date | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Shown in India: IST whatever the device's zone (a technician's phone may say otherwise). */
const IST = 'Asia/Kolkata';

/**
 * 25 Nov (this year), 25 Nov 2027 (another year), as the lists show dates (domain/format.ts's
 * formatShort: it lives in the initial bundle, with formatDateTime).
 */
export function formatDate(
  value: string | Date | number | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
  now: Date = new Date(),
): string {
  return formatShort(value, locale, now);
}

/** 4:05 pm */
export function formatTime(value: string | Date | number | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const d = toDate(value);
  if (!d) return '';
  const tag = INTL_TAG[locale];
  return formatWithPeriod(
    cached(`t:${tag}`, () => new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit', timeZone: IST })),
    d,
  );
}

/** 25 Nov 2026, 4:05 pm */
export function formatDateTimeIn(
  value: string | Date | number | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const d = toDate(value);
  if (!d) return '';
  const tag = INTL_TAG[locale];
  return formatWithPeriod(
    cached(
      `dt:${tag}`,
      () =>
        new Intl.DateTimeFormat(tag, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZone: IST,
        }),
    ),
    d,
  );
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "2 hours ago", "in 3 days", "now": the largest unit that fits. */
export function formatRelative(
  value: string | Date | number | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
  now: Date | number = Date.now(),
): string {
  const d = toDate(value);
  if (!d) return '';
  let amount = (d.getTime() - (typeof now === 'number' ? now : now.getTime())) / 1000;
  const tag = INTL_TAG[locale];
  const rtf = cached(`r:${tag}`, () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return rtf.format(Math.round(amount), unit);
    amount /= size;
  }
  return rtf.format(Math.round(amount), 'year');
}

/**
 * Numbers are written alike in the six languages (digits 0-9, '.' for decimals), but CLDR gives
 * kn-IN the Western grouping (100,000): every language formats numbers with en-IN's rules so the
 * grouping is Indian everywhere. `locale` is taken for symmetry with the date formatters.
 */
const NUMBER_TAG = 'en-IN';

/** 1,00,000 (Indian grouping in every language). */
export function formatNumber(value: number, _locale: Locale = DEFAULT_LOCALE): string {
  return cached('n', () => new Intl.NumberFormat(NUMBER_TAG, { maximumFractionDigits: 2 })).format(value);
}

/** ₹1,499.00 (₹1,00,000.00) */
export function formatRupees(value: number, _locale: Locale = DEFAULT_LOCALE): string {
  return cached(
    'inr',
    () => new Intl.NumberFormat(NUMBER_TAG, { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }),
  ).format(value);
}
