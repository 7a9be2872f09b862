/** Sign-in, rotating refresh sessions, sign-out, registration and password change. */
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { DEMO_EMAILS } from '#server/db/seed/seed.ts';
import { audit } from '#server/lib/audit.ts';
import {
  AppError,
  conflict,
  forbidden,
  invalid,
  isUniqueViolation,
  notFound,
  unauthenticated,
} from '#server/lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { isSystemEmail } from '#server/lib/system-accounts.ts';
import { newSecret, sha256, type TokenService } from '#server/lib/tokens.ts';
import type { AuthUser, UpdateMeBody } from '#shared/contracts/auth.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

/** The English of these answers (the tests compare with it). */
export const INVALID_CREDENTIALS = ERR.invalidCredentials.text;
export const TOO_MANY_FAILURES = ERR.tooManyFailures.text;
export const REGISTRATION_CLOSED = ERR.registrationClosed.text;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

const SESSION_ID = /^[0-9a-f-]{36}$/;

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface Client {
  ip: string;
  userAgent?: string;
}

export interface SessionResult {
  accessToken: string;
  user: AuthUser;
  /** The refresh cookie's value: "<session id>.<secret>". */
  refreshCookie: string;
  refreshExpires: Date;
}

export class AuthService {
  private lastSweep = Date.now();

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly refreshTtlDays: number,
    private readonly failsPerAccount: number,
    /** Seconds the just-rotated refresh secret still gets its successor (REFRESH_GRACE_SECONDS). */
    private readonly refreshGraceSeconds = 30,
    /** DEMO on: the demo accounts may sign in; off, they are refused whatever their status (ADR 015). */
    private readonly demo = true,
  ) {}

  private expiry(): Date {
    return new Date(Date.now() + this.refreshTtlDays * 24 * 3600 * 1000);
  }

  /** A new session for the user (sign-in opens its own: `repo.openSignInSession`). */
  private async openSession(userId: string, client: Client): Promise<SessionResult> {
    const secret = newSecret();
    const refreshExpires = this.expiry();
    const values = {
      userId,
      tokenHash: sha256(secret),
      expiresAt: refreshExpires,
      userAgent: client.userAgent?.slice(0, 300),
      ip: client.ip,
    };
    const session = await repo.createSession(this.db, values);
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw unauthenticated(ERR.invalidCredentials);
    return this.result(user, session.id, secret, refreshExpires);
  }

  /** What a sign-in or a refresh answers: a fresh access token for the session, and its cookie. */
  private async result(
    user: repo.UserViewRow,
    sessionId: string,
    secret: string,
    refreshExpires: Date,
  ): Promise<SessionResult> {
    const accessToken = await this.tokens.signAccess({ sub: user.id, sid: sessionId });
    return { accessToken, user: repo.toAuthUser(user), refreshCookie: `${sessionId}.${secret}`, refreshExpires };
  }

  /**
   * Reserves one password check for the account, or refuses with 429 (and a `denied` audit row)
   * when the account already has LOGIN_FAILS_PER_ACCOUNT guesses in the window: counted
   * atomically before the hash is checked, so parallel guesses cannot all slip past the count
   * (issue 15). Sign-in and password change share the counter. The failed sign-ins in the audit
   * trail over the last 15 minutes (a sliding window) must be under the limit too, so the fixed
   * window's reset cannot double the guesses at its edge. A refused attempt is not counted (it
   * checked nothing), so refusals never extend a lockout. Answers the window reserved in, which
   * is the only one a give-back may touch.
   */
  private async reserveGuess(email: string, action: string, ip: string, actorId: string | null): Promise<string> {
    const reserved = await this.reserveGuessOnly(email);
    const failures =
      reserved === null ? 0 : await repo.recentFailedLogins(this.db, email, new Date(Date.now() - FAILURE_WINDOW_MS));
    return this.refuseWhenLocked(email, reserved, failures, action, ip, actorId);
  }

  /** The account's counter step of `reserveGuess` (null: at the limit), with the occasional sweep. */
  private async reserveGuessOnly(email: string): Promise<string | null> {
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await repo.sweepGuesses(this.db);
    }
    return repo.reserveGuess(this.db, email, FAILURE_WINDOW_MS, this.failsPerAccount);
  }

  /** The reservation's window, or a 429 when the counter or the sliding window says locked. */
  private async refuseWhenLocked(
    email: string,
    window: string | null,
    failures: number,
    action: string,
    ip: string,
    actorId: string | null,
  ): Promise<string> {
    const locked = window === null || failures >= this.failsPerAccount;
    if (!locked) return window;
    // Refused unchecked: a refusal is never counted (at the limit the counter does not rise),
    // and one refused by the sliding window gives its reservation back, so a burst of parallel
    // sign-ins (an office on one account, a script) never keeps the account locked after it.
    if (window !== null) await repo.releaseGuess(this.db, email, window);
    await audit(this.db, {
      actorId,
      actorEmail: email,
      action,
      ip,
      outcome: 'denied',
      details: { reason: 'throttled' },
    });
    throw new AppError('RATE_LIMITED', ERR.tooManyFailures);
  }

  async login(email: string, password: string, client: Client): Promise<SessionResult> {
    // Three round trips (issue 39, P9): the guess reserved, the account and its recent failures
    // read together, and the session opened in one statement.
    const reserved = await this.reserveGuessOnly(email);
    const { failures, creds } = await repo.signInFacts(this.db, email, new Date(Date.now() - FAILURE_WINDOW_MS));
    const window = await this.refuseWhenLocked(email, reserved, failures, 'auth.login', client.ip, null);
    // Verify against a dummy hash for unknown accounts, so both answers take the same time.
    const ok = await verifyPassword(creds?.passwordHash ?? (await dummyHash()), password);
    // A system account (ADR 023) never signs in, whatever its status or hash.
    if (
      !creds ||
      !ok ||
      creds.status !== 'ACTIVE' ||
      isSystemEmail(creds.email) ||
      (!this.demo && DEMO_EMAILS.has(creds.email))
    ) {
      await audit(this.db, {
        actorId: creds?.id ?? null,
        actorEmail: email,
        action: 'auth.login',
        ip: client.ip,
        outcome: 'failed',
      });
      throw unauthenticated(ERR.invalidCredentials);
    }
    const { passwordHash: _, ...user } = creds;
    const secret = newSecret();
    const refreshExpires = this.expiry();
    let session: { id: string };
    try {
      // The session, the reservation given back and the audit row: one statement, all or nothing.
      session = await repo.openSignInSession(
        this.db,
        {
          userId: creds.id,
          email,
          tokenHash: sha256(secret),
          expiresAt: refreshExpires,
          userAgent: client.userAgent?.slice(0, 300),
          ip: client.ip,
        },
        window,
      );
    } catch (err) {
      // The password was right: if opening the session fails (the database busy or gone), the
      // reservation goes back too, so a server fault never counts against the account.
      await repo.releaseGuess(this.db, email, window).catch(() => {});
      throw err;
    }
    return this.result(user, session.id, secret, refreshExpires);
  }

  /**
   * Rotate the refresh cookie. The secret just rotated out still gets its (derived, so identical)
   * successor for `refreshGraceSeconds` after the rotation: the spec's client refreshes once per
   * failed call, several at once. Any other old secret is a reuse and revokes the session (ADR 005).
   */
  async refresh(cookie: string | undefined, userId: string | undefined, client: Client): Promise<SessionResult> {
    const [sessionId, secret] = (cookie ?? '').split('.');
    if (!sessionId || !secret || !/^[0-9a-f-]{36}$/.test(sessionId)) throw unauthenticated(ERR.sessionExpired);
    const session = await repo.findSession(this.db, sessionId);
    if (!session || session.revokedAt || session.expiresAt < new Date()) throw unauthenticated(ERR.sessionExpired);
    const presented = sha256(secret);
    const nextSecret = this.tokens.refreshSuccessor(session.id, secret);
    const nextHash = sha256(nextSecret);
    const graceSince = new Date(Date.now() - this.refreshGraceSeconds * 1000);
    const current = presented === session.tokenHash;
    const graceReplay = !current && nextHash === session.tokenHash && session.lastUsedAt > graceSince;
    if (!current && !graceReplay) return this.reused(session.id, session.userId, client);
    if (userId && userId !== session.userId) throw unauthenticated(ERR.sessionExpired);
    const user = await repo.findUserById(this.db, session.userId);
    if (user?.status !== 'ACTIVE') {
      await repo.revokeSession(this.db, session.id, 'user inactive');
      throw unauthenticated(ERR.sessionExpired);
    }
    // A secret a rotation issued inside the window is answered as it is, not rotated again: the
    // browser's jar takes the new cookie while the rest of the burst is still out, so one burst
    // holds two generations; a second rotation would make the first a reuse (ADR 005).
    if (current && session.rotations > 0 && session.lastUsedAt > graceSince) {
      return this.result(user, session.id, secret, session.expiresAt);
    }
    const refreshExpires = this.expiry();
    const rotated = await repo.rotateSession(this.db, session.id, presented, nextHash, refreshExpires, graceSince);
    // Between our read and write the session moved past this secret (or ended): a reuse.
    if (!rotated) return this.reused(session.id, session.userId, client);
    return this.result(user, session.id, nextSecret, refreshExpires);
  }

  /** A refresh secret presented after it stopped being valid: the whole session ends (R11). */
  private async reused(sessionId: string, userId: string, client: Client): Promise<never> {
    await repo.revokeSession(this.db, sessionId, 'refresh token reused');
    await audit(this.db, {
      actorId: userId,
      action: 'auth.refresh_reuse',
      entityType: 'session',
      entityId: sessionId,
      ip: client.ip,
      outcome: 'denied',
    });
    throw unauthenticated(ERR.sessionExpired);
  }

  async logout(
    cookie: string | undefined,
    bearerSessionId: string | undefined,
    actorId: string | undefined,
    ip: string,
  ) {
    const sessions = new Set<string>();
    // The cookie names its session only when its secret matches too (issue 15): a session id
    // alone (it is in every access token) revokes nothing.
    const [cookieSession, cookieSecret] = (cookie ?? '').split('.');
    if (cookieSession && cookieSecret && SESSION_ID.test(cookieSession)) {
      const session = await repo.findSession(this.db, cookieSession);
      if (session && sameHash(sha256(cookieSecret), session.tokenHash)) sessions.add(session.id);
    }
    // The bearer's session comes from a verified access token.
    if (bearerSessionId && SESSION_ID.test(bearerSessionId)) sessions.add(bearerSessionId);
    for (const sid of sessions) await repo.revokeSession(this.db, sid, 'logout');
    if (actorId) await audit(this.db, { actorId, action: 'auth.logout', ip });
  }

  async register(
    input: { name: string; email: string; password: string; phone?: string | null },
    allowed: boolean,
    client: Client,
  ) {
    if (!allowed) throw forbidden(ERR.registrationClosed);
    if (isSystemEmail(input.email)) throw invalid('email', ERR.reservedEmail);
    const role = await repo.findRoleByName(this.db, ROLE.SALESMAN);
    if (!role) throw new AppError('INTERNAL', ERR.salesmanRoleMissing);
    const passwordHash = await hashPassword(input.password);
    try {
      const created = await repo.insertUser(this.db, {
        name: input.name,
        email: input.email,
        passwordHash,
        phone: input.phone || null,
        roleId: role.id,
      });
      await audit(this.db, {
        actorId: created?.id,
        actorEmail: input.email,
        action: 'auth.register',
        entityType: 'user',
        entityId: created?.id,
        ip: client.ip,
      });
      return this.openSession((created as { id: string }).id, client);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ERR.duplicateEmail);
      throw err;
    }
  }

  /** GET /auth/me: the caller as the sign-in answer describes them. */
  async me(userId: string): Promise<AuthUser> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw notFound(ERR.userNotFound);
    return repo.toAuthUser(user);
  }

  /** PATCH /auth/me: the caller's language (ADR 022); the answer is the caller as /auth/me shows them. */
  async updateMe(userId: string, body: UpdateMeBody, ip: string): Promise<AuthUser> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.setLocale(tx, userId, body.locale))) throw notFound(ERR.userNotFound);
      await audit(tx, {
        actorId: userId,
        action: 'auth.update_me',
        entityType: 'user',
        entityId: userId,
        ip,
        details: { locale: body.locale },
      });
    });
    return this.me(userId);
  }

  /** Ends every session of the caller (this one too); their open notification streams end with them. */
  async signOutEverywhere(userId: string): Promise<void> {
    await repo.revokeAllSessions(this.db, userId, 'signed out everywhere');
  }

  /** The current password is checked like a sign-in: the same per-account throttle and audit rows. */
  async changePassword(
    actor: { id: string; email: string },
    sessionId: string,
    current: string,
    next: string,
    ip: string,
  ) {
    const userId = actor.id;
    const window = await this.reserveGuess(actor.email, 'auth.password_change', ip, userId);
    const stored = await repo.passwordHashOf(this.db, userId);
    if (stored === undefined || !(await verifyPassword(stored, current))) {
      await audit(this.db, {
        actorId: userId,
        actorEmail: actor.email,
        action: 'auth.password_change',
        entityType: 'user',
        entityId: userId,
        ip,
        outcome: 'failed',
      });
      throw invalid('currentPassword', ERR.currentPasswordIncorrect);
    }
    await repo.releaseGuess(this.db, actor.email, window);
    const passwordHash = await hashPassword(next);
    await this.db.transaction(async (tx) => {
      await repo.setPassword(tx, userId, passwordHash);
      await repo.revokeAllSessions(tx, userId, 'password changed', sessionId);
      await audit(tx, { actorId: userId, action: 'auth.password_change', entityType: 'user', entityId: userId, ip });
    });
  }
}
