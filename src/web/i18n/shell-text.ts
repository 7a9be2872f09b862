/**
 * Texts of the components in the initial bundle (the loading indicator, the error screens, the
 * "Can't reach AquaDesk" notice): they cannot use react-i18next's hooks, which would bring i18next
 * into the initial JavaScript (ADR 022). i18n/index.ts hands its translate function in here when
 * it loads, and main.tsx paints the first screen only after that, so the texts are always there
 * (were the translations' chunk ever missing, the key would show). A component re-renders in a
 * new language through useLocale.
 *
 *   const text = useShellText();
 *   text('common:loading')
 */
import type { Locale } from '#shared/i18n/locales.ts';
import { currentLocale } from './current.ts';
import { useLocale } from './use-locale.ts';

type Translate = (locale: Locale, key: string, params?: Record<string, unknown>) => string;

let translate: Translate | null = null;

/** Called by i18n/index.ts once i18next is in. */
export function setShellTranslator(t: Translate): void {
  translate = t;
}

/** `key` ('ns:key') in the app's language now. */
export function shellText(key: string, params?: Record<string, unknown>): string {
  return translate ? translate(currentLocale(), key, params) : key;
}

/** shellText, re-rendering the caller when the language changes. */
export function useShellText(): typeof shellText {
  useLocale();
  return shellText;
}
