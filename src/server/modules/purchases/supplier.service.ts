/**
 * Suppliers (issue 37 item 6, ADR 049): the stock keepers read them, the admins keep them. A
 * GSTIN is checked by the contract (pattern, state, check character) and unique (409); every
 * change writes an audit row in its transaction.
 */

import type { z } from 'zod';
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import { cappedWindow, containsPattern } from '#server/lib/paging.ts';
import type { PageQuery } from '#shared/contracts/common.ts';
import type { SupplierItem, supplierBody, supplierPatch } from '#shared/contracts/stock.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './supplier.repository.ts';

type SupplierInput = z.output<typeof supplierBody>;
type SupplierPatchInput = z.output<typeof supplierPatch>;

export function toSupplierItem(s: repo.SupplierRow): SupplierItem {
  return {
    id: s.id,
    name: s.name,
    gstin: s.gstin,
    phone: s.phone,
    address: s.address,
    active: s.active,
    createdAt: s.createdAt.toISOString(),
  };
}

function valuesOf(s: Omit<repo.SupplierValues, 'searchText'>): repo.SupplierValues {
  return { ...s, searchText: [s.name, s.gstin, s.phone].filter(Boolean).join(' ').toLowerCase() };
}

function auditOf(tx: Tx, actor: Actor, action: string, id: string, ip: string, details: Record<string, unknown>) {
  return audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType: 'supplier',
    entityId: id,
    ip,
    details,
  });
}

export class SupplierService {
  constructor(private readonly db: Db) {}

  async list(q: PageQuery) {
    const window = cappedWindow(q);
    const { rows, total } = await repo.listSuppliers(this.db, q.search ? containsPattern(q.search) : undefined, window);
    return { items: rows.map(toSupplierItem), total, window };
  }

  async get(id: string): Promise<SupplierItem> {
    const row = await repo.findSupplier(this.db, id);
    if (!row) throw notFound(ERR.supplierNotFound);
    return toSupplierItem(row);
  }

  /** The supplier a purchase names, in the caller's transaction (undefined: none). */
  find(tx: Tx, id: string): Promise<repo.SupplierRow | undefined> {
    return repo.findSupplier(tx, id);
  }

  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'suppliers_gstin_uq')) throw conflict(ERR.gstinTaken);
      throw err;
    }
  }

  async create(actor: Actor, b: SupplierInput, ip: string): Promise<SupplierItem> {
    const id = await this.write(() =>
      this.db.transaction(async (tx) => {
        const id = await repo.insertSupplier(
          tx,
          valuesOf({
            name: b.name,
            gstin: b.gstin ?? null,
            phone: b.phone ?? null,
            address: b.address ?? null,
            active: b.active,
          }),
        );
        await auditOf(tx, actor, 'supplier.create', id, ip, { name: b.name, gstin: b.gstin ?? null });
        return id;
      }),
    );
    return this.get(id);
  }

  /** The fields sent replace the stored ones; those not sent are kept. */
  async update(actor: Actor, id: string, b: SupplierPatchInput, ip: string): Promise<SupplierItem> {
    await this.write(() =>
      this.db.transaction(async (tx) => {
        const before = await repo.lockSupplier(tx, id);
        if (!before) throw notFound(ERR.supplierNotFound);
        const next = {
          name: b.name ?? before.name,
          gstin: b.gstin === undefined ? before.gstin : b.gstin,
          phone: b.phone === undefined ? before.phone : b.phone,
          address: b.address === undefined ? before.address : b.address,
          active: b.active ?? before.active,
        };
        await repo.updateSupplier(tx, id, valuesOf(next));
        const changed = Object.keys(next).filter(
          (k) => next[k as keyof typeof next] !== before[k as keyof typeof next],
        );
        await auditOf(tx, actor, 'supplier.update', id, ip, { changed });
      }),
    );
    return this.get(id);
  }
}
