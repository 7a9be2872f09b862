/**
 * Rows to the API's shapes (src/shared/contracts/service-requests.ts): the repository returns
 * what the database gives, the services answer with these. Photo URLs are signed here, so the
 * signer (the app's TokenService) comes in as an argument.
 */

import { jobSheetUrl } from '#server/lib/job-sheet-links.ts';
import { signedMediaUrl } from '#server/lib/media-links.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import { answerFacts, sourceOf } from '#shared/contracts/job.ts';
import type { CompletionProof } from '#shared/contracts/proof.ts';
import type {
  ApprovalEntry,
  RequestDetails,
  RequestSummary,
  WorkLog,
  WorkMediaItem,
} from '#shared/contracts/service-requests.ts';
import { maskPhone } from '#shared/domain/phone.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import type { DetailsRow, HistoryJson, MediaJson, MediaRow, ProofJson, WorkLogJson } from './details.repository.ts';
import type { CounterCell, SummaryRow } from './repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

export function toSummary(r: SummaryRow): RequestSummary {
  return {
    id: r.id,
    ticketNumber: formatTicket(r.ticketNo),
    type: r.type,
    description: r.description,
    ...answerFacts(r.job),
    source: sourceOf(r.job),
    status: r.status,
    customerId: r.customerId,
    customer: {
      id: r.customerId,
      name: r.customerName,
      address: r.customerAddress,
      primaryPhone: r.customerPhone,
      phoneNumbers: r.customerPhones,
      email: r.customerEmail,
      regionId: r.customerRegionId,
      latitude: r.customerLatitude,
      longitude: r.customerLongitude,
    },
    regionId: r.regionId,
    region: { name: r.regionName },
    requestedById: r.requestedById,
    requestedBy: { id: r.requestedById, name: r.requesterName, role: { name: r.requesterRoleName } },
    assignedToId: r.assignedToId,
    assignedTo: r.assignedToId && r.assigneeName ? { id: r.assignedToId, name: r.assigneeName } : null,
    approvedBy: r.approverName ? { name: r.approverName } : null,
    needsSalesApproval: r.needsSalesApproval,
    salesApproved: r.salesApproved,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    assignedAt: isoOrNull(r.assignedAt),
    completedAt: isoOrNull(r.completedAt),
  };
}

function toWorkLog(r: WorkLogJson): WorkLog {
  return {
    id: r.id,
    technician: { id: r.technicianId, name: r.technicianName },
    startTime: iso(r.startTime),
    endTime: isoOrNull(r.endTime),
    notes: r.notes,
    recordedAt: iso(r.recordedAt),
    endRecordedAt: isoOrNull(r.endRecordedAt),
  };
}

function toApprovalEntry(r: HistoryJson): ApprovalEntry {
  return {
    id: r.id,
    approver: { id: r.approverId, name: r.approverName },
    approverRole: r.approverRole,
    stage: r.stage,
    status: r.status,
    comments: r.comments,
    approvedAt: iso(r.approvedAt),
  };
}

export function toMediaItem(tokens: TokenService, m: MediaRow | MediaJson): WorkMediaItem {
  return {
    id: m.id,
    fileUrl: signedMediaUrl(tokens, m.storageKey),
    thumbnailUrl: signedMediaUrl(tokens, m.thumbKey),
    mimeType: m.mimeType,
    width: m.width,
    height: m.height,
    sizeBytes: m.sizeBytes,
    uploadedBy: { id: m.uploadedById, name: m.uploadedByName },
    uploadedAt: iso(m.uploadedAt),
    takenAt: m.takenAt === null ? null : iso(m.takenAt),
    kind: m.kind,
  };
}

/** The statuses whose job sheet has a public link: the work is done (ADR 048). */
const SHEET_STATUSES: readonly RequestStatus[] = ['WORK_COMPLETED', 'COMPLETED'];

/** `publicBase`: PUBLIC_URL, the base of the job sheet's link (a path without it). */
export function toDetails(tokens: TokenService, r: DetailsRow, publicBase: string | null): RequestDetails {
  return {
    ...toSummary(r),
    workLogs: r.workLogs.map(toWorkLog),
    approvalHistory: r.approvalHistory.map(toApprovalEntry),
    workMedia: r.workMedia.map((m) => toMediaItem(tokens, m)),
    unitId: r.unitId ?? null,
    jobSheetUrl: SHEET_STATUSES.includes(r.status) ? jobSheetUrl(tokens, publicBase, r.id) : null,
    proof: r.proof ? toProof(tokens, r.proof) : null,
    parts: r.parts.map((x) => ({ ...x, pricePaise: x.pricePaise === null ? null : Number(x.pricePaise) })),
  };
}

/** A completion's proof (ADR 047): the signature's image as a signed URL, the code's phone masked. */
function toProof(tokens: TokenService, raw: ProofJson | string): CompletionProof {
  // Some drivers hand a json column back as text.
  const p: ProofJson = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return {
    kind: p.kind,
    signedBy: p.signedBy,
    signatureUrl: p.signatureKey ? signedMediaUrl(tokens, p.signatureKey) : null,
    phone: p.phone ? maskPhone(p.phone) : null,
    confirmedAt: iso(p.confirmedAt),
    technician: { id: p.technicianId ?? '', name: p.technicianName ?? '' },
  };
}

/** The requests among counter cells, of one status or of all. */
export function sumCells(cells: CounterCell[], status?: RequestStatus): number {
  return cells.reduce((n, c) => (status === undefined || c.status === status ? n + c.count : n), 0);
}

/** The requests among counter cells in any of these statuses. */
export const sumStatuses = (cells: CounterCell[], statuses: readonly RequestStatus[]): number =>
  statuses.reduce((n, s) => n + sumCells(cells, s), 0);
