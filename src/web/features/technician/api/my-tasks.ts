/**
 * GET /api/technicians/my-tasks: the open work assigned to me. Kept on the phone and served from
 * there when the network fails (issue 22, ADR 027); each time it comes from the server, the details
 * of its tasks are kept too, in the background, so every task opens offline (issue 33, keep-tasks.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { offlineSinceOf } from '#web/lib/offline/app-queue.ts';
import { session } from '#web/lib/session.ts';
import { fetchMyTasks, keepInBackground, refreshKeptTasksOnReturn } from './keep-tasks.ts';
import { technicianQueryKey } from './keys.ts';

export function useMyTasks() {
  refreshKeptTasksOnReturn();
  return useQuery({
    queryKey: [...technicianQueryKey, 'my-tasks'],
    // Not a paged list: every open task, on one screen.
    queryFn: async ({ signal }) => {
      const userId = session.get().user?.id;
      const tasks = await fetchMyTasks(userId, signal);
      // Not awaited: the list shows at once, the details follow.
      if (userId && offlineSinceOf(tasks) === null) keepInBackground(userId, tasks.items);
      return tasks;
    },
    structuralSharing: false,
  });
}
