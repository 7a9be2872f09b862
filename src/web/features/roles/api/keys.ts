/** Query keys of the roles feature. */
export const rolesQueryKey = ['roles'] as const;
