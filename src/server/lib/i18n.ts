/**
 * The server's words in the reader's language (ADR 022). All six `server` catalogues are bundled
 * (a few kB each) and one i18next instance renders them synchronously. The language of a response
 * is the signed-in user's choice, else the request's Accept-Language when it names one of the six,
 * else English: the spec's client, which asks for nothing, reads exactly the English it always did.
 */
import type { FastifyRequest } from 'fastify';
import i18next from 'i18next';
import enIN from '#shared/i18n/locales/en-IN/server.json' with { type: 'json' };
import hi from '#shared/i18n/locales/hi/server.json' with { type: 'json' };
import kn from '#shared/i18n/locales/kn/server.json' with { type: 'json' };
import ml from '#shared/i18n/locales/ml/server.json' with { type: 'json' };
import ta from '#shared/i18n/locales/ta/server.json' with { type: 'json' };
import te from '#shared/i18n/locales/te/server.json' with { type: 'json' };
import { DEFAULT_LOCALE, LOCALES, type Locale, localeFromAcceptLanguage } from '#shared/i18n/locales.ts';
import { localizeMessage, requestTypeKey, SERVER_NS } from '#shared/i18n/messages.ts';
import type { CatalogueParam, CatalogueText } from '#shared/i18n/server-messages.ts';

const catalogues: Record<Locale, typeof enIN> = { 'en-IN': enIN, hi, ta, te, kn, ml };

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { [SERVER_NS]: catalogues[l] }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [SERVER_NS],
  defaultNS: SERVER_NS,
  // JSON answers, not HTML: React and the spec's client escape for themselves.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const fixed = new Map(LOCALES.map((l) => [l, instance.getFixedT(l, SERVER_NS)]));

/** A catalogue key rendered in `locale`. */
export function serverT(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const t = fixed.get(locale) ?? fixed.get(DEFAULT_LOCALE);
  return t ? t(key, params ?? {}) : key;
}

/** The reader's language: their choice, else Accept-Language if one of the six, else en-IN. */
export function localeOf(request: FastifyRequest): Locale {
  return request.actor?.locale ?? localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}

/**
 * A catalogue key rendered in `locale` with its parameters, a parameter that is itself a catalogue
 * word (a request's status) in `locale` too.
 */
export function serverText(locale: Locale, key: string, params: Readonly<Record<string, CatalogueParam>>): string {
  const values: Record<string, string | number> = {};
  for (const [name, p] of Object.entries(params)) values[name] = typeof p === 'object' ? translate(locale, p) : p;
  return serverT(locale, key, values);
}

/** A catalogue text (`ERR.…`) in `locale`: in English its `text`, exactly as the API always sent it. */
export function translate(locale: Locale, text: CatalogueText): string {
  return locale === DEFAULT_LOCALE ? text.text : serverText(locale, text.key, text.params);
}

/**
 * An English text found by reverse lookup (shared/i18n/messages.ts), for the zod contracts'
 * validation messages only: everything the server throws itself carries its key (AppError).
 * Unchanged in English or when the text has no key.
 */
export function localize(locale: Locale, text: string): string {
  if (locale === DEFAULT_LOCALE) return text;
  return localizeMessage(text, (key, params) => serverT(locale, key, params));
}

/** A notification's stored key and parameters in `locale` (the request type named in it too). */
export function renderNotification(locale: Locale, key: string, params: Record<string, string>): string {
  const type = params.type ? serverT(locale, requestTypeKey(params.type)) : '';
  return serverT(locale, key, { ...params, type }).trim();
}
