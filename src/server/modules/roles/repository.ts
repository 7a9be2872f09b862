/** Roles: Drizzle queries only. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { roles, users } from '#server/db/schema/people.ts';
import { announceAuthChange } from '#server/lib/push-channel.ts';
import type { SystemRole } from '#shared/domain/roles.ts';

export { allRoles, type RoleRow } from './queries.ts';

const parent = alias(roles, 'parent_role');

export async function listRolesWithParent(db: Tx) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      parentRoleId: roles.parentRoleId,
      parentName: parent.name,
      immutable: roles.immutable,
      permissions: roles.permissions,
      policyRole: roles.policyRole,
      createdAt: roles.createdAt,
    })
    .from(roles)
    .leftJoin(parent, eq(parent.id, roles.parentRoleId))
    .orderBy(asc(roles.createdAt), asc(roles.name));
}

export async function insertRole(
  db: Tx,
  values: { name: string; parentRoleId: string; permissions: Record<string, unknown>; policyRole: SystemRole },
) {
  const [row] = await db
    .insert(roles)
    .values({ ...values, immutable: false })
    .returning({ id: roles.id });
  return row as { id: string };
}

export async function updateRole(db: Tx, id: string, set: { name: string; permissions?: Record<string, unknown> }) {
  await db
    .update(roles)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(roles.id, id), eq(roles.immutable, false)));
  // The role's name is part of the cached actor, its permissions go with it (ADR 021).
  await announceAuthChange(db, { role: id });
}

export async function deleteRole(db: Tx, id: string) {
  await db.delete(roles).where(and(eq(roles.id, id), eq(roles.immutable, false)));
  await announceAuthChange(db, { role: id });
}

/** Users of any status still holding the role (the foreign key would refuse the delete anyway). */
export async function countUsersWithRole(db: Tx, roleId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.roleId, roleId));
  return row?.n ?? 0;
}

export async function countChildRoles(db: Tx, roleId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(roles).where(eq(roles.parentRoleId, roleId));
  return row?.n ?? 0;
}

/** Serialise role changes: concurrent deletes/creates see a consistent tree. */
export async function lockRoles(db: Tx) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(4201)`);
}
