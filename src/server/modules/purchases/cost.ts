/**
 * A part's moving-average cost through a purchase's receipt and its reversal (issue 37, ADR 049
 * item 7). Receipt: each line in order moves the cost to `movingAverageCost` over every
 * location's positive on-hand before it. Reversal, lines in reverse order: the line's cost-before
 * when the part's cost is still its cost-after, else the inverse average (what the cost would be
 * had those units never arrived), kept as it is when nothing would be left to average over.
 */
import { movingAverageCost } from '#shared/domain/stock.ts';

export interface CostLine {
  partId: string;
  quantity: number;
  unitCostPaise: number;
}

export interface LineCost {
  before: number;
  after: number;
}

/** The costs of each line at receipt; `cost` and `held` (positive on-hand) per part are moved along. */
export function receiptCosts(lines: CostLine[], cost: Map<string, number>, held: Map<string, number>): LineCost[] {
  return lines.map((l) => {
    const before = cost.get(l.partId) ?? 0;
    const onHand = held.get(l.partId) ?? 0;
    const after = movingAverageCost(onHand, before, l.quantity, l.unitCostPaise);
    cost.set(l.partId, after);
    held.set(l.partId, Math.max(0, onHand) + l.quantity);
    return { before, after };
  });
}

/** The cost once `quantity` received at `unitCostPaise` are taken back out of `onHand` valued at `costPaise`. */
export function inverseAverageCost(onHand: number, costPaise: number, quantity: number, unitCostPaise: number): number {
  const held = Math.max(0, onHand);
  if (held - quantity <= 0) return costPaise;
  return Math.max(0, Math.round((held * costPaise - quantity * unitCostPaise) / (held - quantity)));
}

/**
 * Each part's cost after reversing these lines (given in receipt order; worked in reverse).
 * `recorded` is each line's cost-after at receipt (null when none was recorded).
 */
export function reversalCosts(
  lines: (CostLine & { costBeforePaise: number | null; costAfterPaise: number | null })[],
  cost: Map<string, number>,
  held: Map<string, number>,
): Map<string, number> {
  for (const l of [...lines].reverse()) {
    const c = cost.get(l.partId) ?? 0;
    const h = held.get(l.partId) ?? 0;
    const next =
      l.costAfterPaise !== null && l.costBeforePaise !== null && c === l.costAfterPaise
        ? l.costBeforePaise
        : inverseAverageCost(h, c, l.quantity, l.unitCostPaise);
    cost.set(l.partId, next);
    held.set(l.partId, Math.max(0, h - l.quantity));
  }
  return cost;
}
