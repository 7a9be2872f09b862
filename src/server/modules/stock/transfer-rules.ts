/**
 * What a transfer's steps do to the ledger (issue 37, ADR 049), through `moveStock` in the
 * caller's transaction. Issued: out of the source (TRANSFER_OUT; RETURN when a van sends to a
 * store), refused below zero (409). Received: into the destination (TRANSFER_IN; RETURN). An
 * issued transfer cancelled: back into the source (the out kind, positive).
 */
import type { Tx } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import type { MovementKind } from '#shared/domain/stock.ts';
import type { PartRow } from './catalogue.repository.ts';
import { moveStock } from './ledger.service.ts';

interface End {
  id: string;
  kind: string;
}
interface Transfer {
  id: string;
  from: End;
  to: End;
}
type Lines = readonly { partId: string; quantity: number }[];

const isReturn = (t: Transfer) => t.from.kind === 'VAN' && t.to.kind === 'STORE';
const outKind = (t: Transfer): MovementKind => (isReturn(t) ? 'RETURN' : 'TRANSFER_OUT');
const inKind = (t: Transfer): MovementKind => (isReturn(t) ? 'RETURN' : 'TRANSFER_IN');
const costOf = (parts: ReadonlyMap<string, Pick<PartRow, 'costPaise'>>, id: string) =>
  Number(parts.get(id)?.costPaise ?? 0);

export function outOfSource(
  tx: Tx,
  actor: Pick<Actor, 'id'>,
  t: Transfer,
  lines: Lines,
  parts: ReadonlyMap<string, Pick<PartRow, 'costPaise'>>,
) {
  return moveStock(
    tx,
    lines.map((l) => ({
      locationId: t.from.id,
      partId: l.partId,
      kind: outKind(t),
      quantity: -l.quantity,
      unitCostPaise: costOf(parts, l.partId),
      transferId: t.id,
      actorId: actor.id,
    })),
  );
}

export function intoDestination(
  tx: Tx,
  actor: Pick<Actor, 'id'>,
  t: Transfer,
  lines: Lines,
  parts: ReadonlyMap<string, Pick<PartRow, 'costPaise'>>,
) {
  return moveStock(
    tx,
    lines.map((l) => ({
      locationId: t.to.id,
      partId: l.partId,
      kind: inKind(t),
      quantity: l.quantity,
      unitCostPaise: costOf(parts, l.partId),
      transferId: t.id,
      actorId: actor.id,
    })),
  );
}

export function backToSource(
  tx: Tx,
  actor: Pick<Actor, 'id'>,
  t: Transfer,
  lines: Lines,
  parts: ReadonlyMap<string, Pick<PartRow, 'costPaise'>>,
  reason: string,
) {
  return moveStock(
    tx,
    lines.map((l) => ({
      locationId: t.from.id,
      partId: l.partId,
      kind: outKind(t),
      quantity: l.quantity,
      unitCostPaise: costOf(parts, l.partId),
      reason,
      transferId: t.id,
      actorId: actor.id,
    })),
  );
}
