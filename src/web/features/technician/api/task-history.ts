/** GET /api/technicians/task-history: everything ever assigned to me, paged on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import { apiList } from '#web/lib/api-client.ts';
import { technicianQueryKey } from './keys.ts';

export function useTaskHistory(query: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...technicianQueryKey, 'task-history', query],
    queryFn: ({ signal }) =>
      apiList<RequestSummary>('/technicians/task-history', {
        query,
        signal,
        fallback: getI18n().t('technician:history.fetchFailed'),
      }),
    placeholderData: keepPreviousData,
  });
}
