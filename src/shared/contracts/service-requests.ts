/**
 * Service requests: the create/edit bodies, the workflow bodies and the response shapes of
 * spec section 3 (requestedBy.role.name, assignedTo.id, approvalHistory[].approver.name, ...).
 */
import { z } from 'zod';
import { MIN_DESCRIPTION } from '../domain/constants.ts';
import { MEDIA_KINDS } from '../domain/media.ts';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../domain/workflow.ts';
import { clientTime, idNameRef, nameRef, pageQuery } from './common.ts';
import { jobField, qrReportField, requestSource } from './job.ts';
import { completionProof } from './proof.ts';
import { requestPartItem } from './stock.ts';
import { visitFields } from './visit.ts';

export const MAX_DESCRIPTION = 2000;
export const MAX_COMMENTS = 1000;

/** A required reference to another record: '' and a missing value both read as "required". */
const requiredRef = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .pipe(z.uuid({ error: message }));

export const requestType = z.enum(REQUEST_TYPES, { error: 'Type is required' });
export const requestStatus = z.enum(REQUEST_STATUSES);

export const description = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, { error: 'Description is required', abort: true })
  .min(MIN_DESCRIPTION, `Description must be at least ${MIN_DESCRIPTION} characters`)
  .max(MAX_DESCRIPTION, `Description must be at most ${MAX_DESCRIPTION} characters`);

export const createRequestBody = z.object({
  type: requestType,
  description,
  customerId: requiredRef('Customer is required'),
  regionId: requiredRef('Region is required'),
  /** Sent by the spec's client; the server takes the requester from the token and ignores it. */
  requestedById: z.string().optional(),
  /** The installed unit it is about (issue 21): one of the customer's units. */
  unitId: z.uuid({ error: 'Invalid unit' }).optional(),
});
export type CreateRequestBody = z.input<typeof createRequestBody>;

/** PATCH: any of the four editable fields. */
export const updateRequestBody = z
  .object({
    type: requestType.optional(),
    description: description.optional(),
    customerId: requiredRef('Customer is required').optional(),
    regionId: requiredRef('Region is required').optional(),
    /** The installed unit (issue 21); null detaches it. */
    unitId: z.uuid({ error: 'Invalid unit' }).nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'Nothing to change' });
export type UpdateRequestBody = z.input<typeof updateRequestBody>;

export const listRequestsQuery = pageQuery.extend({
  /** A status, or 'ALL' / empty for every status. */
  status: z.enum(['ALL', '', ...REQUEST_STATUSES], { error: 'Unknown status' }).optional(),
  /**
   * `true`: only the requests the caller raised, within what the caller may read (ADR 020; the
   * dashboard's "View all"). Anything else but `false` is a 400.
   */
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  /**
   * `none`: only the requests completed (WORK_COMPLETED or COMPLETED) without proof (issue 35
   * item 1), for whoever may see them (the policy table's `requestsWithoutProof`).
   */
  proof: z.enum(['none'], { error: 'proof must be none' }).optional(),
});
export type ListRequestsQuery = z.input<typeof listRequestsQuery>;

/** Optional comments (approve, acknowledge): '' becomes null. */
const optionalComments = z
  .string()
  .trim()
  .max(MAX_COMMENTS, `Comments must be at most ${MAX_COMMENTS} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

export const commentsBody = z.object({ comments: optionalComments }).nullish();
export type CommentsBody = z.input<typeof commentsBody>;

export const REJECT_REASON_REQUIRED = 'A reason for rejecting is required';
export const rejectBody = z.object(
  {
    comments: z
      .string({ error: REJECT_REASON_REQUIRED })
      .trim()
      .min(1, REJECT_REASON_REQUIRED)
      .max(MAX_COMMENTS, `Comments must be at most ${MAX_COMMENTS} characters`),
  },
  { error: REJECT_REASON_REQUIRED },
);
export type RejectBody = z.input<typeof rejectBody>;

export const manualAssignBody = z.object({ technicianId: requiredRef('Please select a technician') });
export type ManualAssignBody = z.input<typeof manualAssignBody>;

export const workflowStartBody = z.object({ requestId: requiredRef('Request is required'), clientTime });
export const workflowStopBody = z
  .object({
    requestId: requiredRef('Request is required'),
    notes: optionalComments,
    clientTime,
  })
  // What the features acting at a visit add (all optional; the spec's client sends none): visit.ts.
  .extend(visitFields);
export type WorkflowStopBody = z.input<typeof workflowStopBody>;

/** PUT /customers/update-location/{id} answers the saved coordinates (the body is customers.ts `locationBody`). */
export const customerLocation = z.object({
  id: z.string(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
});
export type CustomerLocation = z.infer<typeof customerLocation>;

// ------------------------------------------------------------------ responses

export const requestCustomer = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  primaryPhone: z.string(),
  phoneNumbers: z.array(z.string()),
  email: z.string().nullable(),
  regionId: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** Timestamps travel as ISO 8601 strings. */
const dateOut = z.string();
const nullableDateOut = z.string().nullable();

/** A request as lists show it. */
export const requestSummary = z.object({
  id: z.string(),
  /** The number people say on the phone: "SR-000123" (ADR 020). */
  ticketNumber: z.string(),
  type: requestType,
  description: z.string(),
  /**
   * The facts of an auto-raised job (ADR 035), or null (typed by a person, or raised before
   * them); added after the spec (its client reads `description`).
   */
  job: jobField,
  /** What a customer said at the unit's QR sticker (ADR 043), or null; added after the spec. */
  qrReport: qrReportField,
  /** Who raised it: a person (STAFF), the maintenance run (SCHEDULE), a customer's QR sticker (QR); added after the spec. */
  source: requestSource,
  status: requestStatus,
  customerId: z.string(),
  customer: requestCustomer,
  regionId: z.string(),
  region: nameRef,
  requestedById: z.string(),
  requestedBy: z.object({ id: z.string(), name: z.string(), role: nameRef }),
  assignedToId: z.string().nullable(),
  assignedTo: idNameRef.nullable(),
  approvedBy: nameRef.nullable(),
  needsSalesApproval: z.boolean(),
  salesApproved: z.boolean(),
  version: z.number(),
  createdAt: dateOut,
  updatedAt: dateOut,
  assignedAt: nullableDateOut,
  completedAt: nullableDateOut,
});
export type RequestSummary = z.output<typeof requestSummary>;

export const workLog = z.object({
  id: z.string(),
  technician: idNameRef,
  /** The technician's times (their phone's clock when it was sent with clientTime). */
  startTime: dateOut,
  endTime: nullableDateOut,
  notes: z.string().nullable(),
  /** When the server wrote the start and the end (later than the above for a queued action). */
  recordedAt: dateOut,
  endRecordedAt: nullableDateOut,
});
export type WorkLog = z.output<typeof workLog>;

export const workMediaItem = z.object({
  id: z.string(),
  /** A signed, expiring URL under /api/media: an <img> loads it without a bearer header. */
  fileUrl: z.string(),
  thumbnailUrl: z.string(),
  mimeType: z.string(),
  width: z.number(),
  height: z.number(),
  sizeBytes: z.number(),
  uploadedBy: idNameRef,
  uploadedAt: dateOut,
  /** When the technician took it, by the phone (ADR 027), if the upload said so plausibly; else null. */
  takenAt: dateOut.nullable(),
  /** What it shows: BEFORE, AFTER or OTHER (issue 35 item 2); added after the spec. */
  kind: z.enum(MEDIA_KINDS),
});
export type WorkMediaItem = z.output<typeof workMediaItem>;

export const approvalEntry = z.object({
  id: z.string(),
  approver: idNameRef,
  approverRole: z.string(),
  /** SALES, SERVICE or ACKNOWLEDGE. */
  stage: z.string(),
  /** APPROVED or REJECTED; RESET when an edit withdrew a sales approval (ADR 016). */
  status: z.string(),
  comments: z.string().nullable(),
  approvedAt: dateOut,
});
export type ApprovalEntry = z.output<typeof approvalEntry>;

/** A request as the details page shows it. */
export const requestDetails = requestSummary.extend({
  workLogs: z.array(workLog),
  workMedia: z.array(workMediaItem),
  approvalHistory: z.array(approvalEntry),
  /**
   * The job sheet's signed public link (issue 35 item 3, ADR 048), good for 30 days: absolute
   * under PUBLIC_URL, else the path `/j/<token>`; null until the work is done (WORK_COMPLETED or
   * COMPLETED). Added after the spec; always present (null before), not optional: the compiled
   * serializer writes required properties first, so an optional one before `proof` would come
   * out of zod's order and fail its check (lib/serializer.ts). The spec's client ignores it.
   */
  jobSheetUrl: z.string().nullable(),
  /**
   * What proved the completion (issue 35 item 1, ADR 047): the customer's signature (a signed,
   * expiring image URL) or the one-time code (the phone masked), or null when none was recorded.
   * The server always sends it; optional as jobSheetUrl is (added after the spec, and the compiled
   * serializer writes a required field after the optional ones before it, lib/serializer.ts).
   */
  proof: completionProof.nullable().optional(),
  /**
   * Last: the optional fields after the required ones, as the compiled serializer writes them.
   * The installed unit it is about (issue 21), or null; added after the spec, so optional: a
   * client reads the unit itself from GET /api/units/{unitId} when it may.
   */
  unitId: z.string().nullable().optional(),
  /**
   * The parts the visit used (issue 37, ADR 049): catalogue items taken from the van, or the
   * free text of the spec's spare parts; each covered by the unit's AMC or chargeable at its
   * price. Always sent; optional as the fields above (added after the spec).
   */
  parts: z.array(requestPartItem).optional(),
});
export type RequestDetails = z.output<typeof requestDetails>;

/** A candidate in the assign dialog. */
export const technicianCandidate = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  openTasks: z.number(),
});
export type TechnicianCandidate = z.output<typeof technicianCandidate>;
