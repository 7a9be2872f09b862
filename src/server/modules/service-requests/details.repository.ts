/**
 * One request's details (its work logs, approval history and photos, each a json_agg subquery of
 * one statement) and its photos' rows: SQL only.
 */

import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/client.ts';
import { preparedOnce } from '#server/db/prepared.ts';
import { parts } from '#server/db/schema/catalogue.ts';
import { customers } from '#server/db/schema/customers.ts';
import { workParts } from '#server/db/schema/maintenance.ts';
import { completionProofs } from '#server/db/schema/messages.ts';
import { users } from '#server/db/schema/people.ts';
import { approvalHistory, serviceRequests, workLogs, workMedia } from '#server/db/schema/requests.ts';
import type { ApprovalEntry } from '#shared/contracts/service-requests.ts';
import type { MediaKind } from '#shared/domain/media.ts';
import type { ProofKind } from '#shared/domain/messages.ts';
import { type SummaryRow, scopeParams, scopeWhere, summaryColumns } from './repository.ts';
import type { RequestScope } from './scope.ts';

/** A photo as the JSON aggregation returns it (timestamps as JSON text). */
export type MediaJson = Omit<MediaRow, 'uploadedAt' | 'takenAt'> & { uploadedAt: string; takenAt: string | null };
export type WorkLogJson = {
  id: string;
  technicianId: string;
  technicianName: string;
  startTime: string;
  endTime: string | null;
  notes: string | null;
  recordedAt: string;
  endRecordedAt: string | null;
};
export type HistoryJson = {
  id: string;
  approverId: string;
  approverName: string;
  approverRole: string;
  stage: string;
  status: ApprovalEntry['status'];
  comments: string | null;
  approvedAt: string;
};

/** One JSON array of a request's child rows, in order; `[]` when it has none. */
const jsonRows = <T>(fields: Record<string, SQL | AnyPgColumn>, from: SQL, orderBy: SQL) =>
  sql<T[]>`coalesce((select json_agg(json_build_object(${sql.join(
    Object.entries(fields).map(([k, v]) => sql`${sql.raw(`'${k}'`)}, ${v}`),
    sql`, `,
  )}) order by ${orderBy}) ${from}), '[]'::json)`;

const detailsColumns = {
  ...summaryColumns,
  workLogs: jsonRows<WorkLogJson>(
    {
      id: workLogs.id,
      technicianId: workLogs.technicianId,
      technicianName: users.name,
      startTime: workLogs.startTime,
      endTime: workLogs.endTime,
      notes: workLogs.notes,
      recordedAt: workLogs.recordedAt,
      endRecordedAt: workLogs.endRecordedAt,
    },
    sql`from ${workLogs} inner join ${users} on ${users.id} = ${workLogs.technicianId} where ${workLogs.requestId} = ${serviceRequests.id}`,
    sql`${workLogs.startTime} asc, ${workLogs.id} asc`,
  ),
  approvalHistory: jsonRows<HistoryJson>(
    {
      id: approvalHistory.id,
      approverId: approvalHistory.approverId,
      approverName: users.name,
      approverRole: approvalHistory.approverRole,
      stage: approvalHistory.stage,
      status: approvalHistory.status,
      comments: approvalHistory.comments,
      approvedAt: approvalHistory.approvedAt,
    },
    sql`from ${approvalHistory} inner join ${users} on ${users.id} = ${approvalHistory.approverId} where ${approvalHistory.requestId} = ${serviceRequests.id}`,
    sql`${approvalHistory.approvedAt} asc, ${approvalHistory.id} asc`,
  ),
  workMedia: jsonRows<MediaJson>(
    mediaColumnsOf(),
    sql`from ${workMedia} inner join ${users} on ${users.id} = ${workMedia.uploadedById} where ${workMedia.requestId} = ${serviceRequests.id}`,
    sql`${workMedia.uploadedAt} asc, ${workMedia.id} asc`,
  ),
  /** The installed unit it is about (issue 21): the details page shows the purifier. */
  unitId: serviceRequests.unitId,
  /** What proved the completion (issue 35 item 1, ADR 047), or null. */
  proof: sql<ProofJson | null>`(select json_build_object(${sql.join(
    Object.entries({
      kind: completionProofs.kind,
      signedBy: completionProofs.signedBy,
      signatureKey: completionProofs.signatureKey,
      phone: completionProofs.phone,
      confirmedAt: completionProofs.confirmedAt,
      technicianId: completionProofs.technicianId,
      technicianName: users.name,
    }).map(([k, v]) => sql`${sql.raw(`'${k}'`)}, ${v}`),
    sql`, `,
  )}) from ${completionProofs} left join ${users} on ${users.id} = ${completionProofs.technicianId} where ${completionProofs.requestId} = ${serviceRequests.id})`,
  /** The parts the visit used (issue 37, ADR 049): catalogue items or free text, covered or chargeable. */
  parts: jsonRows<PartJson>(
    {
      partId: workParts.stockPartId,
      sku: parts.sku,
      // The catalogue's name when it is a catalogue item, else what was typed.
      name: sql`coalesce(${parts.name}, ${workParts.name})`,
      quantity: workParts.quantity,
      covered: workParts.covered,
      pricePaise: workParts.pricePaise,
    },
    sql`from ${workParts} left join ${parts} on ${parts.id} = ${workParts.stockPartId} where ${workParts.requestId} = ${serviceRequests.id}`,
    sql`${workParts.createdAt} asc, ${workParts.id} asc`,
  ),
};

/** A part the visit used, as the JSON aggregation returns it. */
export type PartJson = {
  partId: string | null;
  sku: string | null;
  name: string;
  quantity: number;
  covered: boolean;
  pricePaise: number | null;
};

export type DetailsRow = SummaryRow & {
  workLogs: WorkLogJson[];
  approvalHistory: HistoryJson[];
  workMedia: MediaJson[];
  unitId: string | null;
  proof: ProofJson | null;
  parts: PartJson[];
};

/** A completion's proof as the JSON object returns it (its time as JSON text). */
export type ProofJson = {
  kind: ProofKind;
  signedBy: string | null;
  signatureKey: string | null;
  phone: string | null;
  confirmedAt: string;
  technicianId: string | null;
  technicianName: string | null;
};

/**
 * One request with its work logs, approval history and photos, in ONE statement (each child
 * list a json_agg subquery), if it exists within `scope`: the details page, and the answer of
 * every change (docs/performance.md).
 */
export async function findDetails(
  db: Tx,
  id: string,
  scope: RequestScope = { kind: 'all' },
): Promise<DetailsRow | undefined> {
  const query = preparedOnce(db, `details|${scope.kind}`, (name) =>
    db
      .select(detailsColumns)
      .from(serviceRequests)
      .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
      .where(and(eq(serviceRequests.id, sql.placeholder('id')), scopeWhere(scope)))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id, ...scopeParams(scope) });
  return row as DetailsRow | undefined;
}

/** The columns of one photo as the API describes it (the request's list and a fresh upload). */
function mediaColumnsOf() {
  return {
    id: workMedia.id,
    storageKey: workMedia.storageKey,
    thumbKey: workMedia.thumbKey,
    mimeType: workMedia.mimeType,
    width: workMedia.width,
    height: workMedia.height,
    sizeBytes: workMedia.sizeBytes,
    uploadedById: workMedia.uploadedById,
    uploadedByName: users.name,
    uploadedAt: workMedia.uploadedAt,
    takenAt: workMedia.takenAt,
    kind: workMedia.kind,
  };
}
export const mediaColumns = mediaColumnsOf();

/** A photo's row, written once both of its files are stored; returns its id. */
/** A photo whose two files are stored (the uploads module): what its row records. */
export interface StoredMedia {
  storageKey: string;
  thumbKey: string;
  mimeType: string;
  sizeBytes: number;
  width: number;
  height: number;
  /** When the phone took it (ADR 027), when plausible. */
  takenAt: Date | null;
  /** What it shows (issue 35 item 2). */
  kind: MediaKind;
}

export async function insertMedia(db: Tx, values: typeof workMedia.$inferInsert): Promise<string> {
  const [row] = await db.insert(workMedia).values(values).returning({ id: workMedia.id });
  return (row as { id: string }).id;
}

/** One photo with its uploader's name (the answer of an upload). */
export async function findMedia(db: Tx, id: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select(mediaColumns)
    .from(workMedia)
    .innerJoin(users, eq(users.id, workMedia.uploadedById))
    .where(eq(workMedia.id, id))
    .limit(1);
  return row as MediaRow | undefined;
}

export type MediaRow = {
  id: string;
  storageKey: string;
  thumbKey: string;
  mimeType: string;
  width: number;
  height: number;
  sizeBytes: number;
  uploadedById: string;
  uploadedByName: string;
  uploadedAt: Date;
  takenAt: Date | null;
  kind: MediaKind;
};
