/**
 * Query keys of the requests feature. A transition changes what the dashboard and the
 * technician screens show too, so mutations invalidate their keys as well (by value: features
 * do not import each other).
 */
export const requestsQueryKey = ['service-requests'] as const;
export const requestQueryKey = (id: string) => ['service-requests', 'detail', id] as const;
export const candidatesQueryKey = (id: string) => ['service-requests', 'candidates', id] as const;
export const customerOptionsQueryKey = ['customers', 'options'] as const;
/** Everything a request change can move. */
export const AFTER_REQUEST_CHANGE = [requestsQueryKey, ['dashboard'], ['technician'], ['customers']] as const;
