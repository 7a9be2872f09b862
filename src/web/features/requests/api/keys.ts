/**
 * Query keys of the requests feature. A transition changes what the dashboard and the
 * technician screens show too, so mutations invalidate their keys as well (by value: features
 * do not import each other).
 */
export const requestsQueryKey = ['service-requests'] as const;
export const requestQueryKey = (id: string) => ['service-requests', 'detail', id] as const;
export const candidatesQueryKey = (id: string) => ['service-requests', 'candidates', id] as const;
export const customerOptionsQueryKey = ['customers', 'options'] as const;
/** Every list of requests (the Requests page's pages and searches). */
export const requestListsQueryKey = [...requestsQueryKey, 'list'] as const;
/** Every request's technician candidates: their open-task counts move with any assignment. */
export const candidatesListsQueryKey = [...requestsQueryKey, 'candidates'] as const;
/** Everything a request change can move. */
export const AFTER_REQUEST_CHANGE = [requestsQueryKey, ['dashboard'], ['technician'], ['customers']] as const;
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
  ['dashboard'],
  ['technician'],
  ['customers'],
  ['maintenance'],
] as const;
