/**
 * Stores and vans (issue 37, ADR 049): the locations a reader may see (scope.ts), another store in
 * a region (the admins'; a region's first store and every van are made by the database's
 * triggers), a store renamed or closed.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, invalid, notFound } from '#server/lib/errors.ts';
import type { LocationKind } from '#shared/domain/stock.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './locations.repository.ts';
import { type LocationAnswer, toLocationItem } from './mapper.ts';
import { locationScopeOf } from './scope.ts';

function auditLocation(tx: Tx, actor: Actor, action: string, id: string, ip: string, details: Record<string, unknown>) {
  return audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType: 'stock_location',
    entityId: id,
    ip,
    details,
  });
}

export class LocationService {
  constructor(private readonly db: Db) {}

  async list(actor: Actor, q: { kind?: LocationKind | undefined; regionId?: string | undefined }) {
    const rows = await repo.listLocations(this.db, locationScopeOf(actor), {
      ...(q.kind ? { kind: q.kind } : {}),
      ...(q.regionId ? { regionId: q.regionId } : {}),
    });
    return rows.map(toLocationItem);
  }

  async createStore(actor: Actor, b: { name: string; regionId: string }, ip: string): Promise<LocationAnswer> {
    const id = await this.db.transaction(async (tx) => {
      if (!(await repo.regionExists(tx, b.regionId))) throw invalid('regionId', ERR.regionNotFound);
      const id = await repo.insertStore(tx, { name: b.name.trim(), regionId: b.regionId });
      await auditLocation(tx, actor, 'stock.location.create', id, ip, { name: b.name, regionId: b.regionId });
      return id;
    });
    return toLocationItem((await repo.findLocation(this.db, id)) as repo.LocationRow);
  }

  /** A store renamed, closed or opened again (a van follows its technician). */
  async updateStore(
    actor: Actor,
    id: string,
    b: { name?: string | undefined; active?: boolean | undefined },
    ip: string,
  ): Promise<LocationAnswer> {
    await this.db.transaction(async (tx) => {
      const l = await repo.findLocation(tx, id);
      if (!l) throw notFound(ERR.locationNotFound);
      if (l.kind !== 'STORE') throw conflict(ERR.notAStore({ location: l.name }));
      await repo.updateLocation(tx, id, {
        ...(b.name !== undefined ? { name: b.name.trim() } : {}),
        ...(b.active !== undefined ? { active: b.active } : {}),
      });
      await auditLocation(tx, actor, 'stock.location.update', id, ip, { ...b });
    });
    return toLocationItem((await repo.findLocation(this.db, id)) as repo.LocationRow);
  }
}
