/** GET /api/technicians/my-tasks: the open work assigned to me. */
import { useQuery } from '@tanstack/react-query';
import { getI18n } from 'react-i18next';
import type { RequestSummary } from '#shared/contracts/service-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { cachedRead } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { technicianQueryKey } from './keys.ts';

export function useMyTasks() {
  return useQuery({
    queryKey: [...technicianQueryKey, 'my-tasks'],
    // Not a paged list: every open task, on one screen.
    // Kept on the phone and served from there when the network fails (issue 22, ADR 027).
    queryFn: ({ signal }) =>
      cachedRead(session.get().user?.id, ['my-tasks'], async () => ({
        items: await api<RequestSummary[]>('/technicians/my-tasks', {
          signal,
          fallback: getI18n().t('technician:myTasks.fetchFailed'),
        }),
      })),
    structuralSharing: false,
  });
}
