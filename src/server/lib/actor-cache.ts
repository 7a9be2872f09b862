/**
 * The actor of a session, kept in the process between calls (ADR 021), so most authenticated
 * calls send no statement for it. ADR 005's guarantees hold:
 *
 * - **This process, the very next request.** Every change that affects an actor is announced with
 *   `announceAuthChange` inside its transaction (or `publishRevoked` for sessions). The
 *   announcement drops the matching entries at once and *quarantines* their keys: while a key is
 *   quarantined nothing matching it is served from or stored into the cache, so a look-up that
 *   runs between the change's statement and its commit (it still reads the old row) cannot be kept.
 *   The quarantine lifts when this process receives its own announcement back from the database
 *   (PostgreSQL and PGlite deliver a NOTIFY only after the commit), or after the fallback lifetime
 *   (a rolled-back change is never delivered).
 * - **Every other process, within a second.** The announcement is a `pg_notify` on the live
 *   stream's channel (ADR 008); every process LISTENs and drops the matching entries.
 * - **A missed notification.** An entry is used for at most `AUTH_CACHE_SECONDS` (default 5) after
 *   it was read. While the PostgreSQL listening connection is down the cache is off (every call
 *   reads the database, as before), and when it is back the cache starts empty.
 * - **A look-up racing a change.** Every drop bumps a generation; a look-up stores its row only if
 *   no drop happened since it began.
 */
import type { Actor } from './actor.ts';

/** What changed: one user (status, role, region, name, e-mail), one role, one session, or all of a user's sessions. */
export type AuthChange = { user: string } | { role: string } | { session: string };

interface Entry {
  actor: Actor;
  /** Session expiry, ms since the epoch. */
  expiresAt: number;
  /** When the row was read (performance.now()). */
  readAt: number;
}

/** Entries kept at most; past it the oldest go first (a Map iterates in insertion order). */
const MAX_ENTRIES = 20_000;

const keyOf = (c: AuthChange): string =>
  'user' in c ? `u:${c.user}` : 'role' in c ? `r:${c.role}` : `s:${(c as { session: string }).session}`;

/** Every cache of this process (tests build several apps in one process): announcements reach each. */
const caches = new Set<ActorCache>();

export class ActorCache {
  private readonly entries = new Map<string, Entry>();
  /** Quarantined keys (`u:`, `r:`, `s:` + id): how many announcements are pending, and until when. */
  private readonly quarantine = new Map<string, { pending: number; until: number }>();
  private generation = 0;
  private live: boolean;
  /** Hits and misses since start (tests, metrics). */
  hits = 0;
  misses = 0;

  /**
   * @param lifetimeMs the fallback lifetime of an entry (0 = no cache)
   * @param live false until the listener is subscribed (PostgreSQL); PGlite is live from the start
   */
  constructor(
    private readonly lifetimeMs: number,
    live: boolean,
  ) {
    this.live = live && lifetimeMs > 0;
    caches.add(this);
  }

  get enabled(): boolean {
    return this.live;
  }

  /** The cached actor of this session for this user, or undefined (look it up). */
  get(sessionId: string, userId: string, nowMs: number): Actor | undefined {
    if (!this.live) return undefined;
    const e = this.entries.get(sessionId);
    if (!e) {
      this.misses++;
      return undefined;
    }
    if (
      e.actor.id !== userId ||
      e.expiresAt <= nowMs ||
      performance.now() - e.readAt >= this.lifetimeMs ||
      (this.quarantine.size > 0 && this.quarantined(e.actor))
    ) {
      this.entries.delete(sessionId);
      this.misses++;
      return undefined;
    }
    this.hits++;
    return e.actor;
  }

  /** Call before a look-up; pass the value to `set`. */
  begin(): number {
    return this.generation;
  }

  set(actor: Actor, expiresAt: Date, generation: number): void {
    if (!this.live || generation !== this.generation) return;
    if (this.quarantine.size > 0 && this.quarantined(actor)) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(actor.sessionId, { actor, expiresAt: expiresAt.getTime(), readAt: performance.now() });
  }

  /** A change announced by this process, before its commit: drop and quarantine. */
  announced(change: AuthChange): void {
    const key = keyOf(change);
    const q = this.quarantine.get(key);
    const until = performance.now() + Math.max(this.lifetimeMs, 1000);
    this.quarantine.set(key, { pending: (q?.pending ?? 0) + 1, until });
    this.drop(change);
  }

  /** A change delivered by the database (any process's, after its commit): drop; lift our own quarantine. */
  received(change: AuthChange): void {
    this.drop(change);
    const key = keyOf(change);
    const q = this.quarantine.get(key);
    if (q) {
      if (q.pending <= 1) this.quarantine.delete(key);
      else q.pending--;
    }
  }

  /** The listening connection is up (true: start empty) or lost (false: off until it is back). */
  setLive(live: boolean): void {
    this.live = live && this.lifetimeMs > 0;
    this.clear();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  close(): void {
    this.clear();
    caches.delete(this);
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(change: AuthChange): void {
    this.generation++;
    if ('session' in change) {
      this.entries.delete(change.session);
      return;
    }
    for (const [sid, e] of this.entries) {
      if ('user' in change ? e.actor.id === change.user : e.actor.roleId === change.role) this.entries.delete(sid);
    }
  }

  private quarantined(actor: Actor): boolean {
    const now = performance.now();
    for (const key of [`u:${actor.id}`, `r:${actor.roleId}`, `s:${actor.sessionId}`]) {
      const q = this.quarantine.get(key);
      if (!q) continue;
      if (q.until > now) return true;
      this.quarantine.delete(key);
    }
    return false;
  }
}

/** Tell every cache of this process about a change this process is making (before its commit). */
export function announceLocally(change: AuthChange): void {
  for (const cache of caches) cache.announced(change);
}

/** The changes a message of the live-stream channel carries (ADR 008's `revoked`, ADR 021's `auth`). */
export function changesOf(msg: {
  revoked?: { user: string; session?: string; except?: string };
  auth?: AuthChange;
}): AuthChange[] {
  if (msg.auth) return [msg.auth];
  const r = msg.revoked;
  if (!r) return [];
  return r.session ? [{ session: r.session }] : [{ user: r.user }];
}
