/**
 * What an auto-raised job is (issue 33 item 5, ADR 035): the facts the maintenance run stores on
 * the request (`service_requests.job`), so every screen says the job in its reader's language with
 * Indian dates. The request's `description` keeps the job in English: the spec's client and the
 * search read it. Null on a request a person typed and on those raised before the facts were kept.
 */
import { z } from 'zod';
import { PREFERRED_TIMES, QR_PROBLEMS } from '../domain/public-unit.ts';

export const maintenanceJobFacts = z.object({
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

/**
 * What a customer asked for through a unit's QR sticker (issue 36 item 4, ADR 043): the problem
 * they picked, the phone they gave (and whether it is one of the customer's: "matches the
 * customer", else "unverified" for the office), and the time of day they prefer.
 */
export const qrJobFacts = z.object({
  kind: z.literal('qr'),
  unitId: z.string(),
  brand: z.string(),
  product: z.string(),
  serial: z.string(),
  problem: z.enum(QR_PROBLEMS),
  phone: z.string(),
  phoneMatchesCustomer: z.boolean(),
  preferredTime: z.enum(PREFERRED_TIMES).nullable(),
});

/** What `service_requests.job` holds: one of the kinds above. */
export const storedJobFacts = z.discriminatedUnion('kind', [maintenanceJobFacts, qrJobFacts]);
export type StoredJobFacts = z.output<typeof storedJobFacts>;
export type MaintenanceJobFacts = z.output<typeof maintenanceJobFacts>;
export type QrJobFacts = z.output<typeof qrJobFacts>;

/** Who raised a request: a person, the maintenance run, or a customer at a unit's QR sticker. */
export const REQUEST_SOURCES = ['STAFF', 'SCHEDULE', 'QR'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];
export const requestSource = z.enum(REQUEST_SOURCES);

/** A request's source, read off its stored facts (a request typed by a person has none). */
export function sourceOf(job: StoredJobFacts | null | undefined): RequestSource {
  if (!job) return 'STAFF';
  return job.kind === 'qr' ? 'QR' : 'SCHEDULE';
}

/**
 * What the request shapes answer, two plain nullable fields rather than one union: the compiled
 * serializer (lib/server/serializer.ts) writes plain shapes only, and a union would cost every
 * list row a branch test. `job` stays the maintenance run's facts (ADR 035); `qrReport` is what a
 * customer said at the sticker (ADR 043).
 */
export const qrReport = qrJobFacts.omit({ kind: true, unitId: true, brand: true, product: true, serial: true });
export type QrReport = z.output<typeof qrReport>;
export const qrReportField = qrReport.nullable();

/** The stored facts split into the two answer fields. */
export function answerFacts(job: StoredJobFacts | null | undefined): {
  job: JobFacts | null;
  qrReport: QrReport | null;
} {
  if (!job) return { job: null, qrReport: null };
  if (job.kind === 'maintenance') return { job, qrReport: null };
  const { problem, phone, phoneMatchesCustomer, preferredTime } = job;
  return { job: null, qrReport: { problem, phone, phoneMatchesCustomer, preferredTime } };
}

/**
 * The field as the request shapes answer it: always present, null without facts. Not optional:
 * the compiled serializer writes required properties first (lib/serializer.ts), so an optional
 * one would come out of the order zod writes and fail its check. The spec's client ignores it.
 */
export const jobFacts = maintenanceJobFacts;
export type JobFacts = z.output<typeof jobFacts>;
export const jobField = jobFacts.nullable();
