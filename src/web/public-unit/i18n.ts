/**
 * The QR page's six languages (ADR 022) without i18next: the language from this device's last
 * choice or the browser's, one catalogue per language (locales/<lng>.json, each its own small
 * chunk, fetched when chosen: only one language's words travel), `{{name}}` placeholders, and dates
 * as the app writes them (en-IN style, IST).
 */
import { DEFAULT_LOCALE, INTL_TAG, isLocale, type Locale, matchLocale } from '#shared/i18n/locales.ts';

export type Catalogue = { readonly [key: string]: string | Catalogue };

/** localStorage: the language last chosen on this device (the app's key: one choice per device). */
const STORAGE_KEY = 'locale';

const loaders = import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' });

/** The language to open in: this device's choice, else the browser's first of the six, else en-IN. */
export function pickLocale(stored: string | null, languages: readonly string[] | undefined): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of languages ?? []) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

export function storedLocale(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page.
  }
}

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const load = loaders[`./locales/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return load();
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A catalogue's lookup: 'form.phone' → its text with `{{name}}` filled; the key when missing. */
export function translator(catalogue: Catalogue): Translate {
  return (key, params) => {
    let node: string | Catalogue | undefined = catalogue;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
  };
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
