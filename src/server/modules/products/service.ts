/**
 * The product catalogue (issue 21, ADR 023): products and their parts, written by admins. A
 * product's parts are what its units' schedules are made of: a new part is scheduled on every
 * active unit of the product, a part's new interval moves their next dates, a dropped part takes
 * its schedule rows with it. Every change writes an audit row in its transaction.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, invalid, isForeignKeyViolation, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import { cappedWindow, containsPattern } from '#server/lib/paging.ts';
import type { ProductBody, ProductItem } from '#shared/contracts/products.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

export function toProductItem(p: repo.ProductRow, parts: repo.PartRow[], unitCount: number): ProductItem {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    technology: p.technology,
    warrantyMonths: p.warrantyMonths,
    parts: parts.map((x) => ({
      id: x.id,
      name: x.name,
      intervalMonths: x.intervalMonths,
      stockPartId: x.stockPartId ?? null,
    })),
    unitCount,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The audit row every change here writes. */
function auditOf(tx: Tx, actor: Actor, action: string, id: string, ip: string, details: Record<string, unknown>) {
  return audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType: 'product',
    entityId: id,
    ip,
    details,
  });
}

export class ProductService {
  constructor(private readonly db: Db) {}

  async listProducts(q: { page?: number; pageSize?: number; search?: string }) {
    const window = cappedWindow(q);
    const { rows, total } = await repo.listProducts(this.db, q.search ? containsPattern(q.search) : undefined, window);
    const ids = rows.map((r) => r.id);
    const [parts, counts] = await Promise.all([repo.partsOf(this.db, ids), repo.unitCounts(this.db, ids)]);
    const items = rows.map((p) =>
      toProductItem(
        p,
        parts.filter((x) => x.productId === p.id),
        counts.get(p.id) ?? 0,
      ),
    );
    return { items, total, window };
  }

  async getProduct(id: string, db: Tx = this.db): Promise<ProductItem> {
    const p = await repo.findProduct(db, id);
    if (!p) throw notFound(ERR.productNotFound);
    const [parts, counts] = await Promise.all([repo.partsOf(db, [id]), repo.unitCounts(db, [id])]);
    return toProductItem(p, parts, counts.get(id) ?? 0);
  }

  /** Does the product exist? (Installing a unit, in the caller's transaction.) */
  async exists(tx: Tx, id: string): Promise<boolean> {
    return !!(await repo.findProduct(tx, id));
  }

  /** A product's parts in their order (a new unit's schedule, in the caller's transaction). */
  partsOf(tx: Tx, productId: string): Promise<{ id: string; intervalMonths: number }[]> {
    return repo.partsOf(tx, [productId]);
  }

  private productValues(b: ProductBody) {
    const name = b.name.trim();
    const brand = b.brand.trim();
    return {
      name,
      brand,
      technology: b.technology,
      warrantyMonths: Number(b.warrantyMonths ?? 12),
      searchText: `${brand} ${name}`.toLowerCase(),
    };
  }

  private async productWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'products_brand_name_uq')) throw conflict(ERR.productDuplicate);
      // A stockPartId that is no catalogue item (issue 37).
      if (isForeignKeyViolation(err)) throw invalid('parts', ERR.partNotFound);
      throw err;
    }
  }

  async createProduct(actor: Actor, b: ProductBody, ip: string): Promise<ProductItem> {
    const id = await this.productWrite(() =>
      this.db.transaction(async (tx) => {
        const id = await repo.insertProduct(tx, this.productValues(b));
        let position = 0;
        for (const part of b.parts) {
          await repo.insertPart(tx, {
            productId: id,
            name: part.name,
            intervalMonths: Number(part.intervalMonths),
            position: position++,
            stockPartId: part.stockPartId ?? null,
          });
        }
        await repo.linkPartsToCatalogue(tx, id);
        await auditOf(tx, actor, 'product.create', id, ip, { name: b.name, brand: b.brand });
        return id;
      }),
    );
    return this.getProduct(id);
  }

  /**
   * Replace a product's fields and parts: a part sent with its id is kept (and its schedules
   * follow a new interval), one without an id is new (every active unit of the product gets it,
   * due from its installation), a part left out is dropped with its schedule rows.
   */
  async updateProduct(actor: Actor, id: string, b: ProductBody, ip: string): Promise<ProductItem> {
    await this.productWrite(() =>
      this.db.transaction(async (tx) => {
        await repo.lockProduct(tx, id);
        const before = await repo.findProduct(tx, id);
        if (!before) throw notFound(ERR.productNotFound);
        const existing = await repo.partsOf(tx, [id]);
        const known = new Map(existing.map((p) => [p.id, p]));
        for (const part of b.parts) {
          if (part.id && !known.has(part.id)) throw invalid('parts', ERR.partNotOfProduct);
        }
        await repo.updateProduct(tx, id, this.productValues(b));
        const kept = new Set(b.parts.map((p) => p.id).filter((x): x is string => !!x));
        await repo.deleteParts(
          tx,
          existing.filter((p) => !kept.has(p.id)).map((p) => p.id),
        );
        let position = 0;
        for (const part of b.parts) {
          const months = Number(part.intervalMonths);
          if (part.id) {
            const old = known.get(part.id);
            await repo.updatePart(tx, part.id, {
              name: part.name,
              intervalMonths: months,
              position: position++,
              ...(part.stockPartId !== undefined ? { stockPartId: part.stockPartId } : {}),
            });
            if (old && old.intervalMonths !== months) await repo.rescheduleProductPart(tx, part.id, months);
          } else {
            const partId = await repo.insertPart(tx, {
              productId: id,
              name: part.name,
              intervalMonths: months,
              position: position++,
              stockPartId: part.stockPartId ?? null,
            });
            await repo.scheduleNewPart(tx, partId, id, months);
          }
        }
        await repo.linkPartsToCatalogue(tx, id);
        await repo.refreshUnitsOfProduct(tx, id);
        await auditOf(tx, actor, 'product.update', id, ip, { name: b.name, parts: b.parts.length });
      }),
    );
    return this.getProduct(id);
  }

  async deleteProduct(actor: Actor, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.lockProduct(tx, id);
      const p = await repo.findProduct(tx, id);
      if (!p) throw notFound(ERR.productNotFound);
      if (await repo.anyUnitOf(tx, id)) throw conflict(ERR.productInUse);
      await repo.deleteProduct(tx, id);
      await auditOf(tx, actor, 'product.delete', id, ip, { name: p.name });
    });
  }
}
