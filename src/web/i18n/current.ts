/**
 * The language the app speaks now, outside React (the api-client sends it as Accept-Language, so
 * the server's errors and notifications come back in it). First visit: the browser's language
 * when it is one of the six, else English (India). A choice is remembered in localStorage.
 */
import { DEFAULT_LOCALE, isLocale, type Locale, matchLocale } from '#shared/i18n/locales.ts';

/** localStorage: the language last chosen or applied on this device. */
export const LOCALE_STORAGE_KEY = 'locale';

function stored(): Locale | null {
  try {
    const v = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

/** The browser's preferred languages, the first of the six among them. */
export function browserLocale(languages: readonly string[] | undefined): Locale | null {
  for (const tag of languages ?? []) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return null;
}

/** One of the six for an i18next language code (English otherwise). */
export function languageOf(lng: string | undefined): Locale {
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

export function initialLocale(): Locale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  return stored() ?? browserLocale(window.navigator?.languages) ?? DEFAULT_LOCALE;
}

let current: Locale = initialLocale();
const listeners = new Set<() => void>();

export function currentLocale(): Locale {
  return current;
}

/** For useSyncExternalStore: the app shell follows the language without loading i18next. */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language the app now speaks (after its catalogues and fonts are in). */
export function rememberLocale(locale: Locale): void {
  current = locale;
  for (const l of listeners) l();
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** How a key of a namespace renders in a language: set by i18n/index.ts once i18next is set up. */
export type ShellRenderer = (locale: Locale, ns: string, key: string, params?: Record<string, unknown>) => string;
let shellRenderer: ShellRenderer | null = null;

/** i18n/index.ts hands its renderer over here, for the layout shell (shell-t.ts). */
export function provideShellRenderer(render: ShellRenderer): void {
  shellRenderer = render;
}

/** A key in `locale` (the key itself until i18next is in). */
export function renderShellText(locale: Locale, ns: string, key: string, params?: Record<string, unknown>): string {
  return shellRenderer ? shellRenderer(locale, ns, key, params) : key;
}
