/**
 * GET /api/maintenance/due: the due list, paged on the server; POST /api/maintenance/run, first as
 * a dry run (`dryRun: true`, issue 33: what it would raise, nothing written) and then for real.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { DueItem, MaintenanceCounts, RunPreview, RunResult } from '#shared/contracts/maintenance.ts';
import { api, apiList, type PagedQuery } from '#web/lib/api-client.ts';
import { queryRoots } from '#web/lib/query-keys.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { MAINTENANCE_KEYS } from './keys.ts';

export function useDueList(query: PagedQuery & { within: number; state?: string; regionId?: string }) {
  return useQuery({
    queryKey: [...MAINTENANCE_KEYS.due, query],
    queryFn: ({ signal }) =>
      apiList<DueItem>('/maintenance/due', { query, signal, fallback: getI18n().t('maintenance:due.fetchFailed') }),
    placeholderData: keepPreviousData,
  });
}

export function useMaintenanceCounts(enabled: boolean) {
  return useQuery({
    queryKey: MAINTENANCE_KEYS.counts,
    queryFn: ({ signal }) => api<MaintenanceCounts>('/maintenance/counts', { signal }),
    enabled,
  });
}

export function useRunDueJobs() {
  const t = getI18n().t;
  return useApiMutation<RunResult, { regionId?: string }>({
    mutationFn: (body) => api<RunResult>('/maintenance/run', { method: 'POST', body }),
    fallback: t('maintenance:run.failed'),
    success: (r) => t('maintenance:run.done', { created: r.created, skipped: r.skipped }),
    invalidate: [queryRoots.maintenance, queryRoots.requests, queryRoots.dashboard],
  });
}

/** What the run would raise now (a dry run: nothing is written), read afresh each time it is asked. */
export function useRunPreview(regionId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...MAINTENANCE_KEYS.preview, regionId ?? ''],
    queryFn: ({ signal }) =>
      api<RunPreview>('/maintenance/run', {
        method: 'POST',
        body: { dryRun: true, ...(regionId ? { regionId } : {}) },
        signal,
        fallback: getI18n().t('maintenance:run.previewFailed'),
      }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
