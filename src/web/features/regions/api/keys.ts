/** Query keys of the regions feature; the list itself is the shared query in #web/lib/queries/regions.ts. */
export const regionsQueryKey = ['regions'] as const;
