/**
 * The six languages (ADR 022): English (India) is the default and the source of every catalogue;
 * Hindi, Tamil, Telugu, Kannada and Malayalam are translations of it. Browser and server alike.
 */
export const LOCALES = ['en-IN', 'hi', 'ta', 'te', 'kn', 'ml'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-IN';

/** Each language's name in its own script (the language pickers show these). */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-IN': 'English',
  hi: 'हिन्दी',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  kn: 'ಕನ್ನಡ',
  ml: 'മലയാളം',
};

/** The tag Intl formats with: Indian variants, so numbers group as 1,00,000 in every language. */
export const INTL_TAG: Record<Locale, string> = {
  'en-IN': 'en-IN',
  hi: 'hi-IN',
  ta: 'ta-IN',
  te: 'te-IN',
  kn: 'kn-IN',
  ml: 'ml-IN',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** One language tag to one of the six, or null: `en`/`en-*` → en-IN, `ta-IN` → ta. */
export function matchLocale(tag: string): Locale | null {
  const t = tag.trim().toLowerCase();
  if (!t) return null;
  const primary = t.split('-')[0] ?? '';
  if (primary === 'en') return t === 'en-in' || t === 'en' ? 'en-IN' : null;
  return isLocale(primary) ? primary : null;
}

/**
 * The best of the six for an Accept-Language header (quality values honoured), or null when it
 * names none of them. `en-US` is not one of the six: English is the fallback anyway.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  if (!header || header.length > 500) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, i };
    })
    .filter((x) => x.tag && x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.i - b.i);
  for (const { tag } of ranked) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return null;
}
