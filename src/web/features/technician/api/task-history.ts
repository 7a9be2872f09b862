/** GET /api/technicians/task-history: everything ever assigned to me, paged on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import { apiList } from '#web/lib/api-client.ts';
import { cachedRead } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { technicianQueryKey } from './keys.ts';

export function useTaskHistory(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...technicianQueryKey, 'task-history', query],
    // Kept on the phone and served from there when the network fails (issue 22, ADR 027).
    queryFn: ({ signal }) =>
      cachedRead(session.get().user?.id, ['task-history', query], () =>
        apiList<RequestSummary>('/technicians/task-history', {
          query,
          signal,
          fallback: getI18n().t('technician:history.fetchFailed'),
        }),
      ),
    structuralSharing: false,
    placeholderData: keepPreviousData,
  });
}
