/**
 * The run's dry run (issue 33 item 2): which jobs the maintenance run would raise now, read with
 * the run's own queries in the run's order and with its per-customer cap, and nothing written (no
 * claim, no request, no notification, no audit row). A unit is in the answer exactly when the run
 * started now would raise it, unless a person or another run changes things in between.
 */
import type { Db } from '#server/db/client.ts';
import { RUN_PREVIEW_CAP, type RunPreview, type RunPreviewItem } from '#shared/contracts/maintenance.ts';
import { addDays, covers, todayIn } from '#shared/domain/maintenance.ts';
import * as repo from './repository.ts';

/** Candidates read per query, as the run reads them. */
const BATCH = 500;

export async function previewRun(
  db: Db,
  opts: { timeZone: string; leadDays: number; maxJobsPerCustomer?: number | undefined },
  regionId: string | null,
): Promise<RunPreview> {
  const today = todayIn(opts.timeZone);
  const horizon = addDays(today, opts.leadDays);
  const filter: repo.DueFilter = { horizon, regionId };
  const cap = opts.maxJobsPerCustomer;
  const perCustomer = new Map<string, number>();
  const listed: Awaited<ReturnType<typeof repo.runCandidates>> = [];
  let total = 0;
  let heldBack = 0;
  let after: { due: string; id: string } | null = null;
  for (;;) {
    const batch = await repo.runCandidates(db, filter, after, BATCH);
    if (batch.length === 0) break;
    const last = batch[batch.length - 1] as (typeof batch)[number];
    after = { due: last.next_due_on, id: last.unit_id };
    for (const unit of batch) {
      const n = perCustomer.get(unit.customer_id) ?? 0;
      if (cap !== undefined && n >= cap) {
        heldBack++;
        continue;
      }
      perCustomer.set(unit.customer_id, n + 1);
      total++;
      if (listed.length < RUN_PREVIEW_CAP) listed.push(unit);
    }
  }
  const ids = listed.map((u) => u.unit_id);
  const [parts, contracts] = await Promise.all([repo.dueScheduleOf(db, ids, horizon), repo.activeContractsOf(db, ids)]);
  const items = listed.map(
    (u): RunPreviewItem => ({
      unitId: u.unit_id,
      serialNumber: u.serial_number,
      customer: { id: u.customer_id, name: u.customer_name },
      product: { name: u.product_name, brand: u.product_brand },
      nextDueOn: u.next_due_on,
      dueParts: parts.filter((p) => p.unit_id === u.unit_id).map((p) => ({ name: p.name, nextDueOn: p.next_due_on })),
      chargeable: !contracts.some((c) => c.unitId === u.unit_id && covers(c, u.next_due_on)),
    }),
  );
  return { dryRun: true, total, heldBack, leadDays: opts.leadDays, horizon, items };
}
