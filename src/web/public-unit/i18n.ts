/**
 * The QR page's six languages (ADR 022) without i18next: the language from this device's last
 * choice or the browser's, one catalogue per language (locales/<lng>.json, each its own small
 * chunk, fetched when chosen: only one language's words travel) through the public pages' shared
 * lookup (lib/public-i18n.ts), and dates as the app writes them (en-IN style, IST).
 */

import { DEFAULT_LOCALE, INTL_TAG, isLocale, type Locale, matchLocale } from '#shared/i18n/locales.ts';
import { catalogueLoader } from '#web/lib/public-i18n.ts';

export {
  type Catalogue,
  rememberLocale,
  storedLocale,
  type Translate,
  translator,
} from '#web/lib/public-i18n.ts';

export const loadCatalogue = catalogueLoader(
  import.meta.glob<import('#web/lib/public-i18n.ts').Catalogue>('./locales/*.json', { import: 'default' }),
);

/** The language to open in: this device's choice, else the browser's first of the six, else en-IN. */
export function pickLocale(stored: string | null, languages: readonly string[] | undefined): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of languages ?? []) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar date 'YYYY-MM-DD' as "5 Jan 2030" in the language (IST, so the day never shifts). */
export function formatDay(day: string, locale: Locale): string {
  const d = new Date(`${day}T12:00:00+05:30`);
  if (Number.isNaN(d.getTime())) return day;
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAG[locale], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    dateFormats.set(locale, f);
  }
  return f.format(d);
}
