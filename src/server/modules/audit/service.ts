/** The audit trail, read by the admins (capability auditRead); written through lib/audit.ts. */
import type { Db } from '#server/db/client.ts';
import { col, type ExportTable, mapRows } from '#server/lib/export/columns.ts';
import type { Window } from '#server/lib/paging.ts';
import type { AuditEntry } from '#shared/contracts/audit.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import { type AuditFilter, type AuditRow, listAudit, streamAudit } from './repository.ts';

const toEntry = ({ ticketNo, ...r }: AuditRow): AuditEntry => ({
  ...r,
  ticketNumber: ticketNo == null ? null : formatTicket(ticketNo),
});

const OUTCOMES = new Set(['ok', 'denied', 'failed']);

/** The trail's columns: what the Audit Log shows, the record by its number or name. */
const COLUMNS = [
  col<AuditEntry>('at', (e) => e.at, 'datetime'),
  col<AuditEntry>('actor', (e) => e.actorName),
  col<AuditEntry>('email', (e) => e.actorEmail, 'text', 28),
  col<AuditEntry>('action', (e) => e.action, 'text', 26),
  col<AuditEntry>('recordType', (e) => e.entityType, 'text', 16),
  col<AuditEntry>('record', (e) => e.ticketNumber ?? e.recordName ?? e.unitSerial ?? e.entityId, 'text', 28),
  col<AuditEntry>('technician', (e) => e.technicianName),
  col<AuditEntry>('outcome', (e, say) =>
    OUTCOMES.has(e.outcome) ? say(`export.value.outcome.${e.outcome}`) : e.outcome,
  ),
  col<AuditEntry>('ip', (e) => e.ip, 'text', 16),
  col<AuditEntry>('details', (e) => (e.details ? JSON.stringify(e.details) : null), 'text', 48),
];

export class AuditService {
  constructor(private readonly db: Db) {}

  /** One page of the trail and how many entries match the filter. */
  async list(filter: AuditFilter, window: Window): Promise<{ rows: AuditEntry[]; total: number }> {
    const { rows, total } = await listAudit(this.db, filter, window);
    return { rows: rows.map(toEntry), total };
  }

  /** Every entry of the filter, newest first, as a download (ADR 037). */
  exportList(filter: AuditFilter): ExportTable<AuditEntry> {
    return {
      name: 'audit-log',
      sheet: 'auditLog',
      columns: COLUMNS,
      rows: mapRows(streamAudit(this.db, filter), toEntry),
    };
  }
}
