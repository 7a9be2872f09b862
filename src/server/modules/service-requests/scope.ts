/**
 * Which requests an actor reaches, as data the repository turns into SQL: ONE function for the
 * rule (the role's kind of scope comes from `requestScopeOf` in the shared policy table). The
 * same value filters the request lists and reads (a WHERE condition) and picks the counter rows
 * that add up to the same set (request_counters, ADR 006).
 */
import type { Actor } from '#server/lib/auth.ts';
import { requestScopeOf } from '#shared/domain/permissions.ts';

/**
 * `region`: the requests of a region; `requested`: raised by the key user; `assigned`: assigned
 * to them; `technician`: assigned to or raised by them (each request once).
 */
export type RequestScope = { kind: 'all' } | { kind: 'region' | 'requested' | 'technician' | 'assigned'; key: string };

export function scopeFor(actor: Pick<Actor, 'id' | 'policyRole' | 'regionId'>): RequestScope {
  switch (requestScopeOf(actor.policyRole)) {
    case 'all':
      return { kind: 'all' };
    case 'region':
      // A manager or team lead without a region is national (regionlessReach).
      return actor.regionId ? { kind: 'region', key: actor.regionId } : { kind: 'all' };
    case 'requested':
      return { kind: 'requested', key: actor.id };
    case 'technician':
      return { kind: 'technician', key: actor.id };
  }
}

/** A technician's own tasks (My Tasks, task history, their stats): assigned to them only. */
export const assignedTo = (userId: string): RequestScope => ({ kind: 'assigned', key: userId });

/** The requests a user raised, as a scope (the counters' `requester` rows). */
export const raisedBy = (userId: string): RequestScope => ({ kind: 'requested', key: userId });

/**
 * Does `scope` hold every request `userId` raised? Everything does, and so do their own scopes
 * (raised by them; a technician's: assigned to or raised by them). A region may not: they may
 * have raised requests in another one.
 */
export function holdsAllRaisedBy(scope: RequestScope, userId: string): boolean {
  if (scope.kind === 'all') return true;
  return (scope.kind === 'requested' || scope.kind === 'technician') && scope.key === userId;
}
