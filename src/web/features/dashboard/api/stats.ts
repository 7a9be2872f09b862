/** GET /api/service-requests/dashboard/stats, scoped to the viewer by the server. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { DashboardStats } from '#shared/contracts/dashboard.ts';
import { api } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';

/** The requests feature invalidates the dashboard's root after every change. */
export const dashboardQueryKey = [...queryRoots.dashboard, 'stats'] as const;

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) =>
      api<DashboardStats>('/service-requests/dashboard/stats', {
        signal,
        fallback: getI18n().t('dashboard:fetchFailed'),
      }),
    refetchInterval: 60_000,
  });
}
