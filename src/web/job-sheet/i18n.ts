/**
 * The job sheet page's six languages (ADR 022, ADR 048) without i18next, as the QR page does
 * (public-unit/i18n.ts): one catalogue per language (locales/<lng>.json, each its own small chunk,
 * fetched when chosen), `{{name}}` placeholders, and dates and times as the app writes them in
 * each language (Indian variants, IST).
 */
import { INTL_TAG, isLocale, type Locale } from '#shared/i18n/locales.ts';

export type Catalogue = { readonly [key: string]: string | Catalogue };
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** localStorage: the language last chosen on this device (the app's key: one choice per device). */
const STORAGE_KEY = 'locale';
const IST = 'Asia/Kolkata';

const loaders = import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' });

/** The language this device's person chose last (on any of AquaDesk's pages), if any. */
export function storedLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : null;
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

/** A catalogue's lookup: 'parts.title' → its text with `{{name}}` filled; the key when missing. */
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
