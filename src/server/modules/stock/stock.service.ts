/**
 * On-hand stock, reorder levels, the ledger and count corrections (issue 37, ADR 049), each within
 * the reader's locations (scope.ts). An adjustment moves stock through the ledger (`moveStock`:
 * never below zero, 409), with its reason and audit row, in one transaction.
 */
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict } from '#server/lib/errors.ts';
import { cappedWindow } from '#server/lib/paging.ts';
import type { MovementQuery, StockQuery, StockRow } from '#shared/contracts/stock.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { bodyLocation, bodyParts } from './checks.ts';
import { moveStock } from './ledger.service.ts';
import { toMovementItem, toStockRow } from './mapper.ts';
import { locationScopeOf } from './scope.ts';
import * as repo from './stock.repository.ts';

export class StockService {
  constructor(private readonly db: Db) {}

  async list(actor: Actor, q: StockQuery) {
    const window = cappedWindow(q);
    const { rows, total } = await repo.listStock(
      this.db,
      locationScopeOf(actor),
      {
        ...(q.locationId ? { locationId: q.locationId } : {}),
        ...(q.partId ? { partId: q.partId } : {}),
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.low ? { low: true } : {}),
        ...(q.negative ? { negative: true } : {}),
      },
      window,
    );
    return { items: rows.map(toStockRow), total, window };
  }

  async movements(actor: Actor, q: MovementQuery) {
    const window = cappedWindow(q);
    const { rows, total } = await repo.listMovements(
      this.db,
      locationScopeOf(actor),
      {
        ...(q.locationId ? { locationId: q.locationId } : {}),
        ...(q.partId ? { partId: q.partId } : {}),
        ...(q.requestId ? { requestId: q.requestId } : {}),
      },
      window,
    );
    return { items: rows.map(toMovementItem), total, window };
  }

  /** PUT /stock/reorder-levels: stores only, each in scope; answers the rows as they now are. */
  async setReorderLevels(
    actor: Actor,
    levels: readonly { locationId: string; partId: string; reorderLevel: number | null }[],
    ip: string,
  ): Promise<StockRow[]> {
    const scope = locationScopeOf(actor);
    const pairs = await this.db.transaction(async (tx) => {
      for (const id of new Set(levels.map((l) => l.locationId))) {
        const l = await bodyLocation(tx, scope, id, 'levels', { closedToo: true });
        if (l.kind !== 'STORE') throw conflict(ERR.notAStore({ location: l.name }));
      }
      await bodyParts(
        tx,
        levels.map((l) => l.partId),
        'levels',
      );
      const unique = [...new Map(levels.map((l) => [`${l.locationId}:${l.partId}`, l])).values()];
      await repo.setReorderLevels(tx, unique);
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'stock.reorderLevels',
        entityType: 'stock_balance',
        ip,
        details: { levels: unique },
      });
      return unique;
    });
    return (await repo.stockRows(this.db, pairs)).map(toStockRow);
  }

  /** POST /stock/adjustments: a count corrected (signed), with its reason; never below zero. */
  async adjust(
    actor: Actor,
    b: { locationId: string; partId: string; quantity: number; reason: string },
    ip: string,
  ): Promise<StockRow> {
    const scope = locationScopeOf(actor);
    await this.db.transaction(async (tx) => {
      await bodyLocation(tx, scope, b.locationId, 'locationId');
      const parts = await bodyParts(tx, [b.partId], 'partId');
      const [after] = await moveStock(tx, [
        {
          locationId: b.locationId,
          partId: b.partId,
          kind: 'ADJUST',
          quantity: b.quantity,
          unitCostPaise: Number(parts.get(b.partId)?.costPaise ?? 0),
          reason: b.reason,
          actorId: actor.id,
        },
      ]);
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'stock.adjust',
        entityType: 'stock_location',
        entityId: b.locationId,
        ip,
        details: {
          partId: b.partId,
          quantity: b.quantity,
          reason: b.reason,
          before: after?.before,
          after: after?.after,
        },
      });
    });
    const [row] = await repo.stockRows(this.db, [b]);
    return toStockRow(row as repo.StockRowData);
  }
}
