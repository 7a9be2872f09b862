/** Query keys of the regions feature. ['regions', 'list'] is shared with the other features' region selects. */
export const regionsQueryKey = ['regions'] as const;
export const regionListQueryKey = ['regions', 'list'] as const;
