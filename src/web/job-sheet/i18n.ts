/**
 * The job sheet page's six languages (ADR 022, ADR 048) without i18next, as the QR page does:
 * one catalogue per language (locales/<lng>.json, each its own small chunk, fetched when chosen)
 * through the public pages' shared lookup (lib/public-i18n.ts), and dates and times as the app
 * writes them in each language (Indian variants, IST).
 */

import { INTL_TAG, type Locale } from '#shared/i18n/locales.ts';
import { catalogueLoader } from '#web/lib/public-i18n.ts';

export {
  type Catalogue,
  rememberLocale,
  storedLocale,
  type Translate,
  translator,
} from '#web/lib/public-i18n.ts';

const IST = 'Asia/Kolkata';

export const loadCatalogue = catalogueLoader(
  import.meta.glob<import('#web/lib/public-i18n.ts').Catalogue>('./locales/*.json', { import: 'default' }),
);

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAG[locale], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
      timeZone: IST,
    });
    formats.set(key, f);
  }
  return f;
}

/** An instant as "20 Nov 2026, 10:00 am" in the language, in IST. */
export function formatDateTime(iso: string, locale: Locale): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatter(locale, true).format(d);
}

/** An instant's day as "29 Dec 2026" in the language, in IST. */
export function formatDate(iso: string, locale: Locale): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatter(locale, false).format(d);
}

/** A time of day as "11:15 am" in the language, in IST (the end of a visit on its start's day). */
export function formatTime(iso: string, locale: Locale): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_TAG[locale], { hour: 'numeric', minute: '2-digit', timeZone: IST }).format(d);
}

/** Whether two instants fall on the same day in IST. */
export function sameDay(a: string, b: string): boolean {
  const day = (iso: string) => new Date(new Date(iso).getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  return day(a) === day(b);
}

/** A number as the language writes it (Indian grouping; at most one decimal). */
export function formatNumber(n: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_TAG[locale], { maximumFractionDigits: 1 }).format(n);
}
