/**
 * What other modules may read or do of the auth module's data (the module's exported queries,
 * ADR 029): the public view of a user (never the hash) and revoking a user's sessions.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { regions, roles, users } from '#server/db/schema/people.ts';
import type { Locale } from '#shared/i18n/locales.ts';

/** The columns every public view of a user is built from: never the hash. */
export const userView = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  roleId: users.roleId,
  roleName: roles.name,
  policyRole: roles.policyRole,
  regionId: users.regionId,
  regionName: regions.name,
  status: users.status,
  locale: users.locale,
  createdAt: users.createdAt,
};

export type UserViewRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  roleId: string;
  roleName: string;
  policyRole: string;
  regionId: string | null;
  regionName: string | null;
  status: string;
  locale: Locale | null;
  createdAt: Date;
};

export function selectUsers(db: Tx) {
  return db
    .select(userView)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(regions, eq(regions.id, users.regionId));
}

/** Revoking a user's sessions: one statement for every caller (lib/sessions.ts). */
export { revokeAllSessions } from '#server/lib/sessions.ts';
