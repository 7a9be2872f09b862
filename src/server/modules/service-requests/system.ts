/**
 * Requests raised by the system (issue 21: the maintenance run's due jobs), many in the caller's
 * transaction. RequestService.raiseManyInTransaction is the way in; the maintenance run gets it
 * injected from the composition root.
 */
import type { Tx } from '#server/db/client.ts';
import { auditMany } from '#server/lib/audit.ts';
import { notifyMany } from '#server/modules/notifications/events.service.ts';
import type { StoredJobFacts } from '#shared/contracts/job.ts';
import type { RequestType } from '#shared/domain/workflow.ts';
import * as repo from './repository.ts';
import { searchTextOf } from './rules.ts';
import { insertHistories } from './workflow.repository.ts';

export interface SystemRequest {
  type: RequestType;
  /** In English: the spec's client and the search read it. */
  description: string;
  /** What the job is (ADR 035), rendered by the screens in the reader's language. */
  job: StoredJobFacts;
  customerId: string;
  customerName: string;
  regionId: string;
  unitId: string;
  /** Extra details for its audit row. */
  audit: Record<string, unknown>;
}

/** Who raises them (the maintenance run's scheduler account). */
export interface SystemRaiser {
  id: string;
  email: string;
  roleName: string;
}

/**
 * Requests raised by the system (issue 21: due jobs), many in the caller's transaction: one
 * multi-row insert of the requests (in region order, so concurrent batches take the counter rows
 * in one order), their approval-history rows when they start APPROVED, their audit rows, and the
 * usual notifications (the recipients read once per region, the rows written in one insert in
 * user order, pushed on commit).
 */
export async function raiseManyInTransaction(
  tx: Tx,
  by: SystemRaiser,
  items: SystemRequest[],
  approved: boolean,
): Promise<repo.RequestRow[]> {
  if (items.length === 0) return [];
  const ordered = [...items].sort((x, y) => (x.regionId < y.regionId ? -1 : x.regionId > y.regionId ? 1 : 0));
  const rows = await repo.insertRequests(
    tx,
    ordered.map((v) => ({
      type: v.type,
      description: v.description,
      status: approved ? ('APPROVED' as const) : ('PENDING_APPROVAL' as const),
      customerId: v.customerId,
      regionId: v.regionId,
      requestedById: by.id,
      approvedById: approved ? by.id : null,
      needsSalesApproval: false,
      salesApproved: true,
      searchText: searchTextOf(v.customerName, v.description),
      unitId: v.unitId,
      job: v.job,
    })),
  );
  const byUnit = new Map(ordered.map((v) => [v.unitId, v]));
  if (approved) {
    await insertHistories(
      tx,
      rows.map((r) => ({
        requestId: r.id,
        approverId: by.id,
        approverRole: by.roleName,
        stage: 'SERVICE',
        status: 'APPROVED' as const,
        comments: 'Approved automatically (MAINTENANCE_AUTO_APPROVE)',
      })),
    );
  }
  await auditMany(
    tx,
    rows.map((r) => ({
      actorId: by.id,
      actorEmail: by.email,
      action: 'request.create',
      entityType: 'service_request',
      entityId: r.id,
      details: {
        type: r.type,
        customerId: r.customerId,
        regionId: r.regionId,
        unitId: r.unitId,
        ...byUnit.get(r.unitId as string)?.audit,
      },
    })),
  );
  await notifyMany(
    tx,
    approved ? 'approved' : 'created',
    by.id,
    rows.map((r) => ({ request: r, customerName: byUnit.get(r.unitId as string)?.customerName ?? '' })),
  );
  return rows;
}
