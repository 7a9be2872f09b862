/** The audit trail, read by the admins (capability auditRead); written through lib/audit.ts. */
import type { Db } from '#server/db/client.ts';
import type { Window } from '#server/lib/paging.ts';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import { type AuditFilter, listAudit } from './repository.ts';

export class AuditService {
  constructor(private readonly db: Db) {}

  /** One page of the trail and how many entries match the filter. */
  async list(filter: AuditFilter, window: Window): Promise<{ rows: AuditEntry[]; total: number }> {
    const { rows, total } = await listAudit(this.db, filter, window);
    return {
      rows: rows.map(({ ticketNo, ...r }) => ({
        ...r,
        ticketNumber: ticketNo == null ? null : formatTicket(ticketNo),
      })),
      total,
    };
  }
}
