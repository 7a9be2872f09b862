/**
 * Proof at a completed visit (issue 35 item 1, ADR 047): the stop body's `signature` and
 * `signedBy`, or `otp` (contracts/proof.ts `proofVisitPart`). Its check runs before the
 * completion's transaction (a code's try is spent whatever follows), its record inside it.
 */
import type { VisitSubscriber } from '#server/lib/visit-events.ts';
import { proofVisitPart } from '#shared/contracts/proof.ts';
import type { ProofService } from './service.ts';

export function proofVisitSubscriber(proof: ProofService): VisitSubscriber<typeof proofVisitPart> {
  return {
    name: 'proof',
    part: proofVisitPart,
    check: (visit, part) => proof.check(visit, part),
    async onCompleted(tx, visit, part) {
      await proof.record(tx, visit, part);
      return undefined;
    },
  };
}
