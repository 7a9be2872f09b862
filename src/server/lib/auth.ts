/**
 * Who is calling: the bearer token is verified, then the user, their role and their session are
 * read in one query, or taken from this process's actor cache (ADR 021), which every change to
 * them empties at once here and within a second in other processes, so a deactivated user or a
 * revoked session is refused on the next call (ADR 005).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { refreshSessions, roles, users } from '#server/db/schema/people.ts';
import { type Capability, hasCapability, regionlessReach } from '#shared/domain/permissions.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import type { Actor } from './actor.ts';
import type { ActorCache } from './actor-cache.ts';
import { audit } from './audit.ts';
import { bearerOf } from './bearer.ts';
import { AppError, forbidden, unauthenticated } from './errors.ts';
import { markAudited } from './refusal-audit.ts';
import type { AccessClaims, TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export type { Actor };
export { bearerOf };

/**
 * The actor look-up runs on every authenticated call, so it is built once per database handle
 * and prepared: Drizzle no longer rebuilds its SQL each time (query building was the largest
 * share of the server's CPU under load; docs/performance.md). Same SQL text as before.
 */
function actorQuery(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      roleId: users.roleId,
      roleName: roles.name,
      policyRole: roles.policyRole,
      regionId: users.regionId,
      sessionId: refreshSessions.id,
      sessionExpiresAt: refreshSessions.expiresAt,
      locale: users.locale,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(
      refreshSessions,
      and(
        eq(refreshSessions.id, sql.placeholder('sid')),
        eq(refreshSessions.userId, users.id),
        isNull(refreshSessions.revokedAt),
        gt(refreshSessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .where(and(eq(users.id, sql.placeholder('sub')), eq(users.status, 'ACTIVE')))
    .limit(1)
    .prepare('actor_lookup');
}
const preparedActorQueries = new WeakMap<Db, ReturnType<typeof actorQuery>>();

/** The actor of a valid access token; from `cache` when it holds a fresh one (ADR 021). */
export async function loadActor(
  db: Db,
  tokens: TokenService,
  token: string,
  cache?: ActorCache,
): Promise<Actor | null> {
  const claims = tokens.checkAccess(token);
  if (!claims) return null;
  return cache?.get(claims.sid, claims.sub, Date.now()) ?? readActor(db, claims, cache);
}

/** The user, role and session of verified claims, read from the database (and kept in `cache`). */
async function readActor(db: Db, claims: AccessClaims, cache?: ActorCache): Promise<Actor | null> {
  const generation = cache?.begin() ?? 0;
  let query = preparedActorQueries.get(db);
  if (!query) {
    query = actorQuery(db);
    preparedActorQueries.set(db, query);
  }
  const rows = await query.execute({ sid: claims.sid, sub: claims.sub, now: new Date() });
  const row = rows[0];
  if (!row) return null;
  const { sessionExpiresAt, ...fields } = row;
  // Shared by every call of the session while cached: nobody may change it.
  const actor: Actor = Object.freeze(fields);
  cache?.set(actor, sessionExpiresAt, generation);
  return actor;
}

/**
 * Guards for routes: signed in, and (optionally) holding a capability of the policy table.
 *
 * Callback hooks, not async ones (issue 20): a call whose actor is cached and whose capability
 * holds passes both without a promise; only a database read or a refusal's audit row waits.
 */
export function makeGuards(db: Db, tokens: TokenService, cache?: ActorCache) {
  const expired = () => unauthenticated(ERR.sessionExpired);

  const authenticate: preHandlerHookHandler = (request, _reply, done) => {
    const token = bearerOf(request);
    if (!token) return done(unauthenticated());
    const claims = tokens.checkAccess(token);
    if (!claims) return done(expired());
    const cached = cache?.get(claims.sid, claims.sub, Date.now());
    if (cached) {
      request.actor = cached;
      return done();
    }
    readActor(db, claims, cache).then((actor) => {
      if (!actor) return done(expired());
      request.actor = actor;
      done();
    }, done);
  };

  const requireCapability =
    (capability: Capability): preHandlerHookHandler =>
    (request, _reply, done) => {
      const actor = request.actor;
      if (!actor) return done(unauthenticated());
      if (hasCapability(actor.policyRole, capability)) return done();
      audit(db, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'access.denied',
        ip: request.ip,
        outcome: 'denied',
        details: { capability, method: request.method, url: request.url },
      }).then(() => done(markAudited(forbidden())), done);
    };

  return {
    authenticate,
    /** Signed in, plus each capability named. */
    guard: (...capabilities: Capability[]): preHandlerHookHandler[] => [
      authenticate,
      ...capabilities.map(requireCapability),
    ],
    /**
     * Signed in, plus the capability the request itself calls for (read after validation, so
     * from the parsed query): `GET /service-requests?mine=true` needs requestCreate, the whole
     * list requestList (ADR 020).
     */
    guardBy: (pick: (request: FastifyRequest) => Capability): preHandlerHookHandler[] => [
      authenticate,
      function (this: FastifyInstance, request, reply, done) {
        requireCapability(pick(request)).call(this, request, reply, done);
      },
    ],
  };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', ERR.authRequired);
  return request.actor;
}

/**
 * A region id no row has (keys come from gen_random_uuid, which never makes the nil uuid): the
 * filter of a Salesman or Technician without a region, whose reads then match nothing.
 */
export const NO_REGION = '00000000-0000-0000-0000-000000000000';

/**
 * The region a regional scope limits reads to, or null for everything. A region-less manager or
 * lead is national (null); a region-less Salesman or Technician gets NO_REGION: every list is
 * empty, every read by id 404, every write "out of region" (docs/product-rules.md R-14, ADR 015).
 */
export function regionFilterOf(actor: Actor, scope: 'all' | 'region'): string | null {
  if (scope === 'all') return null;
  if (actor.regionId) return actor.regionId;
  return regionlessReach(actor.policyRole) === 'all' ? null : NO_REGION;
}
