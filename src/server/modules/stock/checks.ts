/**
 * The checks the stock's writes share (issue 37, ADR 049), inside the caller's transaction:
 * a location named in a body (in the caller's scope, else "not found" on the field; closed: 409)
 * and the parts of a body's lines (unknown: 400 on `lines`; inactive: 409 when it must be active).
 */
import type { Tx } from '#server/db/client.ts';
import { conflict, invalid } from '#server/lib/errors.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as catalogue from './catalogue.repository.ts';
import * as locations from './locations.repository.ts';
import { type LocationScope, reachesLocation } from './scope.ts';

/** A location of a body: in scope (else 400 on `field`), and open unless `closedToo`. */
export async function bodyLocation(
  tx: Tx,
  scope: LocationScope,
  id: string,
  field: string,
  opts: { closedToo?: boolean } = {},
): Promise<locations.LocationRow> {
  const l = await locations.findLocation(tx, id);
  if (!l || !reachesLocation(scope, l)) throw invalid(field, ERR.locationNotFound);
  if (!l.active && !opts.closedToo) throw conflict(ERR.locationInactive({ location: l.name }));
  return l;
}

/** The parts of these lines, each known (else 400 on `field`), and active when `activeOnly`. */
export async function bodyParts(
  tx: Tx,
  partIds: readonly string[],
  field: string,
  opts: { activeOnly?: boolean } = {},
): Promise<Map<string, catalogue.PartRow>> {
  const unique = [...new Set(partIds)];
  const rows = await catalogue.findParts(tx, unique);
  if (rows.length !== unique.length) throw invalid(field, ERR.partNotFound);
  if (opts.activeOnly) {
    const inactive = rows.find((p) => !p.active);
    if (inactive) throw conflict(ERR.partInactive({ sku: inactive.sku }));
  }
  return new Map(rows.map((p) => [p.id, p]));
}
