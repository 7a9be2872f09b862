/**
 * A cell's text as the forms take it (ADR 040). Only what spreadsheets do to a value is undone:
 * a phone typed with spaces, dashes or +91 (98400 12345, +91-98400-12345) is its ten digits; a
 * date written as an Indian date (31/12/2025, 31-12-2025, 31.12.2025) or read from an Excel date
 * cell is YYYY-MM-DD. Anything else goes to the form's rules as it is, to get the form's message.
 */
import { LOCALE_NAMES, LOCALES, type Locale, matchLocale } from '#shared/i18n/locales.ts';

/** A phone as the form takes it: the ten digits when spaces, dashes, dots, brackets or +91/0 hid them. */
export function phoneOf(cell: string): string {
  const text = cell.trim();
  const digits = text.replace(/[\s\-.()]/g, '');
  if (/^\+?91\d{10}$/.test(digits)) return digits.slice(-10);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return /^\d+$/.test(digits) ? digits : text;
}

/** Several phones in one cell, separated by ; , / or |. */
export function phonesOf(cell: string): string[] {
  return cell
    .split(/[;,/|]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(phoneOf);
}

/** A date as YYYY-MM-DD when it is one written the Indian way; otherwise the text as it is. */
export function dateOf(cell: string): string {
  const text = cell.trim();
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (indian) {
    const [, d = '', m = '', y = ''] = indian;
    return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (iso) {
    const [, y = '', m = '', d = ''] = iso;
    return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  }
  return text;
}

/** A coordinate: empty is none; anything else a number (NaN when it is not one, which the form refuses). */
export function coordinateOf(cell: string): number | null {
  const text = cell.trim();
  return text === '' ? null : Number(text);
}

/** Optional text: '' is none. */
export const optional = (cell: string | undefined): string | null => {
  const text = (cell ?? '').trim();
  return text === '' ? null : text;
};

/** English names of the six languages, as a spreadsheet may say them. */
const LANGUAGE_NAMES: Record<string, Locale> = {
  english: 'en-IN',
  hindi: 'hi',
  tamil: 'ta',
  telugu: 'te',
  kannada: 'kn',
  malayalam: 'ml',
};

/** A cell naming a language: its code (ta, ta-IN, en), its English name or its own name; else undefined. */
export function languageOf(cell: string): Locale | undefined {
  const t = cell.trim();
  const byCode = matchLocale(t);
  if (byCode) return byCode;
  const english = LANGUAGE_NAMES[t.toLowerCase()];
  if (english) return english;
  return LOCALES.find((l) => LOCALE_NAMES[l] === t);
}
