/**
 * Users: Drizzle queries only. The public columns come from the auth module's `userView`. System
 * accounts (lib/system-accounts.ts) are no one's to list or manage: every query here leaves them out.
 */
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { regions, users } from '#server/db/schema/people.ts';
import { streamRows } from '#server/db/stream.ts';
import { announceAuthChange } from '#server/lib/push-channel.ts';
import { isPerson } from '#server/lib/system-accounts.ts';
import { selectUsers, type UserViewRow } from '#server/modules/auth/queries.ts';

export const INACTIVE = 'INACTIVE';

export interface UserFilter {
  /** Only users holding one of these roles (an empty list matches nobody). */
  roleIds: readonly string[];
  /** Only users of this region (null: any region). */
  regionId: string | null;
  /** A contains-pattern (already escaped) over name or email. */
  pattern?: string;
  /** Leave out deactivated users (the user table). */
  activeOnly?: boolean;
  /** Only ACTIVE users (subordinates, the hierarchy). */
  statusActive?: boolean;
}

function whereOf(f: UserFilter): SQL | undefined {
  if (f.roleIds.length === 0) return sql`false`;
  return and(
    isPerson(),
    inArray(users.roleId, [...f.roleIds]),
    f.regionId ? eq(users.regionId, f.regionId) : undefined,
    f.activeOnly ? ne(users.status, INACTIVE) : undefined,
    f.statusActive ? eq(users.status, 'ACTIVE') : undefined,
    f.pattern ? or(ilike(users.name, f.pattern), ilike(users.email, f.pattern)) : undefined,
  );
}

export async function listUsers(
  db: Tx,
  f: UserFilter,
  window?: { limit: number; offset: number },
): Promise<UserViewRow[]> {
  const q = selectUsers(db).where(whereOf(f)).orderBy(asc(users.name), asc(users.id)).$dynamic();
  if (window) q.limit(window.limit).offset(window.offset);
  return q;
}

/**
 * Every user a filter matches, by name as the list, read as they are used: the export's rows
 * (db/stream.ts, ADR 037). A keyset batch (PGlite) starts after the last (name, id).
 */
export function streamUsers(db: Tx, f: UserFilter): AsyncGenerator<UserViewRow> {
  return streamRows<UserViewRow>(db, {
    statement(page) {
      const last = page?.after;
      const q = selectUsers(db)
        .where(and(whereOf(f), last ? sql`(${users.name}, ${users.id}) > (${last.name}, ${last.id})` : undefined))
        .orderBy(asc(users.name), asc(users.id))
        .$dynamic();
      return { select: page ? q.limit(page.limit) : q };
    },
  });
}

export async function countUsers(db: Tx, f: UserFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(whereOf(f));
  return row?.n ?? 0;
}

export async function findUser(db: Tx, id: string): Promise<UserViewRow | undefined> {
  const [row] = await selectUsers(db)
    .where(and(eq(users.id, id), isPerson()))
    .limit(1);
  return row;
}

export async function regionExists(db: Tx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id)).limit(1);
  return !!row;
}

export async function insertUser(
  db: Tx,
  values: {
    name: string;
    email: string;
    passwordHash: string;
    phone: string | null;
    roleId: string;
    regionId: string | null;
    createdById: string;
  },
): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return (row as { id: string }).id;
}

export async function updateUser(
  db: Tx,
  id: string,
  set: { name: string; email: string; phone: string | null; roleId: string; regionId: string | null },
) {
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id));
  // Role, region, name and e-mail are part of the cached actor (ADR 021).
  await announceAuthChange(db, { user: id });
}

export async function deactivateUser(db: Tx, id: string) {
  await db.update(users).set({ status: INACTIVE, updatedAt: new Date() }).where(eq(users.id, id));
  await announceAuthChange(db, { user: id });
}
