import { and, eq, gt, sql } from 'drizzle-orm';
import { ASYNC_COMMIT } from '#server/db/async-commit.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { refreshSessions, regions, roles, users } from '#server/db/schema/people.ts';
import { auditInsertSql } from '#server/lib/audit.ts';
import { announceAuthChange, publishRevoked } from '#server/lib/push-channel.ts';
import type { AuthUser } from '#shared/contracts/auth.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { selectUsers, type UserViewRow, userView } from './queries.ts';

export { revokeAllSessions, selectUsers, type UserViewRow, userView } from './queries.ts';

export function toAuthUser(row: UserViewRow): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    roleId: row.roleId,
    role: { name: row.roleName },
    policyRole: row.policyRole,
    regionId: row.regionId,
    region: row.regionName ? { name: row.regionName } : null,
    status: row.status,
    locale: row.locale,
  };
}

/** The user's language (null: follow the browser). */
export async function setLocale(db: Tx, id: string, locale: Locale | null): Promise<boolean> {
  const rows = await db.update(users).set({ locale }).where(eq(users.id, id)).returning({ id: users.id });
  // The language is part of the cached actor (ADR 021): the next answer is in the new one.
  if (rows.length === 1) await announceAuthChange(db, { user: id });
  return rows.length === 1;
}

export async function findUserById(db: Tx, id: string): Promise<UserViewRow | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}

/** The audit trail's failed sign-ins of an email since a moment (the sliding lockout, ADR 015). */
const failedSignInsSince = (email: string, since: Date) =>
  and(
    eq(auditLog.action, 'auth.login'),
    eq(auditLog.outcome, 'failed'),
    eq(auditLog.actorEmail, email),
    gt(auditLog.at, since),
  );

/**
 * A sign-in's one read (issue 39, P9): the account with its hash, and the failed sign-ins of the
 * email since `since` (the sliding lockout), in one statement whether or not the account exists,
 * so an unknown email costs the same round trips as a known one (R13).
 */
export async function signInFacts(
  db: Tx,
  email: string,
  since: Date,
): Promise<{ failures: number; creds: (UserViewRow & { passwordHash: string }) | undefined }> {
  const failed = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(auditLog)
    .where(failedSignInsSince(email, since))
    .as('failed');
  const [row] = await db
    .select({ failures: failed.n, account: { ...userView, passwordHash: users.passwordHash } })
    .from(failed)
    .leftJoin(users, eq(users.email, email))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(regions, eq(regions.id, users.regionId))
    .limit(1);
  const account = row?.account;
  return {
    failures: Number(row?.failures ?? 0),
    creds: account?.id ? (account as UserViewRow & { passwordHash: string }) : undefined,
  };
}

/**
 * A right password's session in one statement (issue 39, P9): the session row, the account's
 * guess given back (`releaseGuess`) and the audit row, atomic as one statement is, instead of
 * BEGIN, three statements and COMMIT. Answers the session's id.
 */
export async function openSignInSession(
  db: Db,
  s: { userId: string; email: string; tokenHash: string; expiresAt: Date; userAgent?: string; ip?: string },
  window: string,
): Promise<{ id: string }> {
  const res = await db.execute<{ id: string }>(sql`
    WITH s AS (
      INSERT INTO refresh_sessions (user_id, token_hash, expires_at, user_agent, ip)
      VALUES (${s.userId}, ${s.tokenHash}, ${s.expiresAt.toISOString()}::timestamptz, ${s.userAgent ?? null}, ${s.ip ?? null})
      RETURNING id
    ), released AS (${giveBackSql(s.email, window)}), audited AS (${auditInsertSql(db, {
      actorId: s.userId,
      actorEmail: s.email,
      action: 'auth.login',
      ip: s.ip ?? null,
      entityType: 'session',
    })})
    SELECT id FROM s`);
  const row = res.rows[0];
  if (!row) throw new Error('the session was not opened');
  return row;
}

export async function createSession(
  db: Tx,
  values: { userId: string; tokenHash: string; expiresAt: Date; userAgent?: string; ip?: string },
) {
  const [row] = await db.insert(refreshSessions).values(values).returning({ id: refreshSessions.id });
  return row as { id: string };
}

export async function findSession(db: Tx, id: string) {
  const [row] = await db.select().from(refreshSessions).where(eq(refreshSessions.id, id)).limit(1);
  return row;
}

/**
 * One guarded, row-locking UPDATE that either rotates (the presented secret is the current one:
 * the successor takes its place) or confirms a grace replay (the presented secret was rotated out
 * after `graceSince` and its successor is still current). Concurrent refreshes with one cookie
 * queue on the row lock; PostgreSQL re-checks the WHERE on the row the winner wrote, so the others
 * match the grace branch and get the same successor. False: neither (reuse, revoked, expired).
 */
export async function rotateSession(
  db: Tx,
  id: string,
  presentedHash: string,
  nextHash: string,
  expiresAt: Date,
  graceSince: Date,
) {
  const s = refreshSessions;
  const isCurrent = sql`${s.tokenHash} = ${presentedHash}`;
  const now = new Date().toISOString();
  const rows = await db
    .update(s)
    .set({
      tokenHash: nextHash,
      rotations: sql`CASE WHEN ${isCurrent} THEN ${s.rotations} + 1 ELSE ${s.rotations} END`,
      // The grace window runs from the real rotation: a replay never extends it.
      lastUsedAt: sql`CASE WHEN ${isCurrent} THEN ${now}::timestamptz ELSE ${s.lastUsedAt} END`,
      expiresAt,
    })
    .where(
      and(
        eq(s.id, id),
        sql`${s.revokedAt} IS NULL`,
        sql`${s.expiresAt} > ${now}::timestamptz`,
        sql`(${isCurrent} OR (${s.tokenHash} = ${nextHash} AND ${s.lastUsedAt} > ${graceSince.toISOString()}::timestamptz))`,
      ),
    )
    .returning({ id: s.id });
  return rows.length === 1;
}

/** Revokes one session; its open notification streams end in every process (ADR 008). */
export async function revokeSession(db: Tx, id: string, reason: string) {
  const [row] = await db
    .update(refreshSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshSessions.id, id), sql`${refreshSessions.revokedAt} IS NULL`))
    .returning({ userId: refreshSessions.userId });
  if (row) await publishRevoked(db, { user: row.userId, session: id });
}

/** Failed sign-ins for an account in a window: read from the audit trail, so it holds across processes. */
export async function recentFailedLogins(db: Tx, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(failedSignInsSince(email, since));
  return row?.n ?? 0;
}

const guessKey = (email: string) => `account-guess:${email}`;

/**
 * Reserves one password check for an account before the hash is verified: one atomic upsert on
 * the account's fixed-window counter (`rate_limit_hits`), so parallel guesses each get their own
 * number, in this process or any other. The counter only rises while it is under `limit` (or its
 * window has ended): at the limit nothing is counted and the answer is null, refused unchecked.
 * Else the answer names the window (its end, as PostgreSQL wrote it) for the give-back.
 */
export async function reserveGuess(db: Db, email: string, windowMs: number, limit: number): Promise<string | null> {
  // As the rate-limit store does: every attempt updates this one row, so no WAL flush wait; one
  // statement on its own (ASYNC_COMMIT, ops/repository.ts).
  const res = await db.execute<{ window: string }>(sql`
      INSERT INTO rate_limit_hits AS r (key, hits, reset_at)
      SELECT ${guessKey(email)}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}) FROM ${ASYNC_COMMIT}
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
        reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
      WHERE r.reset_at <= clock_timestamp() OR r.hits < ${limit}
      RETURNING reset_at::text AS window`);
  return res.rows[0]?.window ?? null;
}

/**
 * Gives a reservation back (the password was right, or the attempt was refused after all): only
 * wrong guesses stay counted. Only to the window it was taken from: a give-back arriving after
 * the window has ended never frees a check in the next one.
 */
export async function releaseGuess(db: Tx, email: string, window: string): Promise<void> {
  await db.execute(giveBackSql(email, window));
}

/** The give-back's UPDATE (releaseGuess, and inside the sign-in's session statement). */
function giveBackSql(email: string, window: string) {
  return sql`UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = ${guessKey(email)} AND reset_at = ${window}::timestamptz AND reset_at > clock_timestamp()`;
}

/** Drops the account counters whose window has ended (the sign-in path calls it now and then). */
export async function sweepGuesses(db: Tx): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limit_hits WHERE key LIKE 'account-guess:%' AND reset_at < clock_timestamp() - interval '1 minute'`,
  );
}

/** The stored password hash of a user (the password change checks the current password). */
export async function passwordHashOf(db: Tx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash;
}

export async function setPassword(db: Tx, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findRoleByName(db: Tx, name: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return row;
}

/** A self-registered user (POST /auth/register). */
export async function insertUser(
  db: Tx,
  values: { name: string; email: string; passwordHash: string; phone: string | null; roleId: string },
): Promise<{ id: string } | undefined> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row;
}
