/**
 * What an auto-raised job is (issue 33 item 5, ADR 035): the facts the maintenance run stores on
 * the request (`service_requests.job`), so every screen says the job in its reader's language with
 * Indian dates. The request's `description` keeps the job in English: the spec's client and the
 * search read it. Null on a request a person typed and on those raised before the facts were kept.
 */
import { z } from 'zod';

export const jobFacts = z.object({
  kind: z.literal('maintenance'),
  unitId: z.string(),
  brand: z.string(),
  product: z.string(),
  serial: z.string(),
  /** The due date, a calendar date 'YYYY-MM-DD'. */
  dueOn: z.string(),
  /** The parts due, by name as the catalogue spells them (none: the contract's scheduled visit). */
  parts: z.array(z.string()),
  /** No active contract covers the visit: chargeable, the office quotes before it. */
  chargeable: z.boolean(),
});
export type JobFacts = z.output<typeof jobFacts>;

/**
 * The field as the request shapes answer it: always present, null without facts. Not optional:
 * the compiled serializer writes required properties first (lib/serializer.ts), so an optional
 * one would come out of the order zod writes and fail its check. The spec's client ignores it.
 */
export const jobField = jobFacts.nullable();
