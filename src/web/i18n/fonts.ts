/**
 * Fonts for the Indian scripts (ADR 022, second pass in issue 33 item 7): self-hosted Noto Sans
 * (@fontsource), each script's own subset, declared on every page whatever the screen's language
 * (`fonts.css`, inlined into index.html, one `unicode-range` per script's block). Text decides
 * what loads: a Tamil note on an English screen fetches Noto Sans Tamil, an English page with no
 * Indian script fetches none. Latin letters (names, emails, "RO membrane", "TDS") keep the Latin
 * fonts: no Noto face covers them.
 */
import type { Locale } from '#shared/i18n/locales.ts';

/** Each language's script family; English has none of its own. */
const FAMILY: Record<Locale, string | null> = {
  'en-IN': null,
  hi: 'Noto Sans Devanagari',
  ta: 'Noto Sans Tamil',
  te: 'Noto Sans Telugu',
  kn: 'Noto Sans Kannada',
  ml: 'Noto Sans Malayalam',
};

const LATIN = ['"Roboto"', '"Helvetica"', '"Arial"'];
const SCRIPTS = Object.values(FAMILY).filter((f): f is string => f !== null);
const quoted = (families: readonly string[]) => families.map((f) => `"${f}"`);

/**
 * The theme's font stack in every language: the five scripts' faces, then the Latin fonts, then
 * the system's sans-serif. The Noto faces come first although each draws only its own block
 * (fonts.css): after an installed Latin font, Chromium drew a whole Kannada or Malayalam word in
 * boxes when it held a zero-width non-joiner or joiner (ಡ್ಯಾಶ್‌ಬೋರ್ಡ್, അപ്‌ലോഡ്), which the
 * catalogues and typed text use. Latin letters still fall through to Roboto/Helvetica/Arial, and
 * no Noto face is fetched for them.
 */
export const FONT_STACK = [...quoted(SCRIPTS), ...LATIN, 'sans-serif'].join(', ');

/**
 * The font stack for a language: the same families, its own script's face first (a toast in
 * Hindi names Noto Sans Devanagari first, ToastView.tsx).
 */
export function fontStack(locale: Locale): string {
  const family = FAMILY[locale];
  if (!family) return FONT_STACK;
  return [...quoted([family, ...SCRIPTS.filter((f) => f !== family)]), ...LATIN, 'sans-serif'].join(', ');
}

/** A letter of each script, for asking the browser for that script's face. */
const SAMPLE: Record<Locale, string> = { 'en-IN': '', hi: 'क', ta: 'த', te: 'త', kn: 'ಕ', ml: 'ക' };

/**
 * Fetches the screen language's faces (regular, medium, bold) ahead of its text: `setLanguage`
 * awaits this, so a newly chosen language's first screen is drawn in its font rather than in
 * boxes until the face arrives. Every face is declared already (fonts.css); without this call a
 * face would load when its text is first drawn. Offline and not yet cached: the text shows in
 * the system's font meanwhile, and the face loads when the text is drawn online.
 */
export async function loadFonts(locale: Locale): Promise<void> {
  const family = FAMILY[locale];
  if (!family || typeof document === 'undefined' || !document.fonts) return;
  try {
    await Promise.all([400, 500, 700].map((w) => document.fonts.load(`${w} 1em "${family}"`, SAMPLE[locale])));
  } catch {
    // A face that could not be fetched: the browser tries again when its text is drawn.
  }
}
