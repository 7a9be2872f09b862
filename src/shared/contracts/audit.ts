import { z } from 'zod';
import { pageQuery } from './common.ts';

export const auditQuery = pageQuery.extend({
  action: z.string().trim().max(100).optional(),
  outcome: z.enum(['ok', 'denied', 'failed']).optional(),
});
/** What the page sends (page is 1-based). */
export interface AuditQuery {
  page: number;
  pageSize: number;
  search?: string;
  action?: string;
  outcome?: 'ok' | 'denied' | 'failed';
}

export const auditEntry = z.object({
  id: z.number(),
  at: z.date().or(z.string()),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  outcome: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** What the row names, in words (issue 33): the request it is about (its own or a photo's). */
  requestId: z.string().nullable(),
  /** That request's ticket number (SR-000007). */
  ticketNumber: z.string().nullable(),
  /** The technician a request was assigned to (details.technicianId), by name. */
  technicianName: z.string().nullable(),
  /** The user, customer, region, role or product the row names, by its name today. */
  recordName: z.string().nullable(),
  /** The unit the row names, by its serial number. */
  unitSerial: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
