/**
 * The web's translations (ADR 022): i18next with react-i18next. en-IN, the source, is bundled;
 * every other language is a lazy chunk per language (its catalogues) plus its script's fonts,
 * fetched when chosen, so the first visit's JavaScript stays within budget.
 *
 * Catalogues: src/web/i18n/locales/<lng>/<namespace>.json for the screens, and the server's words
 * (errors, validation, notifications) in src/shared/i18n/locales/<lng>/server.json, shared with
 * the server; `useTranslation('<ns>')` in a screen. The namespaces are the files found there (no
 * list to keep): a file directly in locales/<lng>/ is read at start (its English bundled); one in
 * locales/<lng>/on-demand/ is fetched in every language, English too, when a screen first asks
 * for it (the installed base's words, the status page's).
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enServer from '#shared/i18n/locales/en-IN/server.json';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { SERVER_NS } from '#shared/i18n/messages.ts';
import { currentLocale, provideShellRenderer, rememberLocale } from './current.ts';
import { loadFonts } from './fonts.ts';

/** The namespace of a catalogue's path ('./locales/en-IN/common.json' → 'common'). */
const namespaceOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

/** The English of the namespaces read at start, bundled. */
const bundledEnglish = import.meta.glob<object>('./locales/en-IN/*.json', { eager: true, import: 'default' });
const EN: Record<string, object> = {
  ...Object.fromEntries(Object.entries(bundledEnglish).map(([file, catalogue]) => [namespaceOf(file), catalogue])),
  [SERVER_NS]: enServer,
};

/** The namespaces read at start: those with bundled English, and the server's. */
export const NAMESPACES: readonly string[] = Object.keys(EN);

/** One lazy chunk per language and namespace file; Vite splits each. */
const webCatalogues = import.meta.glob<{ default: object }>(['./locales/*/*.json', './locales/*/on-demand/*.json']);
const serverCatalogues = import.meta.glob<{ default: object }>('../../shared/i18n/locales/*/server.json');

function loaderOf(lng: string, ns: string): (() => Promise<{ default: object }>) | undefined {
  return ns === SERVER_NS
    ? serverCatalogues[`../../shared/i18n/locales/${lng}/server.json`]
    : (webCatalogues[`./locales/${lng}/${ns}.json`] ?? webCatalogues[`./locales/${lng}/on-demand/${ns}.json`]);
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const load = loaderOf(lng, ns);
    if (!load) return callback(new Error(`No catalogue ${lng}/${ns}`), false);
    load().then(
      (m) => callback(null, m.default as never),
      (err: unknown) => callback(err as Error, false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Resolves once the first language's catalogues are in (at once for English). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: currentLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // Catalogues are not split by region: 'hi' is Hindi, 'en-IN' English (India).
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { [DEFAULT_LOCALE]: EN },
    // The bundled English is not all: other languages come from the backend.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
  });

// The initial bundle's components (the layout shell, Loading, the error screens) translate
// without react-i18next (shell-t.ts, shell-text.ts): they render through this instance.
provideShellRenderer((lng, ns, key, params) => i18n.getFixedT(lng, ns)(key, params ?? {}));

function applyToDocument(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyToDocument(currentLocale());
void loadFonts(currentLocale());

/**
 * Switch the app's language: its catalogues and fonts load first, then every screen re-renders
 * in it at once. Remembered on this device; the account's choice is saved by the caller.
 */
export async function setLanguage(locale: Locale): Promise<void> {
  if (!isLocale(locale)) return;
  await Promise.all([i18n.loadLanguages(locale), loadFonts(locale)]);
  rememberLocale(locale);
  applyToDocument(locale);
  await i18n.changeLanguage(locale);
}
