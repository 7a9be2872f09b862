/**
 * A unit's requests as its reader may see them (issue 31, item 2; ADR 031): its history and its
 * open request, within a `RequestReach`: everything for those who read the customer's history,
 * else the reader's request scope, the rule the request list and the details follow
 * (service-requests' `scopeFor`). The scope arrives here as data (passed in by the composition
 * root: service-requests imports this module, so this one cannot import it back) and becomes the
 * same WHERE condition service-requests' repository writes. SQL only.
 */
import { and, asc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { workParts } from '#server/db/schema/maintenance.ts';
import { serviceRequests } from '#server/db/schema/requests.ts';
import { FINAL_STATUSES } from '#shared/domain/workflow.ts';

/**
 * Which requests a reader reaches, as service-requests' `scopeFor` answers it: `all`; `region`:
 * the requests of a region; `requested`: raised by them; `technician`: assigned to or raised by
 * them; `assigned`: assigned to them. The composition root passes `scopeFor` itself, so a kind
 * added there and not here fails `tsc` in services.ts.
 */
export type RequestReach = { kind: 'all' } | { kind: 'region' | 'requested' | 'technician' | 'assigned'; key: string };

/** The reach as a WHERE condition on service_requests (service-requests' `scopeWhere`, with values). */
export function reachWhere(reach: RequestReach): SQL | undefined {
  switch (reach.kind) {
    case 'all':
      return undefined;
    case 'region':
      return eq(serviceRequests.regionId, reach.key);
    case 'requested':
      return eq(serviceRequests.requestedById, reach.key);
    case 'technician':
      return or(eq(serviceRequests.assignedToId, reach.key), eq(serviceRequests.requestedById, reach.key));
    case 'assigned':
      return eq(serviceRequests.assignedToId, reach.key);
  }
}

/** The unit's requests the reader reaches, newest first, with the parts each replaced. */
export async function historyOfUnit(db: Tx, unitId: string, reach: RequestReach) {
  const rows = await db
    .select({
      id: serviceRequests.id,
      ticketNo: serviceRequests.ticketNo,
      type: serviceRequests.type,
      status: serviceRequests.status,
      description: serviceRequests.description,
      job: serviceRequests.job,
      createdAt: serviceRequests.createdAt,
      completedAt: serviceRequests.completedAt,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.unitId, unitId), reachWhere(reach)))
    .orderBy(sql`${serviceRequests.createdAt} DESC NULLS FIRST`, sql`${serviceRequests.id} DESC NULLS FIRST`)
    .limit(100);
  const parts = rows.length
    ? await db
        .select({
          requestId: workParts.requestId,
          partId: workParts.partId,
          name: workParts.name,
          quantity: workParts.quantity,
        })
        .from(workParts)
        .where(
          inArray(
            workParts.requestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(workParts.createdAt), asc(workParts.id))
    : [];
  return { rows, parts };
}

/** The open request of each of these units that has one, within the reach (everything by default). */
export async function openRequestsOf(
  db: Tx,
  unitIds: string[],
  reach: RequestReach = { kind: 'all' },
): Promise<Map<string, string>> {
  if (unitIds.length === 0) return new Map();
  const rows = await db
    .select({ unitId: serviceRequests.unitId, id: serviceRequests.id })
    .from(serviceRequests)
    .where(
      and(
        inArray(serviceRequests.unitId, unitIds),
        notInArray(serviceRequests.status, [...FINAL_STATUSES]),
        reachWhere(reach),
      ),
    );
  return new Map(rows.map((r) => [r.unitId as string, r.id]));
}
