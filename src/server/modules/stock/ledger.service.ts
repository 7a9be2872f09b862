/**
 * The one way stock moves (issue 37, ADR 049), for this module and the others (purchases, the
 * completion's visit subscriber): inside the caller's transaction, lock the balances touched,
 * refuse a movement that would take a location below zero (unless the caller allows it: an
 * offline completion, whose part is already fitted), then write the movements; the database's
 * trigger moves the balances. Answers the balances after the movements.
 */
import type { Tx } from '#server/db/client.ts';
import { conflict } from '#server/lib/errors.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './ledger.repository.ts';

export type { MovementRow } from './ledger.repository.ts';

export interface BalanceAfter {
  locationId: string;
  partId: string;
  sku: string;
  partName: string;
  locationName: string;
  before: number;
  after: number;
}

export async function moveStock(
  tx: Tx,
  rows: readonly repo.MovementRow[],
  options: { allowNegative?: boolean } = {},
): Promise<BalanceAfter[]> {
  const locked = await repo.lockBalances(tx, rows);
  const after = new Map(
    locked.map((b) => [`${b.locationId}:${b.partId}`, { ...b, before: b.onHand, after: b.onHand }]),
  );
  for (const r of rows) {
    const b = after.get(`${r.locationId}:${r.partId}`);
    if (b) b.after += r.quantity;
  }
  if (!options.allowNegative) {
    for (const b of after.values()) {
      // Only a movement that takes stock out is refused; one already below zero may still receive.
      if (b.after < 0 && b.after < b.before) {
        throw conflict(ERR.stockShort({ onHand: b.before, sku: b.sku, location: b.locationName }));
      }
    }
  }
  await repo.insertMovements(tx, rows);
  return [...after.values()].map(({ onHand: _onHand, ...b }) => b);
}

/** The (location, part) pairs whose balance disagrees with the ledger: none, always. */
export function ledgerDisagreements(tx: Tx) {
  return repo.disagreements(tx);
}
