/**
 * The language the screens speak now, from the tiny store in current.ts: the app shell (theme,
 * LocaleSync) reads it without importing react-i18next, whose hooks bring i18next itself into the
 * initial bundle (ADR 022: i18next loads beside the first page instead).
 */
import { useSyncExternalStore } from 'react';
import type { Locale } from '#shared/i18n/locales.ts';
import { currentLocale, subscribeLocale } from './current.ts';

export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
}
