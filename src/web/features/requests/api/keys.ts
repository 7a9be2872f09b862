/**
 * Query keys of the requests feature. A transition changes what the dashboard, the technician
 * screens, the customers and the installed base show too, so mutations invalidate those features'
 * roots as well (lib/query-keys.ts: features do not import each other).
 */
import { queryRoots } from '#web/lib/query-keys.ts';

export const requestsQueryKey = queryRoots.requests;
export const requestQueryKey = (id: string) => [...requestsQueryKey, 'detail', id] as const;
export const candidatesQueryKey = (id: string) => [...requestsQueryKey, 'candidates', id] as const;
export const customerOptionsQueryKey = [...queryRoots.customers, 'options'] as const;
/** Every list of requests (the Requests page's pages and searches). */
export const requestListsQueryKey = [...requestsQueryKey, 'list'] as const;
/** Every request's technician candidates: their open-task counts move with any assignment. */
export const candidatesListsQueryKey = [...requestsQueryKey, 'candidates'] as const;
/** Everything a request change can move. */
export const AFTER_REQUEST_CHANGE = [
  requestsQueryKey,
  queryRoots.dashboard,
  queryRoots.technician,
  queryRoots.customers,
] as const;
/**
 * What a transition moves besides the request itself, which answers with its new state (put in
 * the cache under requestQueryKey, not refetched): the lists, the technician candidates (their
 * open-task counts), the dashboard, the technician's screens, the customers' request histories,
 * and the installed base (issue 21: a completion moves its unit's due dates and the due list's
 * open requests; the details page's purifier card shows them).
 */
export const AFTER_TRANSITION = [
  requestListsQueryKey,
  candidatesListsQueryKey,
  queryRoots.dashboard,
  queryRoots.technician,
  queryRoots.customers,
  queryRoots.maintenance,
] as const;
