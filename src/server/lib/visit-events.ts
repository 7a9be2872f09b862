/**
 * A visit as an extension point (issue 30, ADR 029). Completing work (POST
 * /technician-workflow/stop) publishes one `VisitCompleted` event inside the completion's
 * transaction; every module that cares about what happened at a visit subscribes to it: the
 * installed base (parts replaced move the schedule, an INSTALLATION installs the unit), and
 * later readings, proof of completion and stock. Each subscriber owns its part of the stop body
 * (a zod object whose fields the shared stop contract composes, `src/shared/contracts/visit.ts`),
 * validates it and acts on it. A subscriber that throws rolls the whole completion back.
 *
 * This file knows no module: service-requests publishes, the composition root
 * (`src/server/services.ts`) registers the subscribers, and a subscriber imports only this file.
 */
import type { z } from 'zod';
import type { Tx } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';

/** What one completed visit was: the request, its unit, the technician and the times. */
export interface VisitCompleted {
  request: { id: string; type: string; customerId: string; regionId: string; unitId: string | null };
  technician: Actor;
  /** When the work was started (the open work log), or null when none was open. */
  startedAt: Date | null;
  /** When it was completed (the phone's time for an offline completion, else the server's). */
  completedAt: Date;
  /** The caller's address, for the audit trail. */
  ip: string;
  /**
   * Registers work outside the database to undo should the completion's transaction roll back
   * (a stored file: proof's signature, ADR 047); run after the rollback, in order. Absent when the
   * publisher has nothing to undo with (a test's own transaction).
   */
  onRollback?: (undo: () => Promise<void>) => void;
}

/** A visit about to be completed: what a subscriber's `check` sees before the transaction. */
export type VisitStarting = Pick<VisitCompleted, 'technician' | 'ip'> & {
  request: Omit<VisitCompleted['request'], 'unitId'>;
};

/** What a subscriber may change about the request itself: the unit it is about (an installation). */
export interface VisitOutcome {
  unitId?: string | null;
}

export interface VisitSubscriber<Part extends z.ZodObject = z.ZodObject> {
  /** Names the subscriber in errors and logs ('units', 'readings', ...). */
  readonly name: string;
  /** Its fields of the stop body: the same object the shared stop contract is composed from. */
  readonly part: Part;
  /**
   * Optional: runs before the completion's transaction, once the workflow has checked who may act
   * and when, and outside it: for what must stand even if the completion then rolls back (a
   * one-time code's try is spent whatever follows, ADR 047). Throwing refuses the completion.
   */
  check?(visit: VisitStarting, part: z.infer<Part>): Promise<void>;
  /** Runs inside the completion's transaction; throwing (an AppError) rolls the completion back. */
  onCompleted(tx: Tx, visit: VisitCompleted, part: z.infer<Part>): Promise<VisitOutcome | undefined>;
}

/** The subscribers, in registration order; `publish` runs each in turn inside the caller's transaction. */
export class VisitEvents {
  private readonly subscribers: VisitSubscriber[] = [];

  subscribe<Part extends z.ZodObject>(subscriber: VisitSubscriber<Part>): void {
    if (this.subscribers.some((s) => s.name === subscriber.name)) {
      throw new Error(`A visit subscriber named '${subscriber.name}' is already registered`);
    }
    this.subscribers.push(subscriber as unknown as VisitSubscriber);
  }

  /** Runs every subscriber's `check` with its own part of the stop body, before the transaction. */
  async check(visit: VisitStarting, body: Record<string, unknown>): Promise<void> {
    for (const s of this.subscribers) {
      if (s.check) await s.check(visit, s.part.parse(body));
    }
  }

  /**
   * Runs every subscriber with its own part of the (already validated) stop body. Later outcomes
   * win, and each subscriber sees the unit the earlier ones named; the caller applies the merged
   * outcome to the request in the same transaction.
   */
  async publish(tx: Tx, visit: VisitCompleted, body: Record<string, unknown>): Promise<VisitOutcome> {
    const outcome: VisitOutcome = {};
    // A later subscriber sees the unit an earlier one named (an installation's new unit).
    let seen = visit;
    for (const s of this.subscribers) {
      const part = s.part.parse(body);
      const done = await s.onCompleted(tx, seen, part);
      if (done?.unitId !== undefined) {
        outcome.unitId = done.unitId;
        seen = { ...seen, request: { ...seen.request, unitId: done.unitId } };
      }
    }
    return outcome;
  }
}
