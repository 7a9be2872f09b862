/**
 * Query keys of the stock screens (issue 37), all under one root: a stock change (a transfer, an
 * adjustment, a purchase received) marks every stock screen stale with one invalidation.
 */
export const STOCK_KEYS = {
  root: ['stock'] as const,
  parts: ['stock', 'parts'] as const,
  locations: ['stock', 'locations'] as const,
  balances: ['stock', 'balances'] as const,
  movements: ['stock', 'movements'] as const,
  transfers: ['stock', 'transfers'] as const,
  suppliers: ['stock', 'suppliers'] as const,
  purchases: ['stock', 'purchases'] as const,
  purchase: (id: string) => ['stock', 'purchases', 'one', id] as const,
};

/** What moves stock: the balances, the ledger, the transfers and the purchases. */
export const STOCK_MOVED = [STOCK_KEYS.balances, STOCK_KEYS.movements, STOCK_KEYS.transfers, STOCK_KEYS.purchases];
