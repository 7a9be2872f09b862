/**
 * A transfer's later steps (issue 37, ADR 049): a part request issued by a keeper of its store
 * (lines as asked or changed; out of the store at once), received by whoever holds the
 * destination (a van's own technician, a keeper of the store's region), or cancelled (a request by
 * its technician or a keeper of the store; an issued one by a keeper of the source, its stock put
 * back). Each is one guarded `UPDATE … WHERE status = <as read>` in the step's transaction: of two
 * at once one wins, the other answers 409 "moved on" and nothing of it is written.
 */
import type { Db, Tx } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { actionTime } from '#server/lib/client-time.ts';
import { AppError, conflict, forbidden } from '#server/lib/errors.ts';
import type { StockLine, TransferItem } from '#shared/contracts/stock.ts';
import type { TransferStatus } from '#shared/domain/stock.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { bodyParts } from './checks.ts';
import { partsText, tellIssued } from './notify.ts';
import { isKeeper, locationScopeOf, reachesLocation } from './scope.ts';
import { backToSource, intoDestination, outOfSource } from './transfer-rules.ts';
import * as repo from './transfers.repository.ts';
import { auditTransfer, type TransferService } from './transfers.service.ts';

/** The catalogue's word for a status as the 409's parameter. */
const movedOn = (status: TransferStatus | undefined) =>
  status ? conflict(ERR.transferMovedOn({ status })) : new AppError('NOT_FOUND', ERR.transferNotFound);

const ends = (t: repo.TransferData) => ({
  id: t.id,
  from: { id: t.fromId, kind: t.fromKind },
  to: { id: t.toId, kind: t.toKind },
});

/** A keeper reaching the transfer's source (its store, for a part request). */
function keepsSource(actor: Actor, t: repo.TransferData): boolean {
  return (
    isKeeper(actor) &&
    reachesLocation(locationScopeOf(actor), {
      kind: t.fromKind,
      regionId: t.fromRegionId,
      technicianId: t.fromTechnicianId,
    })
  );
}

/** Who receives: a van's own technician; a store's keepers in scope. */
function holdsDestination(actor: Actor, t: repo.TransferData): boolean {
  if (t.toKind === 'VAN') return t.toTechnicianId === actor.id;
  return (
    isKeeper(actor) &&
    reachesLocation(locationScopeOf(actor), { kind: t.toKind, regionId: t.toRegionId, technicianId: null })
  );
}

export class TransferSteps {
  constructor(
    private readonly db: Db,
    private readonly transfers: TransferService,
  ) {}

  /** The status moves on from what was read, or the step answers 409 with what it is now. */
  private async moveOn(
    tx: Tx,
    t: repo.TransferData,
    to: 'ISSUED' | 'RECEIVED' | 'CANCELLED',
    actor: Actor,
    at: Date | null = null,
  ) {
    if (!(await repo.moveOn(tx, t.id, t.status, to, actor.id, at))) throw movedOn(await repo.statusOf(tx, t.id));
  }

  /** POST /stock/transfers/:id/issue: a REQUESTED transfer issued by a keeper of its source. */
  async issue(actor: Actor, id: string, b: { lines?: StockLine[] | undefined; note?: string | null }, ip: string) {
    await this.db.transaction(async (tx) => {
      const t = await this.transfers.visible(actor, id, tx);
      if (!keepsSource(actor, t)) throw forbidden();
      if (t.status !== 'REQUESTED') throw movedOn(t.status);
      await this.moveOn(tx, t, 'ISSUED', actor);
      const lines = b.lines ?? t.lines.map((l) => ({ partId: l.partId, quantity: Number(l.quantity) }));
      const parts = await bodyParts(
        tx,
        lines.map((l) => l.partId),
        'lines',
        { activeOnly: !!b.lines },
      );
      if (b.lines) await repo.replaceLines(tx, id, b.lines);
      await outOfSource(tx, actor, ends(t), lines, parts);
      await auditTransfer(tx, actor, 'stock.transfer.issue', id, ip, {
        lines,
        changed: !!b.lines,
        ...(b.note ? { note: b.note } : {}),
      });
      if (t.toKind === 'VAN' && t.toTechnicianId) {
        const text = partsText(lines.map((l) => ({ sku: parts.get(l.partId)?.sku ?? '', quantity: l.quantity })));
        await tellIssued(tx, { actorId: actor.id, technicianId: t.toTechnicianId, from: t.fromName, parts: text });
      }
    });
    return this.transfers.get(actor, id);
  }

  /** POST /stock/transfers/:id/receive: an ISSUED transfer into its destination. */
  async receive(actor: Actor, id: string, b: { clientTime?: string | undefined }, ip: string): Promise<TransferItem> {
    await this.db.transaction(async (tx) => {
      const t = await this.transfers.visible(actor, id, tx);
      if (!holdsDestination(actor, t)) throw forbidden(t.toKind === 'VAN' ? ERR.notYourVan : ERR.forbidden);
      if (t.status !== 'ISSUED') throw movedOn(t.status);
      await this.moveOn(tx, t, 'RECEIVED', actor, b.clientTime ? actionTime(b.clientTime) : null);
      const lines = t.lines.map((l) => ({ partId: l.partId, quantity: Number(l.quantity) }));
      const parts = await bodyParts(
        tx,
        lines.map((l) => l.partId),
        'lines',
      );
      await intoDestination(tx, actor, ends(t), lines, parts);
      await auditTransfer(tx, actor, 'stock.transfer.receive', id, ip, {
        lines,
        ...(b.clientTime ? { clientTime: b.clientTime } : {}),
      });
    });
    return this.transfers.get(actor, id);
  }

  /**
   * POST /stock/transfers/:id/cancel: a REQUESTED one by its requester or a keeper of its source;
   * an ISSUED one by a keeper of its source, its stock back into the source.
   */
  async cancel(actor: Actor, id: string, ip: string): Promise<TransferItem> {
    await this.db.transaction(async (tx) => {
      const t = await this.transfers.visible(actor, id, tx);
      const mayCancel = keepsSource(actor, t) || (t.status === 'REQUESTED' && t.requestedById === actor.id);
      if (!mayCancel && (t.status === 'REQUESTED' || t.status === 'ISSUED')) throw forbidden();
      if (t.status !== 'REQUESTED' && t.status !== 'ISSUED') throw movedOn(t.status);
      await this.moveOn(tx, t, 'CANCELLED', actor);
      const lines = t.lines.map((l) => ({ partId: l.partId, quantity: Number(l.quantity) }));
      if (t.status === 'ISSUED') {
        const parts = await bodyParts(
          tx,
          lines.map((l) => l.partId),
          'lines',
        );
        await backToSource(tx, actor, ends(t), lines, parts, 'Transfer cancelled');
      }
      await auditTransfer(tx, actor, 'stock.transfer.cancel', id, ip, { was: t.status, lines });
    });
    return this.transfers.get(actor, id);
  }
}
