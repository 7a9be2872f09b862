/**
 * The maintenance run (issue 21, ADR 023): raise one SERVICE request per active unit with parts
 * or an AMC visit due within MAINTENANCE_LEAD_DAYS and no open request, send the contracts'
 * renewal reminders, and expire ended contracts. "Never twice" is the database's: each unit's
 * job is claimed by inserting (unit, due date) into maintenance_jobs, whose unique key makes a
 * second run (at the same moment, in another process, or after a kill -9) skip it. Units go in
 * chunks of 50, each one short transaction (claim, requests, audit, notifications, all multi-row),
 * so nothing holds the request counters for long and a run killed midway leaves only whole
 * chunks behind.
 *
 * The cap (issue 31 item 5, ADR 023 "Round 3"): one run raises at most `maxJobsPerCustomer` jobs
 * for one customer. The customer's other due units are held back: claimed in maintenance_jobs
 * without a request, so no later run raises them either, in one transaction with one notification
 * to the admins naming the customer and how many were held (and an audit row). They stay on the
 * due list for a person to raise by hand or correct.
 */
import { setImmediate } from 'node:timers/promises';
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { renderNotification } from '#server/lib/i18n.ts';
import { publish } from '#server/lib/push-channel.ts';
import type { JobFacts } from '#shared/contracts/job.ts';
import type { RunPreview, RunResult } from '#shared/contracts/maintenance.ts';
import { addDays, covers, renewalReminderDue, todayIn } from '#shared/domain/maintenance.ts';
import { DEFAULT_LOCALE } from '#shared/i18n/locales.ts';
import { previewRun } from './preview.ts';
import * as repo from './repository.ts';

export const SCHEDULER_NAME = 'AquaDesk Scheduler';
const BATCH = 500;
/** Units claimed and raised in one transaction: short enough to hold the request counters briefly. */
const CHUNK = 50;
/** The admins' notification of units held back past the cap (the `server` catalogue's key). */
const HELD_BACK = 'maintenance.runHeldBack';

/** One due job as the run asks for it: a SERVICE request for a unit, raised by the system. */
export interface ScheduledJob {
  type: 'SERVICE';
  /** The job in English, for the spec's client and the search (`jobDescription` of `job`). */
  description: string;
  /** What the job is (ADR 035): the screens say it in the reader's language. */
  job: JobFacts;
  customerId: string;
  customerName: string;
  regionId: string;
  unitId: string;
  /** Extra details for its audit row. */
  audit: Record<string, unknown>;
}

/**
 * Who raises the run's jobs, in the run's transaction (the service requests module: its
 * RequestService): the requests, their approval history when they start APPROVED, their audit
 * rows and notifications. Answers the requests raised, each with its unit.
 */
export interface JobRaiser {
  raiseManyInTransaction(
    tx: Tx,
    by: { id: string; email: string; roleName: string },
    items: ScheduledJob[],
    approved: boolean,
  ): Promise<{ id: string; unitId: string | null }[]>;
}

export interface RunOptions {
  timeZone: string;
  leadDays: number;
  autoApprove: boolean;
  /** Raises the claimed jobs as requests. */
  raiser: JobRaiser;
  /**
   * At most this many jobs raised for one customer in one run (MAINTENANCE_MAX_JOBS_PER_CUSTOMER);
   * the rest are held back and the admins told. Unset: no cap.
   */
  maxJobsPerCustomer?: number;
  /**
   * Told after each committed chunk (the requests raised so far, of how many due): the server logs
   * it at debug, so an operator can follow a long run, and the kill -9 drill pulls the plug on it.
   */
  onProgress?: (p: { created: number; due: number }) => void;
  /** A renewal reminder just claimed, in its transaction: the customer's message (ADR 046). */
  onRenewalReminder?: (tx: Tx, contractId: string, daysBefore: number) => Promise<void>;
}

const EN_IN_DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date ('2026-12-01') as English (India) writes it, with its year: "1 Dec 2026". */
export function enInDay(date: string): string {
  return EN_IN_DAY.format(new Date(`${date}T00:00:00Z`));
}

/**
 * The English words of a raised job, stored as the request's `description` (ADR 035): what the
 * spec's client and the search read. The screens render the job from its facts in the reader's
 * language instead (web: components/RequestDescription.tsx).
 */
export function jobDescription(v: JobFacts): string {
  const parts = v.parts.length ? v.parts.join(', ') : 'scheduled maintenance';
  const charge = v.chargeable
    ? ' Chargeable: no contract covers this visit, quote before the visit.'
    : ' Covered by contract.';
  const unit = [v.brand, v.product].filter(Boolean).join(' ');
  return `Preventive maintenance due ${enInDay(v.dueOn)} for ${unit} (serial ${v.serial}): ${parts}.${charge}`;
}

/** A customer's due units past the cap in this run, held back at its end. */
interface HeldBack {
  customerName: string;
  regionId: string;
  jobs: { unitId: string; dueOn: string; chargeable: boolean }[];
}

export class MaintenanceRun {
  constructor(
    private readonly db: Db,
    private readonly opts: RunOptions,
  ) {}

  /** The run's window: what is due within this many days from today (MAINTENANCE_LEAD_DAYS). */
  get leadDays(): number {
    return this.opts.leadDays;
  }

  /** What a run for every region or one would raise now, writing nothing (preview.ts). */
  preview(regionId: string | null): Promise<RunPreview> {
    return previewRun(this.db, this.opts, regionId);
  }

  /** The system account the jobs are raised by (created on first use; it never signs in). */
  async scheduler() {
    let found = await repo.findScheduler(this.db);
    if (!found) {
      await repo.insertScheduler(this.db, SCHEDULER_NAME);
      found = await repo.findScheduler(this.db);
    }
    if (!found) throw new Error('The scheduler account could not be created (no Service Admin role)');
    return found;
  }

  /**
   * One run, for every region or one. `by` is who asked (the on-demand run; the daily run is the
   * scheduler itself): the audit trail records it.
   */
  async run(regionId: string | null, by?: { id: string; email: string; ip: string | null }): Promise<RunResult> {
    const system = await this.scheduler();
    const today = todayIn(this.opts.timeZone);
    const horizon = addDays(today, this.opts.leadDays);
    await this.db.transaction((tx) => repo.expireContracts(tx, today, regionId));
    const filter: repo.DueFilter = { horizon, regionId };
    const due = await repo.countDue(this.db, filter);
    let created = 0;
    const cap = this.opts.maxJobsPerCustomer;
    /** Jobs raised in this run per customer, and the units held back past the cap. */
    const raisedFor = new Map<string, number>();
    const held = new Map<string, HeldBack>();
    let after: { due: string; id: string } | null = null;
    for (;;) {
      const batch = await repo.runCandidates(this.db, filter, after, BATCH);
      if (batch.length === 0) break;
      const last = batch[batch.length - 1] as (typeof batch)[number];
      after = { due: last.next_due_on, id: last.unit_id };
      const ids = batch.map((b) => b.unit_id);
      const [parts, contracts] = await Promise.all([
        repo.dueScheduleOf(this.db, ids, horizon),
        repo.activeContractsOf(this.db, ids),
      ]);
      const jobOf = (unit: (typeof batch)[number]) => ({
        unitId: unit.unit_id,
        dueOn: unit.next_due_on,
        chargeable: !contracts.some((c) => c.unitId === unit.unit_id && covers(c, unit.next_due_on)),
      });
      // One short transaction per chunk: claim (unit, due date) for each unit in the database's
      // order; the ones another run holds are skipped by the unique key; raise the claimed ones.
      for (let i = 0; i < batch.length; i += CHUNK) {
        // A customer's units past the cap are held back (claimed at the end), the rest raised now.
        const chunk: typeof batch = [];
        const planned = new Map<string, number>();
        for (const unit of batch.slice(i, i + CHUNK)) {
          const n = (raisedFor.get(unit.customer_id) ?? 0) + (planned.get(unit.customer_id) ?? 0);
          if (cap === undefined || n < cap) {
            chunk.push(unit);
            planned.set(unit.customer_id, (planned.get(unit.customer_id) ?? 0) + 1);
            continue;
          }
          const h = held.get(unit.customer_id) ?? {
            customerName: unit.customer_name,
            regionId: unit.region_id,
            jobs: [],
          };
          h.jobs.push(jobOf(unit));
          held.set(unit.customer_id, h);
        }
        if (chunk.length === 0) continue;
        const jobs = chunk.map(jobOf);
        const raisedNow = await this.db.transaction(async (tx) => {
          const claimed = await repo.claimJobs(tx, jobs);
          if (claimed.size === 0) return [];
          const raised = await this.opts.raiser.raiseManyInTransaction(
            tx,
            system,
            chunk
              .filter((unit) => claimed.has(unit.unit_id))
              .map((unit) => {
                const chargeable = jobs.find((j) => j.unitId === unit.unit_id)?.chargeable ?? true;
                const job: JobFacts = {
                  kind: 'maintenance',
                  unitId: unit.unit_id,
                  brand: unit.product_brand,
                  product: unit.product_name,
                  serial: unit.serial_number,
                  dueOn: unit.next_due_on,
                  parts: parts.filter((p) => p.unit_id === unit.unit_id).map((p) => p.name),
                  chargeable,
                };
                return {
                  type: 'SERVICE' as const,
                  description: jobDescription(job),
                  job,
                  customerId: unit.customer_id,
                  customerName: unit.customer_name,
                  regionId: unit.region_id,
                  unitId: unit.unit_id,
                  audit: { maintenanceJob: claimed.get(unit.unit_id), dueOn: unit.next_due_on, chargeable },
                };
              }),
            this.opts.autoApprove,
          );
          await repo.linkJobs(
            tx,
            raised.map((r) => ({ jobId: claimed.get(r.unitId as string) as string, requestId: r.id })),
          );
          return raised;
        });
        for (const r of raisedNow) {
          const customerId = chunk.find((u) => u.unit_id === r.unitId)?.customer_id;
          if (customerId) raisedFor.set(customerId, (raisedFor.get(customerId) ?? 0) + 1);
        }
        created += raisedNow.length;
        this.opts.onProgress?.({ created, due });
        // Back to the event loop between chunks: PGlite runs its statements on this thread, so a
        // long run would otherwise hold every other request (and the log's writes) until it ends.
        await setImmediate();
      }
    }
    const heldBack = await this.holdBack(held, raisedFor, system, cap ?? 0);
    const reminders = await this.reminders(today, regionId, system.id);
    await audit(this.db, {
      actorId: by?.id ?? system.id,
      actorEmail: by?.email ?? system.email,
      action: 'maintenance.run',
      entityType: 'maintenance',
      entityId: regionId,
      ip: by?.ip ?? null,
      details: {
        created,
        skipped: Math.max(0, due - created),
        reminders,
        regionId,
        horizon,
        ...(heldBack > 0 ? { heldBack, maxJobsPerCustomer: cap } : {}),
      },
    });
    return { created, skipped: Math.max(0, due - created), reminders };
  }

  /**
   * The units held back past the cap, one transaction per customer: claimed without a request (no
   * later run raises them), the admins told once with how many, and an audit row. Only the units
   * this run claims count (another run at the same moment may have raised or held some). Answers
   * how many were held back.
   */
  private async holdBack(
    held: Map<string, HeldBack>,
    raisedFor: Map<string, number>,
    system: { id: string; email: string },
    cap: number,
  ): Promise<number> {
    let total = 0;
    for (const [customerId, h] of held) {
      total += await this.db.transaction(async (tx) => {
        let n = 0;
        for (let i = 0; i < h.jobs.length; i += BATCH) n += (await repo.claimJobs(tx, h.jobs.slice(i, i + BATCH))).size;
        if (n === 0) return 0;
        const raised = raisedFor.get(customerId) ?? 0;
        const to = await repo.holdBackReadersOf(tx, h.regionId);
        const params = { customer: h.customerName, held: String(n), raised: String(raised), max: String(cap) };
        if (to.length > 0) await insertNotifications(tx, to, system.id, HELD_BACK, params, 'maintenanceHeldBack');
        await audit(tx, {
          actorId: system.id,
          actorEmail: system.email,
          action: 'maintenance.holdBack',
          entityType: 'customer',
          entityId: customerId,
          ip: null,
          details: { held: n, raised, maxJobsPerCustomer: cap, notified: to.length },
        });
        return n;
      });
      await setImmediate();
    }
    return total;
  }

  /** Renewal reminders at 30, 7 and 1 day before a contract ends, each claimed once in the database. */
  private async reminders(today: string, regionId: string | null, systemId: string): Promise<number> {
    let sent = 0;
    const ending = await repo.contractsEndingBy(this.db, today, addDays(today, 30), regionId);
    for (const c of ending) {
      const days = renewalReminderDue(c.endsOn, today);
      if (!days) continue;
      await this.db.transaction(async (tx) => {
        if (!(await repo.claimReminder(tx, c.id, days))) return;
        await this.opts.onRenewalReminder?.(tx, c.id, days);
        const to = await repo.salesLeadsOf(tx, c.regionId);
        if (to.length === 0) return;
        const key = 'maintenance.renewalReminder';
        const params = {
          contract: c.type,
          customer: c.customerName,
          serial: c.serialNumber,
          endsOn: c.endsOn,
          days: String(days),
        };
        await insertNotifications(tx, to, systemId, key, params, 'renewalReminder');
        sent++;
      });
    }
    return sent;
  }
}

async function insertNotifications(
  tx: Tx,
  to: string[],
  senderId: string,
  key: string,
  params: Record<string, string>,
  event: string,
) {
  await repo.insertNotifications(
    tx,
    to.map((toUserId) => ({
      toUserId,
      senderId,
      message: renderNotification(DEFAULT_LOCALE, key, params),
      event,
      messageKey: key,
      messageParams: params,
    })),
  );
  await publish(tx, to);
}
