/**
 * The request list as an export (issue 34 item 1, ADR 037): the list's filter, read the same way
 * for the JSON list and the download (`listFilterOf`), so the export holds exactly the rows the
 * list would page through (the same scope, search, status, `mine` and `proof`), in the same order, and
 * every one of them.
 */
import type { Db } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { col, type ExportTable } from '#server/lib/export/columns.ts';
import { formatTicket, parseTicketSearch } from '#shared/domain/ticket.ts';
import type { RequestStatus } from '#shared/domain/workflow.ts';
import { requestTypeKey } from '#shared/i18n/messages.ts';
import { type Shape, type SummaryRow, streamRequests } from './repository.ts';
import { scopeFor } from './scope.ts';

export interface ListQuery {
  search?: string;
  status?: RequestStatus | 'ALL' | '';
  mine?: boolean;
  /** `none`: completed without proof (ADR 047; the route's guard decides who may ask). */
  proof?: 'none';
}

/** What the list's query asks for, within the actor's scope. */
export function listFilterOf(actor: Actor, q: ListQuery): Shape {
  const status = q.status && q.status !== 'ALL' ? q.status : undefined;
  const search = q.search?.trim() || undefined;
  const ticket = search ? (parseTicketSearch(search) ?? undefined) : undefined;
  // `mine`: the requests the actor raised, still within the scope (ADR 020).
  const mineOf = q.mine ? actor.id : undefined;
  return { scope: scopeFor(actor), status, search, ticket, mineOf, noProof: q.proof === 'none' };
}

const COLUMNS = [
  col<SummaryRow>('ticket', (r) => formatTicket(r.ticketNo), 'text', 11),
  col<SummaryRow>('type', (r, say) => say(requestTypeKey(r.type)), 'text', 14),
  col<SummaryRow>('status', (r, say) => say(`requestStatus.${r.status}`), 'text', 20),
  col<SummaryRow>('customer', (r) => r.customerName),
  col<SummaryRow>('phone', (r) => r.customerPhone, 'text', 14),
  col<SummaryRow>('address', (r) => r.customerAddress, 'text', 36),
  col<SummaryRow>('region', (r) => r.regionName, 'text', 16),
  col<SummaryRow>('description', (r) => r.description, 'text', 48),
  col<SummaryRow>('requestedBy', (r) => r.requesterName),
  col<SummaryRow>('technician', (r) => r.assigneeName),
  col<SummaryRow>('approvedBy', (r) => r.approverName),
  col<SummaryRow>('createdAt', (r) => r.createdAt, 'datetime'),
  col<SummaryRow>('assignedAt', (r) => r.assignedAt, 'datetime'),
  col<SummaryRow>('completedAt', (r) => r.completedAt, 'datetime'),
];

/** Every request the list would show the actor for `q`, newest first. */
export function requestExport(db: Db, actor: Actor, q: ListQuery): ExportTable<SummaryRow> {
  return {
    name: 'service-requests',
    sheet: 'serviceRequests',
    columns: COLUMNS,
    rows: streamRequests(db, listFilterOf(actor, q)),
  };
}
