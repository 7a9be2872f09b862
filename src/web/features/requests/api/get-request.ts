/** GET /api/service-requests/{id}: the request with its history, work logs and photos. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { requestQueryKey } from './keys.ts';

export function fetchRequest(id: string, signal?: AbortSignal) {
  return api<RequestDetails>(`/service-requests/${id}`, { signal, fallback: getI18n().t('requests:failed.one') });
}

export function useRequest(id: string) {
  return useQuery({
    queryKey: requestQueryKey(id),
    queryFn: ({ signal }) => fetchRequest(id, signal),
    // The photo links are signed for an hour or more; refetch well within that.
    staleTime: 30_000,
    refetchInterval: 15 * 60_000,
  });
}
