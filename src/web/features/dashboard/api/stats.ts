/** GET /api/service-requests/dashboard/stats, scoped to the viewer by the server. */
import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '#shared/contracts/dashboard.ts';
import { api } from '#web/lib/api-client.ts';

export const FETCH_STATS_FALLBACK = 'Failed to fetch dashboard stats';
/** The requests feature invalidates ['dashboard'] after every change. */
export const dashboardQueryKey = ['dashboard', 'stats'] as const;

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) =>
      api<DashboardStats>('/service-requests/dashboard/stats', { signal, fallback: FETCH_STATS_FALLBACK }),
    refetchInterval: 60_000,
  });
}
