/** Query keys of the users feature. */
export const usersQueryKey = ['users'] as const;
export const assignableRolesQueryKey = ['users', 'assignable-roles'] as const;
/** Same key as every other feature's region list, so they share one cached GET /regions. */
export const regionOptionsQueryKey = ['regions', 'list'] as const;
