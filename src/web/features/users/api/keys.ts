/** Query keys of the users feature. */
export const usersQueryKey = ['users'] as const;
export const assignableRolesQueryKey = ['users', 'assignable-roles'] as const;
