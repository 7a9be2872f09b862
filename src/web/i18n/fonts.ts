/**
 * Fonts for the Indian scripts (ADR 022): self-hosted Noto Sans (@fontsource), only the script's
 * own subset and only for the language in use, so an English user downloads none of them. Latin
 * letters (names, emails, "RO membrane", "TDS") keep the theme's font.
 */
import type { Locale } from '#shared/i18n/locales.ts';

const BASE_STACK = '"Roboto", "Helvetica", "Arial", sans-serif';

const FAMILY: Record<Locale, string | null> = {
  'en-IN': null,
  hi: 'Noto Sans Devanagari',
  ta: 'Noto Sans Tamil',
  te: 'Noto Sans Telugu',
  kn: 'Noto Sans Kannada',
  ml: 'Noto Sans Malayalam',
};

/** Each script's regular, medium and bold faces (MUI uses 400, 500 and 700). */
const LOADERS: Record<Locale, (() => Promise<unknown>[]) | null> = {
  'en-IN': null,
  hi: () => [
    import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
    import('@fontsource/noto-sans-devanagari/devanagari-500.css'),
    import('@fontsource/noto-sans-devanagari/devanagari-700.css'),
  ],
  ta: () => [
    import('@fontsource/noto-sans-tamil/tamil-400.css'),
    import('@fontsource/noto-sans-tamil/tamil-500.css'),
    import('@fontsource/noto-sans-tamil/tamil-700.css'),
  ],
  te: () => [
    import('@fontsource/noto-sans-telugu/telugu-400.css'),
    import('@fontsource/noto-sans-telugu/telugu-500.css'),
    import('@fontsource/noto-sans-telugu/telugu-700.css'),
  ],
  kn: () => [
    import('@fontsource/noto-sans-kannada/kannada-400.css'),
    import('@fontsource/noto-sans-kannada/kannada-500.css'),
    import('@fontsource/noto-sans-kannada/kannada-700.css'),
  ],
  ml: () => [
    import('@fontsource/noto-sans-malayalam/malayalam-400.css'),
    import('@fontsource/noto-sans-malayalam/malayalam-500.css'),
    import('@fontsource/noto-sans-malayalam/malayalam-700.css'),
  ],
};

const loaded = new Set<Locale>();

/** Adds the language's @font-face rules once; the browser fetches a face when text needs it. */
export async function loadFonts(locale: Locale): Promise<void> {
  const load = LOADERS[locale];
  if (!load || loaded.has(locale)) return;
  loaded.add(locale);
  try {
    await Promise.all(load());
  } catch {
    loaded.delete(locale); // offline: the system font renders the script meanwhile
  }
}

/** The theme's font stack for a language: its script's Noto face first, Latin after. */
export function fontStack(locale: Locale): string {
  const family = FAMILY[locale];
  return family ? `"${family}", ${BASE_STACK}` : BASE_STACK;
}
