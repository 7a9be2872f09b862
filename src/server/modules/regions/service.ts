/** Region Management: unique names, and a region in use cannot be deleted. */
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import type { RegionItem } from '#shared/contracts/regions.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

const toItem = (r: { id: string; name: string; createdAt: Date }): RegionItem => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
});

export class RegionsService {
  constructor(private readonly db: Db) {}

  async list(): Promise<RegionItem[]> {
    return (await repo.listRegions(this.db)).map(toItem);
  }

  async get(id: string): Promise<RegionItem> {
    const row = await repo.findRegion(this.db, id);
    if (!row) throw notFound(ERR.regionNotFound);
    return toItem(row);
  }

  async create(actor: Actor, name: string, ip: string): Promise<RegionItem> {
    try {
      return await this.db.transaction(async (tx) => {
        const row = await repo.insertRegion(tx, name);
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'region.create',
          entityType: 'region',
          entityId: row.id,
          ip,
          details: { name },
        });
        return toItem(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ERR.regionDuplicate);
      throw err;
    }
  }

  async update(actor: Actor, id: string, name: string, ip: string): Promise<RegionItem> {
    try {
      return await this.db.transaction(async (tx) => {
        const before = await repo.findRegion(tx, id);
        if (!before) throw notFound(ERR.regionNotFound);
        const row = await repo.renameRegion(tx, id, name);
        if (!row) throw notFound(ERR.regionNotFound);
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'region.update',
          entityType: 'region',
          entityId: id,
          ip,
          details: { from: before.name, to: name },
        });
        return toItem(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ERR.regionDuplicate);
      throw err;
    }
  }

  async remove(actor: Actor, id: string, ip: string): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const row = await repo.findRegion(tx, id);
        if (!row) throw notFound(ERR.regionNotFound);
        await repo.lockRegion(tx, id);
        if (await repo.regionInUse(tx, id)) throw conflict(ERR.regionInUse);
        await repo.deleteRegion(tx, id);
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'region.delete',
          entityType: 'region',
          entityId: id,
          ip,
          details: { name: row.name },
        });
      });
    } catch (err) {
      // A row that started using the region after our check: the foreign key refuses, we answer the same.
      if (isForeignKeyViolation(err)) throw conflict(ERR.regionInUse);
      throw err;
    }
  }
}
