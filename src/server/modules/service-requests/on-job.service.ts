/**
 * Writes other modules make on a job the technician holds (issue 36's readings first; proof and
 * stock later): the seam that keeps them out of this module's tables and rules (ADR 029). A write
 * is checked as the photo upload is: the request must be in the actor's scope (404), the
 * workflow table must allow the action to this person at this status (403, 409), and again under
 * a share lock inside ONE transaction, in which the caller's `write` runs. A write sent by the
 * offline queue (it carries `clientTime`) that is refused because the request moved on answers
 * the 409 that says so, and the office is told (queued.ts).
 */
import type { Db, Tx } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { notFound } from '#server/lib/errors.ts';
import type { ProofKind } from '#shared/domain/messages.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { type QueuedAction, queued } from './queued.ts';
import * as repo from './repository.ts';
import { assertMayAct } from './rules.ts';
import { scopeFor } from './scope.ts';

/** What a job write may read of its request (the locked row's facts). */
export interface JobOnHand {
  id: string;
  ticketNo: number;
  type: string;
  status: string;
  customerId: string;
  regionId: string;
  unitId: string | null;
  requestedById: string;
  assignedToId: string | null;
}

export class JobWrites {
  constructor(private readonly db: Db) {}

  /** Runs `write` in one transaction on the locked request, once the actor may do `action` (see the header). */
  write<T>(
    actor: Actor,
    requestId: string,
    action: QueuedAction,
    clientTime: string | undefined,
    ip: string,
    write: (tx: Tx, job: JobOnHand) => Promise<T>,
  ): Promise<T> {
    return queued(this.db, actor, requestId, action, clientTime, ip, async () => {
      const seen = await repo.findSummary(this.db, requestId, scopeFor(actor));
      if (!seen) throw notFound(ERR.requestNotFound);
      assertMayAct(action, actor, seen);
      return this.db.transaction(async (tx) => {
        const locked = await repo.lockRow(tx, requestId);
        if (!locked) throw notFound(ERR.requestNotFound);
        assertMayAct(action, actor, locked);
        return write(tx, locked);
      });
    });
  }

  /** Records what proved a completion on the request (proof's visit subscriber, in the completion's transaction). */
  markProof(tx: Tx, requestId: string, kind: ProofKind): Promise<void> {
    return repo.setProof(tx, requestId, kind);
  }
}
