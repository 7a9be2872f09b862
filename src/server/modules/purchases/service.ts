/**
 * Purchases (issue 37 item 6, ADR 049 item 7): a supplier's invoice recorded as DRAFT with its GST
 * totals, received into a store (RECEIVE movements through the ledger and each part's moving-average
 * cost), and corrected only by a reversal (negative RECEIVE movements, the cost restored). The stock
 * keepers do it, a Service Manager or Team Lead for the stores of their region (a region-less one:
 * all), the admins everywhere; a purchase outside the reader's scope is not found. Each write is one
 * transaction with its audit row; the status changes are guarded in SQL.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { conflict, invalid, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import { cappedWindow } from '#server/lib/paging.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import { moveStock } from '#server/modules/stock/ledger.service.ts';
import type { PurchaseItem, PurchaseQuery } from '#shared/contracts/stock.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import { gstTotals, isInterState } from '#shared/domain/stock.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { receiptCosts, reversalCosts } from './cost.ts';
import { toPurchaseItem } from './mapper.ts';
import * as repo from './repository.ts';
import type { SupplierService } from './supplier.service.ts';

export interface PurchaseInput {
  supplierId: string;
  invoiceNumber: string;
  invoiceDate: string;
  storeId: string;
  lines: { partId: string; quantity: number; unitCostPaise: number; gstRate: number }[];
}

function auditOf(tx: Tx, actor: Actor, action: string, id: string, ip: string, details: Record<string, unknown>) {
  return audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType: 'purchase',
    entityId: id,
    ip,
    details,
  });
}

export class PurchaseService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly suppliers: SupplierService,
    /** The business's GST state code (BUSINESS_GSTIN's first two digits, or GST_STATE_CODE); null: unknown. */
    private readonly businessState: string | null,
  ) {}

  /** null: every store; else the stores of this region (the regional scope, ADR 015). */
  regionOf(actor: Actor): string | null {
    return regionFilterOf(actor, regionalScopeOf(actor.policyRole));
  }

  private async items(ids: string[], db: Tx = this.db): Promise<PurchaseItem[]> {
    const [rows, lines] = await Promise.all([repo.findPurchases(db, ids), repo.linesOf(db, ids)]);
    return rows.map((r) =>
      toPurchaseItem(
        this.tokens,
        r,
        lines.filter((l) => l.line.purchaseId === r.p.id),
      ),
    );
  }

  async list(actor: Actor, q: PurchaseQuery) {
    const window = cappedWindow(q);
    const { ids, total } = await repo.listPurchaseIds(
      this.db,
      { status: q.status, supplierId: q.supplierId, storeId: q.storeId, region: this.regionOf(actor) },
      window,
    );
    return { items: await this.items(ids), total, window };
  }

  /** The purchase if the actor's scope reaches its store; else 404. */
  async assertInScope(actor: Actor, id: string) {
    const found = await repo.findScoped(this.db, id, this.regionOf(actor));
    if (!found) throw notFound(ERR.purchaseNotFound);
    return found;
  }

  async get(actor: Actor, id: string): Promise<PurchaseItem> {
    await this.assertInScope(actor, id);
    const [item] = await this.items([id]);
    if (!item) throw notFound(ERR.purchaseNotFound);
    return item;
  }

  /** The store a purchase goes into: a STORE the actor reaches (else 404), open. */
  private async storeFor(actor: Actor, storeId: string) {
    const store = await repo.findLocation(this.db, storeId);
    const region = this.regionOf(actor);
    if (!store || (region !== null && store.regionId !== region)) throw notFound(ERR.locationNotFound);
    if (store.kind !== 'STORE') throw invalid('storeId', ERR.notAStore({ location: store.name }));
    if (!store.active) throw conflict(ERR.locationInactive({ location: store.name }));
    return store;
  }

  /** Recorded as DRAFT with its totals: CGST + SGST, or IGST when the supplier is in another state. */
  async create(actor: Actor, b: PurchaseInput, ip: string): Promise<PurchaseItem> {
    const store = await this.storeFor(actor, b.storeId);
    const supplier = await this.suppliers.find(this.db, b.supplierId);
    if (!supplier) throw notFound(ERR.supplierNotFound);
    const known = new Map(
      (await repo.partsByIds(this.db, [...new Set(b.lines.map((l) => l.partId))])).map((p) => [p.id, p]),
    );
    b.lines.forEach((l, i) => {
      const part = known.get(l.partId);
      if (!part) throw invalid(`lines.${i}.partId`, ERR.partNotFound);
      if (!part.active) throw conflict(ERR.partInactive({ sku: part.sku }));
    });
    const interState = isInterState(supplier.gstin, this.businessState);
    const totals = gstTotals(b.lines, interState);
    let id: string;
    try {
      id = await this.db.transaction(async (tx) => {
        const id = await repo.insertPurchase(
          tx,
          {
            supplierId: supplier.id,
            invoiceNumber: b.invoiceNumber,
            invoiceDate: b.invoiceDate,
            storeId: store.id,
            interState,
            taxablePaise: totals.taxablePaise,
            cgstPaise: totals.cgstPaise,
            sgstPaise: totals.sgstPaise,
            igstPaise: totals.igstPaise,
            totalPaise: totals.totalPaise,
            createdById: actor.id,
          },
          totals.lines.map((l, position) => ({
            position,
            partId: (b.lines[position] as PurchaseInput['lines'][number]).partId,
            quantity: l.quantity,
            unitCostPaise: l.unitCostPaise,
            gstRate: l.gstRate,
            taxablePaise: l.taxablePaise,
            taxPaise: l.cgstPaise + l.sgstPaise + l.igstPaise,
          })),
        );
        await auditOf(tx, actor, 'purchase.create', id, ip, {
          supplierId: supplier.id,
          invoiceNumber: b.invoiceNumber,
          storeId: store.id,
          totalPaise: totals.totalPaise,
          interState,
        });
        return id;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'purchases_supplier_invoice_uq')) throw conflict(ERR.invoiceTaken);
      throw err;
    }
    return this.get(actor, id);
  }

  /**
   * DRAFT → RECEIVED in one transaction: the guarded update decides (409 when it is no longer a
   * draft: received twice moves nothing twice), the lines go into the store through the ledger, and
   * each part's cost moves to the moving average over every location's positive on-hand before
   * the receipt (several lines of one part in their order), recorded on the line.
   */
  async receive(actor: Actor, id: string, ip: string): Promise<PurchaseItem> {
    await this.assertInScope(actor, id);
    await this.db.transaction(async (tx) => {
      const row = await repo.markReceived(tx, id, actor.id);
      if (!row) throw conflict(ERR.purchaseNotDraft);
      const lines = await repo.purchaseLinesOf(tx, id);
      const partIds = lines.map((l) => l.partId);
      const parts = await repo.lockPartCosts(tx, partIds);
      const held = await repo.positiveOnHand(tx, partIds);
      await moveStock(
        tx,
        lines.map((l) => ({
          locationId: row.storeId,
          partId: l.partId,
          kind: 'RECEIVE' as const,
          quantity: l.quantity,
          unitCostPaise: Number(l.unitCostPaise),
          purchaseId: id,
          actorId: actor.id,
        })),
      );
      const cost = new Map([...parts].map(([partId, p]) => [partId, p.costPaise]));
      const costs = receiptCosts(
        lines.map((l) => ({ partId: l.partId, quantity: l.quantity, unitCostPaise: Number(l.unitCostPaise) })),
        cost,
        held,
      );
      for (const [i, l] of lines.entries()) {
        const c = costs[i] as { before: number; after: number };
        await repo.setLineCosts(tx, id, l.position, c.before, c.after);
      }
      for (const [partId, paise] of cost) await repo.setPartCost(tx, partId, paise);
      await auditOf(tx, actor, 'purchase.receive', id, ip, {
        invoiceNumber: row.invoiceNumber,
        storeId: row.storeId,
        costs: Object.fromEntries(cost),
      });
    });
    return this.get(actor, id);
  }

  /**
   * RECEIVED → REVERSED in one transaction: refused (409, nothing written) when the store no longer
   * holds what the purchase brought; else negative RECEIVE movements and each part's cost restored
   * (cost.ts: the line's cost-before when nothing moved it since, else the inverse average).
   */
  async reverse(actor: Actor, id: string, reason: string, ip: string): Promise<PurchaseItem> {
    await this.assertInScope(actor, id);
    await this.db.transaction(async (tx) => {
      const row = await repo.markReversed(tx, id, actor.id, reason);
      if (!row) throw conflict(ERR.purchaseNotReceived);
      const lines = await repo.purchaseLinesOf(tx, id);
      const partIds = lines.map((l) => l.partId);
      const parts = await repo.lockPartCosts(tx, partIds);
      const inStore = await repo.lockStoreBalances(tx, row.storeId, partIds);
      const wanted = new Map<string, number>();
      for (const l of lines) wanted.set(l.partId, (wanted.get(l.partId) ?? 0) + l.quantity);
      for (const [partId, quantity] of wanted) {
        if ((inStore.get(partId) ?? 0) < quantity) {
          throw conflict(ERR.reverseShort({ quantity, sku: parts.get(partId)?.sku ?? '' }));
        }
      }
      const held = await repo.positiveOnHand(tx, partIds);
      await moveStock(
        tx,
        lines.map((l) => ({
          locationId: row.storeId,
          partId: l.partId,
          kind: 'RECEIVE' as const,
          quantity: -l.quantity,
          unitCostPaise: Number(l.unitCostPaise),
          reason,
          purchaseId: id,
          actorId: actor.id,
        })),
      );
      const cost = reversalCosts(
        lines.map((l) => ({
          partId: l.partId,
          quantity: l.quantity,
          unitCostPaise: Number(l.unitCostPaise),
          costBeforePaise: l.costBeforePaise === null ? null : Number(l.costBeforePaise),
          costAfterPaise: l.costAfterPaise === null ? null : Number(l.costAfterPaise),
        })),
        new Map([...parts].map(([partId, p]) => [partId, p.costPaise])),
        held,
      );
      for (const [partId, paise] of cost) await repo.setPartCost(tx, partId, paise);
      await auditOf(tx, actor, 'purchase.reverse', id, ip, {
        invoiceNumber: row.invoiceNumber,
        storeId: row.storeId,
        reason,
        costs: Object.fromEntries(cost),
      });
    });
    return this.get(actor, id);
  }
}
