/**
 * The import's own words (ADR 040) in the reader's language: column labels and the messages of a
 * file or a row that the forms do not have. They live in src/shared/i18n/locales/<lng>/imports.json,
 * a catalogue of their own so that the web's first load (which bundles the English `server`
 * catalogue) does not grow; the forms' messages are the `server` catalogue's (lib/i18n.ts).
 */
import enIN from '#shared/i18n/locales/en-IN/imports.json' with { type: 'json' };
import hi from '#shared/i18n/locales/hi/imports.json' with { type: 'json' };
import kn from '#shared/i18n/locales/kn/imports.json' with { type: 'json' };
import ml from '#shared/i18n/locales/ml/imports.json' with { type: 'json' };
import ta from '#shared/i18n/locales/ta/imports.json' with { type: 'json' };
import te from '#shared/i18n/locales/te/imports.json' with { type: 'json' };
import { LOCALES, type Locale } from '#shared/i18n/locales.ts';

export type ImportCatalogue = typeof enIN;
export type ColumnKey = keyof ImportCatalogue['column'];
export type ImportErrorKey = keyof ImportCatalogue['error'];

export const IMPORT_CATALOGUES: Record<Locale, ImportCatalogue> = { 'en-IN': enIN, hi, ta, te, kn, ml };

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );

/** A message of the import in `locale`. */
export function importText(locale: Locale, key: ImportErrorKey, params: Record<string, string | number> = {}): string {
  return fill(IMPORT_CATALOGUES[locale].error[key], params);
}

/** A column's label in `locale` (a part's last-changed column with the part's name). */
export function columnLabel(locale: Locale, key: ColumnKey, params: Record<string, string | number> = {}): string {
  return fill(IMPORT_CATALOGUES[locale].column[key], params);
}

/** A column's label in every language (a header is recognised in any of them). */
export function labelsEverywhere(key: Exclude<ColumnKey, 'lastChanged' | 'errors'>): string[] {
  return LOCALES.map((l) => IMPORT_CATALOGUES[l].column[key]);
}

/** The last-changed template in every language, as a pattern that captures the part's name. */
export const LAST_CHANGED_PATTERNS: RegExp[] = LOCALES.map((l) => {
  const [before = '', after = ''] = IMPORT_CATALOGUES[l].column.lastChanged.split(/\{\{\s*part\s*\}\}/);
  const esc = (s: string) => s.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${esc(before)}\\s*(.+?)\\s*${esc(after)}$`, 'iu');
});
