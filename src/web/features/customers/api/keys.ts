/** Query keys of the customers feature. */
export const customersQueryKey = ['customers'] as const;
/** Same key as every other feature's region list, so they share one cached GET /regions. */
export const regionOptionsQueryKey = ['regions', 'list'] as const;
