/**
 * The parts catalogue (issue 37, ADR 049): everyone reads it (the cost only the stock keepers),
 * the admins write it. SKUs are unique case-insensitively (409); a part's products are replaced
 * as sent; every change writes its audit row in its transaction.
 */

import type { z } from 'zod';
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, invalid, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import { cappedWindow, containsPattern } from '#server/lib/paging.ts';
import type { PartItem, PartListQuery, partBody } from '#shared/contracts/stock.ts';
import { hasCapability } from '#shared/domain/permissions.ts';
import type { PartKind, PartUnit } from '#shared/domain/stock.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './catalogue.repository.ts';

type PartBody = z.output<typeof partBody>;
/** Only the fields sent (routes.ts: without the contract's defaults). */
type PartPatch = Partial<PartBody>;

const iso = (d: Date | string) => new Date(d).toISOString();

export function toPartItem(p: repo.PartRow, products: { id: string; name: string }[], showCost: boolean): PartItem {
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    kind: p.kind,
    unit: p.unit,
    hsnCode: p.hsnCode,
    gstRate: Number(p.gstRate),
    pricePaise: Number(p.pricePaise),
    costPaise: showCost ? Number(p.costPaise) : null,
    products,
    active: p.active,
    createdAt: iso(p.createdAt),
  };
}

/** The cost is the stock keepers' (a technician picks parts without it). */
const seesCost = (actor: Pick<Actor, 'policyRole'>) => hasCapability(actor.policyRole, 'stockRead');

export class CatalogueService {
  constructor(private readonly db: Db) {}

  async list(actor: Actor, q: PartListQuery) {
    const window = cappedWindow(q);
    const { rows, total } = await repo.listParts(
      this.db,
      {
        ...(q.search ? { pattern: containsPattern(q.search) } : {}),
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.active !== undefined ? { active: q.active } : {}),
        ...(q.productId ? { productId: q.productId } : {}),
      },
      window,
    );
    const products = await repo.productsOf(
      this.db,
      rows.map((r) => r.id),
    );
    const cost = seesCost(actor);
    return { items: rows.map((r) => toPartItem(r, products.get(r.id) ?? [], cost)), total, window };
  }

  async get(actor: Actor, id: string, db: Tx = this.db): Promise<PartItem> {
    const row = await repo.findPart(db, id);
    if (!row) throw notFound(ERR.partNotFound);
    const products = await repo.productsOf(db, [id]);
    return toPartItem(row, products.get(id) ?? [], seesCost(actor));
  }

  /** The parts of these ids (a transfer's lines), for the other services of the module. */
  partsOf(tx: Tx, ids: readonly string[]) {
    return repo.findParts(tx, ids);
  }

  async create(actor: Actor, b: PartBody, ip: string): Promise<PartItem> {
    const values = valuesOf(b);
    const productIds = [...new Set(b.productIds ?? [])];
    const id = await skuWrite(() =>
      this.db.transaction(async (tx) => {
        await this.checkProducts(tx, productIds);
        const id = await repo.insertPart(tx, values);
        await repo.replaceProducts(tx, id, productIds);
        await auditPart(tx, actor, 'part.create', id, ip, { sku: values.sku, name: values.name });
        return id;
      }),
    );
    return this.get(actor, id);
  }

  async update(actor: Actor, id: string, b: PartPatch, ip: string): Promise<PartItem> {
    await skuWrite(() =>
      this.db.transaction(async (tx) => {
        const before = await repo.lockPart(tx, id);
        if (!before) throw notFound(ERR.partNotFound);
        const values = valuesOf({
          sku: b.sku ?? before.sku,
          name: b.name ?? before.name,
          kind: b.kind ?? before.kind,
          unit: b.unit ?? before.unit,
          hsnCode: b.hsnCode === undefined ? before.hsnCode : b.hsnCode,
          gstRate: b.gstRate ?? Number(before.gstRate),
          pricePaise: b.pricePaise ?? Number(before.pricePaise),
          costPaise: b.costPaise ?? Number(before.costPaise),
          active: b.active ?? before.active,
        });
        await repo.updatePart(tx, id, values);
        if (b.productIds) {
          const productIds = [...new Set(b.productIds)];
          await this.checkProducts(tx, productIds);
          await repo.replaceProducts(tx, id, productIds);
        }
        await auditPart(tx, actor, 'part.update', id, ip, { sku: values.sku, fields: Object.keys(b) });
      }),
    );
    return this.get(actor, id);
  }

  private async checkProducts(tx: Tx, ids: string[]) {
    if ((await repo.countProducts(tx, ids)) !== ids.length) throw invalid('productIds', ERR.productNotFound);
  }
}

function valuesOf(b: {
  sku: string;
  name: string;
  kind: PartKind;
  unit?: PartUnit | undefined;
  hsnCode?: string | null | undefined;
  gstRate?: number | undefined;
  pricePaise: number;
  costPaise?: number | undefined;
  active?: boolean | undefined;
}): repo.PartValues {
  return {
    sku: b.sku.trim(),
    name: b.name.trim(),
    kind: b.kind,
    unit: b.unit ?? 'PCS',
    hsnCode: b.hsnCode || null,
    gstRate: Number(b.gstRate ?? 18),
    pricePaise: Number(b.pricePaise),
    costPaise: Number(b.costPaise ?? 0),
    active: b.active ?? true,
  };
}

async function skuWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'parts_sku_uq')) throw conflict(ERR.skuTaken);
    throw err;
  }
}

function auditPart(tx: Tx, actor: Actor, action: string, id: string, ip: string, details: Record<string, unknown>) {
  return audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType: 'part',
    entityId: id,
    ip,
    details,
  });
}
