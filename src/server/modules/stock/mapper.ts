/** Rows of the stock module's repositories as the API's shapes (src/shared/contracts/stock.ts). */
import type { MovementItem, StockLocationItem, StockRow, TransferItem } from '#shared/contracts/stock.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import type { LocationRow } from './locations.repository.ts';
import type { MovementData, StockRowData } from './stock.repository.ts';
import type { TransferData } from './transfers.repository.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** A location as answered: `technicianId` always sent (null for a store; routes.ts says why). */
export type LocationAnswer = StockLocationItem & { technicianId: string | null };

export function toLocationItem(l: LocationRow): LocationAnswer {
  return {
    id: l.id,
    kind: l.kind,
    name: l.name,
    regionId: l.regionId,
    technicianId: l.technicianId,
    active: l.active,
  };
}

export function toStockRow(r: StockRowData): StockRow {
  return {
    location: { id: r.locationId, kind: r.locationKind, name: r.locationName },
    part: { id: r.partId, sku: r.sku, name: r.partName, unit: r.unit },
    onHand: r.onHand,
    reorderLevel: r.reorderLevel,
    low: r.reorderLevel !== null && r.onHand <= r.reorderLevel,
  };
}

export function toMovementItem(m: MovementData): MovementItem {
  return {
    id: m.id,
    kind: m.kind,
    quantity: Number(m.quantity),
    location: { id: m.locationId, kind: m.locationKind, name: m.locationName },
    part: { id: m.partId, sku: m.sku, name: m.partName, unit: m.unit },
    unitCostPaise: Number(m.unitCostPaise),
    reason: m.reason,
    transferId: m.transferId,
    purchaseId: m.purchaseId,
    request:
      m.requestId && m.ticketNo !== null ? { id: m.requestId, ticketNumber: formatTicket(Number(m.ticketNo)) } : null,
    actor: m.actorId ? { id: m.actorId, name: m.actorName ?? '' } : null,
    createdAt: iso(m.createdAt) as string,
  };
}

/** ISSUE (store to van), RETURN (van to store), or MOVE (anything else). */
export function transferKindOf(from: { kind: string }, to: { kind: string }): TransferItem['kind'] {
  if (from.kind === 'STORE' && to.kind === 'VAN') return 'ISSUE';
  if (from.kind === 'VAN' && to.kind === 'STORE') return 'RETURN';
  return 'MOVE';
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export function toTransferItem(t: TransferData): TransferItem {
  const from = { id: t.fromId, kind: t.fromKind, name: t.fromName };
  const to = { id: t.toId, kind: t.toKind, name: t.toName };
  return {
    id: t.id,
    status: t.status,
    kind: transferKindOf(from, to),
    from,
    to,
    lines: t.lines.map((l) => ({
      part: { id: l.partId, sku: l.sku, name: l.name, unit: l.unit },
      quantity: Number(l.quantity),
    })),
    note: t.note,
    requestedBy: person(t.requestedById, t.requestedByName),
    issuedBy: person(t.issuedById, t.issuedByName),
    receivedBy: person(t.receivedById, t.receivedByName),
    requestedAt: iso(t.requestedAt),
    issuedAt: iso(t.issuedAt),
    receivedAt: iso(t.receivedAt),
    cancelledAt: iso(t.cancelledAt),
    createdAt: iso(t.createdAt) as string,
  };
}
