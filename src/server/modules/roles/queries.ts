/** What other modules may read of the roles module (its exported query, ADR 029): the role tree. */
import { asc } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { roles } from '#server/db/schema/people.ts';
import type { SystemRole } from '#shared/domain/roles.ts';

export interface RoleRow {
  id: string;
  name: string;
  parentRoleId: string | null;
  immutable: boolean;
  permissions: Record<string, unknown>;
  policyRole: SystemRole;
  createdAt: Date;
}

/** Every role, system and custom: the tree the hierarchy rules walk. Small by nature. */
export async function allRoles(db: Tx): Promise<RoleRow[]> {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      parentRoleId: roles.parentRoleId,
      immutable: roles.immutable,
      permissions: roles.permissions,
      policyRole: roles.policyRole,
      createdAt: roles.createdAt,
    })
    .from(roles)
    .orderBy(asc(roles.createdAt), asc(roles.name));
}
