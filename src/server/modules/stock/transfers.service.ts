/**
 * Transfers and part requests (issue 37, ADR 049), read and created; their later steps (issue,
 * receive, cancel) are transfer-steps.service.ts. A keeper moves stock between locations in scope
 * and it leaves the source at once (ISSUED: TRANSFER_OUT, or RETURN from a van); a technician only
 * returns parts from their own van to a store of their region. A part request (REQUESTED) moves
 * nothing: it asks the technician's region's store for parts for their van.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { actionTime } from '#server/lib/client-time.ts';
import { conflict, forbidden, invalid, notFound } from '#server/lib/errors.ts';
import { cappedWindow } from '#server/lib/paging.ts';
import type { StockLine, TransferItem, TransferQuery, VanAnswer } from '#shared/contracts/stock.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { bodyLocation, bodyParts } from './checks.ts';
import * as locations from './locations.repository.ts';
import { type LocationAnswer, toLocationItem, toStockRow, toTransferItem } from './mapper.ts';
import { partsText, tellIssued, tellPartRequest } from './notify.ts';
import { locationScopeOf, reachesLocation } from './scope.ts';
import * as stock from './stock.repository.ts';
import { outOfSource } from './transfer-rules.ts';
import * as repo from './transfers.repository.ts';

export function auditTransfer(
  tx: Tx,
  actor: Actor,
  action: string,
  id: string,
  ip: string,
  details: Record<string, unknown>,
) {
  return audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType: 'stock_transfer',
    entityId: id,
    ip,
    details,
  });
}

/** May the actor see this transfer? A keeper with either end in scope; a technician their van's. */
export function seesTransfer(actor: Actor, t: repo.TransferData): boolean {
  const scope = locationScopeOf(actor);
  if (scope.kind === 'technician') {
    return (
      (t.fromKind === 'VAN' && t.fromTechnicianId === actor.id) || (t.toKind === 'VAN' && t.toTechnicianId === actor.id)
    );
  }
  return (
    reachesLocation(scope, { kind: t.fromKind, regionId: t.fromRegionId, technicianId: t.fromTechnicianId }) ||
    reachesLocation(scope, { kind: t.toKind, regionId: t.toRegionId, technicianId: t.toTechnicianId })
  );
}

export class TransferService {
  constructor(private readonly db: Db) {}

  async list(actor: Actor, q: TransferQuery) {
    const window = cappedWindow(q);
    const { rows, total } = await repo.listTransfers(
      this.db,
      locationScopeOf(actor),
      { ...(q.status ? { status: q.status } : {}), ...(q.locationId ? { locationId: q.locationId } : {}) },
      window,
    );
    return { items: rows.map(toTransferItem), total, window };
  }

  /** One transfer the actor may see (else 404), in `db` (a transaction's, when given). */
  async visible(actor: Actor, id: string, db: Tx = this.db): Promise<repo.TransferData> {
    const t = await repo.findTransfer(db, id);
    if (!t || !seesTransfer(actor, t)) throw notFound(ERR.transferNotFound);
    return t;
  }

  async get(actor: Actor, id: string): Promise<TransferItem> {
    return toTransferItem(await this.visible(actor, id));
  }

  /** POST /stock/transfers: issued at once, out of the source's on-hand (409 when short). */
  async create(
    actor: Actor,
    b: { fromLocationId: string; toLocationId: string; lines: StockLine[]; note: string | null },
    ip: string,
  ): Promise<TransferItem> {
    const id = await this.db.transaction(async (tx) => {
      const [from, to] =
        actor.policyRole === ROLE.TECHNICIAN ? await technicianEnds(tx, actor, b) : await keeperEnds(tx, actor, b);
      const parts = await bodyParts(
        tx,
        b.lines.map((l) => l.partId),
        'lines',
        { activeOnly: true },
      );
      const id = await repo.insertTransfer(tx, {
        fromLocationId: from.id,
        toLocationId: to.id,
        status: 'ISSUED',
        note: b.note ?? null,
        requestedById: actor.policyRole === ROLE.TECHNICIAN ? actor.id : null,
        requestedAt: actor.policyRole === ROLE.TECHNICIAN ? new Date() : null,
        issuedById: actor.id,
      });
      await repo.replaceLines(tx, id, b.lines);
      await outOfSource(tx, actor, { id, from, to }, b.lines, parts);
      await auditTransfer(tx, actor, 'stock.transfer.create', id, ip, { from: from.id, to: to.id, lines: b.lines });
      if (to.kind === 'VAN' && to.technicianId) {
        const text = partsText(b.lines.map((l) => ({ sku: parts.get(l.partId)?.sku ?? '', quantity: l.quantity })));
        await tellIssued(tx, { actorId: actor.id, technicianId: to.technicianId, from: from.name, parts: text });
      }
      return id;
    });
    return this.get(actor, id);
  }

  /**
   * POST /stock/part-requests: a REQUESTED transfer from the store of the technician's region (or
   * another store of it, `storeId`) to their van; the store's keepers are told.
   */
  async partRequest(
    actor: Actor,
    b: { lines: StockLine[]; note: string | null; storeId?: string | undefined; clientTime?: string | undefined },
    ip: string,
  ): Promise<TransferItem> {
    const id = await this.db.transaction(async (tx) => {
      const van = await locations.vanOf(tx, actor.id);
      if (!van?.regionId || !actor.regionId) throw conflict(ERR.noVan);
      if (!van.active) throw conflict(ERR.locationInactive({ location: van.name }));
      let store: locations.LocationRow | undefined;
      if (b.storeId) {
        store = await locations.findLocation(tx, b.storeId);
        if (store?.kind !== 'STORE' || store.regionId !== van.regionId) {
          throw invalid('storeId', ERR.locationNotFound);
        }
        if (!store.active) throw conflict(ERR.locationInactive({ location: store.name }));
      } else {
        store = await locations.firstStoreOf(tx, van.regionId);
        if (!store) throw conflict(ERR.noStore);
      }
      const parts = await bodyParts(
        tx,
        b.lines.map((l) => l.partId),
        'lines',
        { activeOnly: true },
      );
      const id = await repo.insertTransfer(tx, {
        fromLocationId: store.id,
        toLocationId: van.id,
        status: 'REQUESTED',
        note: b.note ?? null,
        requestedById: actor.id,
        requestedAt: actionTime(b.clientTime),
        issuedById: null,
      });
      await repo.replaceLines(tx, id, b.lines);
      await auditTransfer(tx, actor, 'stock.partRequest', id, ip, {
        store: store.id,
        van: van.id,
        lines: b.lines,
        ...(b.clientTime ? { clientTime: b.clientTime } : {}),
      });
      await tellPartRequest(tx, {
        actorId: actor.id,
        technician: actor.name,
        store,
        parts: partsText(b.lines.map((l) => ({ sku: parts.get(l.partId)?.sku ?? '', quantity: l.quantity }))),
      });
      return id;
    });
    return this.get(actor, id);
  }

  /** GET /technicians/me/van: the van, its stock, and what is on its way to it. */
  async van(actor: Actor): Promise<VanAnswer & { location: LocationAnswer }> {
    const van = await locations.vanOf(this.db, actor.id);
    if (!van) throw conflict(ERR.noVan);
    const [rows, pending] = await Promise.all([
      stock.vanStock(this.db, van.id),
      repo.transfersTo(this.db, van.id, ['REQUESTED', 'ISSUED']),
    ]);
    return {
      location: toLocationItem(van),
      stock: rows.map((r) => {
        const row = toStockRow(r);
        return { part: row.part, onHand: row.onHand };
      }),
      pending: pending.map(toTransferItem),
    };
  }
}

/** A technician's transfer: from their own van to an open store of their region, else 403. */
async function technicianEnds(
  tx: Tx,
  actor: Actor,
  b: { fromLocationId: string; toLocationId: string },
): Promise<[locations.LocationRow, locations.LocationRow]> {
  const [from, to] = await Promise.all([
    locations.findLocation(tx, b.fromLocationId),
    locations.findLocation(tx, b.toLocationId),
  ]);
  const ownVan = from?.kind === 'VAN' && from.technicianId === actor.id;
  const regionStore = to?.kind === 'STORE' && !!actor.regionId && to.regionId === actor.regionId;
  if (!from || !to || !ownVan || !regionStore) throw forbidden(ERR.technicianTransfer);
  if (!to.active) throw conflict(ERR.locationInactive({ location: to.name }));
  return [from, to];
}

/** A keeper's transfer: both ends in scope (else 400 on the field) and open (409). */
async function keeperEnds(
  tx: Tx,
  actor: Actor,
  b: { fromLocationId: string; toLocationId: string },
): Promise<[locations.LocationRow, locations.LocationRow]> {
  const scope = locationScopeOf(actor);
  const from = await bodyLocation(tx, scope, b.fromLocationId, 'fromLocationId');
  const to = await bodyLocation(tx, scope, b.toLocationId, 'toLocationId');
  return [from, to];
}
