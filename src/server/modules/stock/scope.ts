/**
 * Who reaches which stock location (issue 37, ADR 049), as data the repositories turn into SQL:
 * the admins every location; a Service Manager or Team Lead their region's stores and vans (a van
 * is in its technician's region; `reachesRegion`: a region-less one reaches all); a technician
 * their own van and their region's stores. Everyone else, none.
 */
import type { Actor } from '#server/lib/auth.ts';
import { hasCapability, reachesRegion } from '#shared/domain/permissions.ts';
import { ROLE } from '#shared/domain/roles.ts';
import type { LocationKind } from '#shared/domain/stock.ts';

export type LocationScope =
  | { kind: 'all' }
  | { kind: 'region'; regionId: string }
  | { kind: 'technician'; technicianId: string; regionId: string | null }
  | { kind: 'none' };

export interface ScopedLocation {
  kind: LocationKind;
  regionId: string | null;
  technicianId: string | null;
}

export function locationScopeOf(actor: Pick<Actor, 'id' | 'policyRole' | 'regionId'>): LocationScope {
  if (actor.policyRole === ROLE.TECHNICIAN) {
    return { kind: 'technician', technicianId: actor.id, regionId: actor.regionId };
  }
  if (!hasCapability(actor.policyRole, 'stockRead')) return { kind: 'none' };
  if (reachesRegion(actor.policyRole, actor.regionId, '\u0000no-region')) return { kind: 'all' };
  return actor.regionId ? { kind: 'region', regionId: actor.regionId } : { kind: 'none' };
}

/** Does the scope reach this location? (The same rule as the repositories' SQL.) */
export function reachesLocation(scope: LocationScope, l: ScopedLocation): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'region':
      return l.regionId === scope.regionId;
    case 'technician':
      return l.kind === 'VAN'
        ? l.technicianId === scope.technicianId
        : scope.regionId !== null && l.regionId === scope.regionId;
    case 'none':
      return false;
  }
}

/** A stock keeper (reads and moves the stock of the locations in scope). */
export function isKeeper(actor: Pick<Actor, 'policyRole'>): boolean {
  return hasCapability(actor.policyRole, 'stockMove');
}
