/**
 * GET /api/reports/<name> (issue 38, ADR 050): one report's `{ rows, totals }` for the page's
 * filters.
 */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { GroupBy, ReportAnswer, ReportName } from '#shared/contracts/reports.ts';
import { api } from '#web/lib/api-client.ts';

export interface ReportRequest {
  from: string;
  to: string;
  regionId?: string;
  groupBy?: GroupBy;
}

export const REPORT_KEYS = { root: ['reports'] as const };

export function reportPath(name: ReportName): string {
  return `/reports/${name}`;
}

export function useReport<N extends ReportName>(name: N, query: ReportRequest) {
  return useQuery({
    queryKey: [...REPORT_KEYS.root, name, query],
    queryFn: ({ signal }) =>
      api<ReportAnswer<N>>(reportPath(name), {
        query: { ...query },
        signal,
        fallback: getI18n().t('reports:fetchFailed'),
      }),
    // The last answer stays while new filters load, but only the same report's (another report's
    // rows have another shape).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === name ? previous : undefined),
    staleTime: 60_000,
  });
}
