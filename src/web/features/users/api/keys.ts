/** Query keys of the users feature: its roots, which other features invalidate too. */
import { queryRoots } from '#web/lib/query-keys.ts';

export const usersQueryKey = queryRoots.users;
export const assignableRolesQueryKey = queryRoots.assignableRoles;
