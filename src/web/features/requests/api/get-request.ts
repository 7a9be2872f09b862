/** GET /api/service-requests/{id}: the request with its history, work logs and photos. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { api } from '#web/lib/api-client.ts';
import { cachedRead } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { requestQueryKey } from './keys.ts';

export function fetchRequest(id: string, signal?: AbortSignal) {
  return api<RequestDetails>(`/service-requests/${id}`, { signal, fallback: getI18n().t('requests:failed.one') });
}

export function useRequest(id: string) {
  return useQuery({
    queryKey: requestQueryKey(id),
    // A technician's tasks are kept on the phone and served from there when the network fails
    // (issue 22, ADR 027); the office's screens are not stored.
    queryFn: ({ signal, client, queryKey }) => {
      const user = session.get().user;
      const phone = user?.policyRole === ROLE.TECHNICIAN ? user.id : undefined;
      const shown = client.getQueryState<RequestDetails>(queryKey);
      return cachedRead(phone, ['task', id], () => fetchRequest(id, signal), shown);
    },
    structuralSharing: false,
    // The photo links are signed for an hour or more; refetch well within that.
    staleTime: 30_000,
    refetchInterval: 15 * 60_000,
  });
}
