/**
 * The public pages' words without i18next (ADR 043, 048): the QR page (public-unit/) and the job
 * sheet (job-sheet/) each load one catalogue per language from their own locales/<lng>.json (each
 * its own small chunk: only one language's words travel); this is what they share: the catalogue's
 * shape, its `{{name}}` lookup, and this device's language choice (the app's own localStorage key,
 * so a choice on any AquaDesk page holds on the others).
 */
import { isLocale, type Locale } from '#shared/i18n/locales.ts';

export type Catalogue = { readonly [key: string]: string | Catalogue };
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** localStorage: the language last chosen on this device (the app's key: one choice per device). */
const STORAGE_KEY = 'locale';

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

/** A page's catalogue loader over its own `import.meta.glob('./locales/*.json')`. */
export function catalogueLoader(
  loaders: Record<string, () => Promise<Catalogue>>,
): (locale: Locale) => Promise<Catalogue> {
  return async (locale) => {
    const load = loaders[`./locales/${locale}.json`];
    if (!load) throw new Error(`No catalogue for ${locale}`);
    return load();
  };
}
