/**
 * The reports' figures in the reader's language: counts grouped 1,00,000, rupees from paise,
 * rates as percent, durations from minutes, and a period by its first day (ADR 050: a week starts
 * on its Monday, a month on its 1st). Built on the app's formatters (useFormat).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupBy } from '#shared/contracts/reports.ts';
import { IST } from '#shared/domain/format.ts';
import { INTL_TAG } from '#shared/i18n/locales.ts';
import { useFormat } from '#web/i18n/hooks.ts';

export const NONE = '—';

const shortMonths = new Map<string, Intl.DateTimeFormat>();
/** "Nov 26": a month on a chart's axis, in the language's own month names, IST. */
function shortMonth(locale: keyof typeof INTL_TAG): Intl.DateTimeFormat {
  let f = shortMonths.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAG[locale], { month: 'short', year: '2-digit', timeZone: IST });
    shortMonths.set(locale, f);
  }
  return f;
}

export function useReportWords() {
  const { t } = useTranslation('reports');
  const format = useFormat();
  return useMemo(() => {
    const number = (v: number) => format.number(v);
    return {
      t,
      format,
      number,
      /** 42.5% (one decimal, as the API sends it); — when there was nothing to divide. */
      percent: (v: number | null) => (v === null ? NONE : t('percent', { n: number(v) })),
      /** ₹1,00,000.00 from paise. */
      rupees: (paise: number) => format.rupees(paise / 100),
      /** 45 min, 3.5 h, 2.1 d; — when no request passed the stage. */
      duration: (minutes: number | null) => {
        if (minutes === null) return NONE;
        if (minutes < 60) return t('duration.minutes', { n: number(Math.round(minutes)) });
        if (minutes < 48 * 60) return t('duration.hours', { n: number(Math.round(minutes / 6) / 10) });
        return t('duration.days', { n: number(Math.round(minutes / 144) / 10) });
      },
      /** Time on site: 45 min, 122.4 h (never days: a "day" of it would read as a working day). */
      hours: (minutes: number) =>
        minutes < 60
          ? t('duration.minutes', { n: number(Math.round(minutes)) })
          : t('duration.hours', { n: number(Math.round(minutes / 6) / 10) }),
      /** A period by its first day: "November 2026", "Week of 23 Nov", "23 Nov". */
      period: (first: string, groupBy: GroupBy) => {
        if (groupBy === 'month') return format.monthYear(first);
        if (groupBy === 'week') return t('period.week', { date: format.date(first) });
        return format.date(first);
      },
      /** A period on a chart's axis, shorter: "Nov 26" for a month, "23 Nov" for a week or a day. */
      periodShort: (first: string, groupBy: GroupBy) =>
        groupBy === 'month' ? shortMonth(format.locale).format(new Date(first)) : format.date(first),
    };
  }, [t, format]);
}

export type ReportWords = ReturnType<typeof useReportWords>;
