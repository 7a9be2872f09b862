/** React side of the translations: the language now, formatters in it, server texts in it. */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, monthYear } from '#shared/domain/format.ts';
import {
  formatDate,
  formatDateTimeIn,
  formatNumber,
  formatRelative,
  formatRupees,
  formatTime,
} from '#shared/i18n/format.ts';
import { localizeMessage, SERVER_NS } from '#shared/i18n/messages.ts';
import { useLocale } from './use-locale.ts';

export { useLocale };

/** Intl formatters bound to the app's language (Indian number grouping in all six). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      /** The lists' short date and time (en-IN: "25 Nov, 04:26 pm"). */
      dateTime: (v: string | Date | null | undefined) => formatDateTime(v, locale),
      fullDateTime: (v: string | Date | null | undefined) => formatDateTimeIn(v, locale),
      date: (v: string | Date | null | undefined) => formatDate(v, locale),
      time: (v: string | Date | null | undefined) => formatTime(v, locale),
      relative: (v: string | Date | null | undefined) => formatRelative(v, locale),
      monthYear: (v: string | Date) => monthYear(v, locale),
      number: (n: number) => formatNumber(n, locale),
      rupees: (n: number) => formatRupees(n, locale),
    }),
    [locale],
  );
}

/**
 * An English server or contract text (a zod message checked in the browser, an error) in the
 * app's language, through the shared `server` catalogue; unknown texts are shown as they are.
 */
export function useServerText(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation(SERVER_NS);
  return useCallback(
    (text: string | undefined) =>
      text === undefined ? undefined : localizeMessage(text, (key, params) => t(key, params ?? {})),
    [t],
  );
}

/** A role's name: the nine system roles in the app's language, custom roles as named. */
export function useRoleName(): (name: string) => string {
  const { t } = useTranslation('common');
  return useCallback((name: string) => t(`roleName.${name}`, { defaultValue: name }), [t]);
}
