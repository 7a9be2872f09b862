/** Service requests, their history, work logs and photos. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredJobFacts } from '#shared/contracts/job.ts';
import type { MediaKind } from '#shared/domain/media.ts';
import type { ProofKind } from '#shared/domain/messages.ts';
import type { RequestStatus, RequestType } from '#shared/domain/workflow.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { regions, users } from './people.ts';
import { units } from './units.ts';

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    type: text().$type<RequestType>().notNull(),
    description: text().notNull(),
    status: text().$type<RequestStatus>().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    regionId: uuid()
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    requestedById: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assignedToId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    approvedById: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** Raised by a sales role below Sales Admin: sales approval comes first. */
    needsSalesApproval: boolean().notNull().default(false),
    salesApproved: boolean().notNull().default(false),
    /** lower(customer name + ' ' + description): what the list search matches (trigram index). */
    searchText: text().notNull().default(''),
    /** Bumped by every change: optimistic concurrency for PATCH. */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    assignedAt: tstz(),
    completedAt: tstz(),
    /**
     * The ticket number people say on the phone (SR-000123, ADR 020): sequential, never reused,
     * written by the database (an identity: a client cannot choose it); migration 0006 numbered
     * the existing requests in created_at order.
     */
    ticketNo: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The installed unit the request is about (issue 21), if any: one of the customer's units. */
    unitId: uuid().references((): AnyPgColumn => units.id, { onDelete: 'set null' }),
    /**
     * What an auto-raised job is (issue 33 item 5, ADR 035: unit, brand, product, serial, due date,
     * parts, cover), rendered in the reader's language; null for a request a person typed.
     */
    job: jsonb().$type<StoredJobFacts>(),
    /** What proved the completion (issue 35 item 1): SIGNATURE, OTP, or null (none recorded). */
    proof: text().$type<ProofKind>(),
  },
  // Lists order by (created_at desc, id desc), and DESC means NULLS FIRST in an ORDER BY: the
  // indexes must say so (Drizzle's .desc() alone writes NULLS LAST, which the planner cannot use
  // for that order) and carry the id too, so page 1 is an index walk that stops after a page, not
  // a sort of every matching row (migration 0004; docs/performance.md).
  (t) => [
    index().on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.regionId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.regionId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.requestedById, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.assignedToId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.customerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.approvedById),
    index('service_requests_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('service_requests_ticket_no_key').on(t.ticketNo),
    index().on(t.unitId, t.createdAt.desc().nullsFirst()),
    // `?proof=none` (issue 35 item 1): the completed requests without proof, newest first.
    index('service_requests_no_proof')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`proof IS NULL AND status IN ('WORK_COMPLETED', 'COMPLETED')`),
    // Reports (issue 38, ADR 050): the requests completed in a range, everywhere or in one region
    // (turnaround, technicians, the requests report's "completed").
    index('service_requests_completed_idx').on(t.completedAt).where(sql`completed_at IS NOT NULL`),
    index('service_requests_region_completed_idx').on(t.regionId, t.completedAt).where(sql`completed_at IS NOT NULL`),
  ],
);

export const approvalHistory = pgTable(
  'approval_history',
  {
    id: id(),
    requestId: uuid()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    approverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    approverRole: text().notNull(),
    /** SALES or SERVICE (which approval stage), or ACKNOWLEDGE. */
    stage: text().notNull(),
    status: text().$type<'APPROVED' | 'REJECTED' | 'RESET'>().notNull(),
    comments: text(),
    approvedAt: createdAt(),
  },
  (t) => [index().on(t.requestId, t.approvedAt), index().on(t.approverId)],
);

export const workLogs = pgTable(
  'work_logs',
  {
    id: id(),
    requestId: uuid()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    technicianId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * When the work started and ended as the technician's phone said (the body's `clientTime`,
     * ADR 027), else the server's time; `recordedAt`/`endRecordedAt` are when the server wrote
     * them (they differ when the action was queued offline and replayed later).
     */
    startTime: createdAt(),
    endTime: tstz(),
    notes: text(),
    recordedAt: createdAt(),
    endRecordedAt: tstz(),
  },
  (t) => [index().on(t.requestId, t.startTime), index().on(t.technicianId)],
);

export const workMedia = pgTable(
  'work_media',
  {
    id: id(),
    requestId: uuid()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    uploadedById: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Server-generated storage keys; never a client file name. */
    storageKey: text().notNull(),
    thumbKey: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    uploadedAt: createdAt(),
    /**
     * When the technician took it, by the phone (ADR 027): the upload's clientTime when plausible
     * (at most 72 hours old, not in the future), else null. `uploadedAt` stays the server's.
     */
    takenAt: tstz(),
    /** What it shows (issue 35 item 2): BEFORE, AFTER or OTHER (an upload without one). */
    kind: text().$type<MediaKind>().notNull().default('OTHER'),
  },
  (t) => [index().on(t.requestId, t.uploadedAt), index().on(t.uploadedById)],
);

/**
 * Dashboard counters, kept by a trigger on service_requests (migration 0001): one row per
 * (scope kind, scope key, status, type). Kinds: all, region, requester, assignee, self
 * (requester = assignee). Reads are O(number of statuses x types), whatever the table size.
 */
export const requestCounters = pgTable(
  'request_counters',
  {
    kind: text().notNull(),
    key: uuid().notNull().default(sql`'00000000-0000-0000-0000-000000000000'::uuid`),
    status: text().$type<RequestStatus>().notNull(),
    type: text().$type<RequestType>().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key, t.status, t.type] })],
);
