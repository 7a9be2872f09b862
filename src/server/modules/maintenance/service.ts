/**
 * Preventive maintenance (issue 21, ADR 023): the due list, the dashboard's counts and the
 * on-demand run. Scoped as customers are (a regional role sees its region); a unit's open request
 * is read through the units module.
 */
import type { Db } from '#server/db/client.ts';
import type { Actor } from '#server/lib/auth.ts';
import { forbidden } from '#server/lib/errors.ts';
import { col, type ExportTable, inGroups, none } from '#server/lib/export/columns.ts';
import { cappedWindow, type Window } from '#server/lib/paging.ts';
import type { UnitService } from '#server/modules/units/service.ts';
import type { DueItem, DueListQuery, MaintenanceCounts, RunPreview, RunResult } from '#shared/contracts/maintenance.ts';
import { addDays, dueState, todayIn } from '#shared/domain/maintenance.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';
import type { MaintenanceRun } from './run.ts';

const DUE_COLUMNS = [
  col<DueItem>('nextDueOn', (d) => d.nextDueOn, 'date'),
  col<DueItem>('dueState', (d, say) => say(`export.value.dueState.${d.state}`), 'text', 14),
  col<DueItem>('customer', (d) => d.customer.name),
  col<DueItem>('phone', (d) => d.customer.primaryPhone, 'text', 14),
  col<DueItem>('region', (d) => d.customer.regionName, 'text', 16),
  col<DueItem>('brand', (d) => d.product.brand, 'text', 14),
  col<DueItem>('product', (d) => d.product.name),
  col<DueItem>('serial', (d) => d.serialNumber, 'text', 18),
  col<DueItem>(
    'dueParts',
    (d, say) => d.dueParts.map((p) => (p.name === 'AMC visit' ? say('export.value.amcVisit') : p.name)).join(', '),
    'text',
    36,
  ),
  col<DueItem>(
    'cover',
    (d, say) => (d.contract ? say(`maintenance.contractType.${d.contract.type}`) : say('export.value.chargeable')),
    'text',
    18,
  ),
];

export class MaintenanceService {
  constructor(
    private readonly db: Db,
    /** The time zone "today" is taken in (config TZ). */
    private readonly timeZone: string,
    /** The units' scope and open requests. */
    private readonly units: UnitService,
    /** The run an operator starts (POST /maintenance/run). */
    private readonly runner: MaintenanceRun,
  ) {}

  today(): string {
    return todayIn(this.timeZone);
  }

  async due(
    actor: Actor,
    q: DueListQuery & { page?: number; pageSize?: number },
  ): Promise<{ items: DueItem[]; total: number; window: Window }> {
    const window = cappedWindow(q);
    const today = this.today();
    const filter = this.filterOf(actor, q, today);
    if (!filter) return { items: [], total: 0, window };
    const [rows, total] = await Promise.all([repo.dueUnits(this.db, filter, window), repo.countDue(this.db, filter)]);
    return { items: await this.itemsOf(rows, filter.horizon, today), total, window };
  }

  /** The due list's filter for `q` within the actor's reach; null when it reaches nothing. */
  private filterOf(actor: Actor, q: DueListQuery, today: string): repo.DueFilter | null {
    const scope = this.units.regionOf(actor);
    if (scope && q.regionId && q.regionId !== scope) return null;
    return {
      horizon: addDays(today, Number(q.within ?? 30)),
      regionId: scope ?? q.regionId ?? null,
      ...(q.state === 'OVERDUE' ? { before: today } : {}),
      ...(q.state === 'DUE_SOON' ? { from: today } : {}),
    };
  }

  /** Every unit the due list would show for `q`, all pages, as a download (ADR 037). */
  exportDue(actor: Actor, q: DueListQuery): ExportTable<DueItem> {
    const today = this.today();
    const filter = this.filterOf(actor, q, today);
    return {
      name: 'maintenance-due',
      sheet: 'maintenanceDue',
      columns: DUE_COLUMNS,
      // The parts, cover and open request of 500 units at a time, as the list reads a page's.
      rows: filter
        ? inGroups(repo.streamDue(this.db, filter), 500, (group) => this.itemsOf(group, filter.horizon, today))
        : none(),
    };
  }

  /** The list's items for these due units: their due parts, cover and open request. */
  private async itemsOf(rows: repo.DueRow[], horizon: string, today: string): Promise<DueItem[]> {
    const ids = rows.map((r) => r.unit_id);
    const [parts, covering, open] = await Promise.all([
      repo.dueScheduleOf(this.db, ids, horizon),
      repo.coveringContracts(this.db, ids, today),
      this.units.openRequestsOf(ids),
    ]);
    return rows.map((r): DueItem => {
      const contract = covering.find((c) => c.unitId === r.unit_id) ?? null;
      return {
        unitId: r.unit_id,
        serialNumber: r.serial_number,
        customer: {
          id: r.customer_id,
          name: r.customer_name,
          primaryPhone: r.primary_phone,
          phoneNumbers: r.phone_numbers ?? [],
          regionId: r.region_id,
          regionName: r.region_name,
        },
        product: { id: r.product_id, name: r.product_name, brand: r.product_brand },
        dueParts: parts
          .filter((p) => p.unit_id === r.unit_id)
          .map((p) => ({
            id: p.part_id ?? p.contract_id ?? p.id,
            name: p.name,
            nextDueOn: p.next_due_on,
            state: dueState(p.next_due_on, today),
          })),
        nextDueOn: r.next_due_on,
        state: dueState(r.next_due_on, today),
        contract: contract ? { id: contract.id, type: contract.type, endsOn: contract.endsOn } : null,
        chargeable: !contract,
        openRequestId: open.get(r.unit_id) ?? null,
      };
    });
  }

  async counts(actor: Actor): Promise<MaintenanceCounts> {
    const today = this.today();
    const counts = await repo.counts(this.db, today, addDays(today, 7), addDays(today, 30), this.units.regionOf(actor));
    return { ...counts, runLeadDays: this.runner.leadDays };
  }

  /**
   * The run on demand: a regional caller runs its own region (asking for another is refused),
   * anyone else the region asked for, or every region. The audit trail records the caller. A dry
   * run (issue 33 item 2) answers what the run would raise for the same region, writing nothing.
   */
  async run(actor: Actor, regionId: string | undefined, ip: string, dryRun = false): Promise<RunResult | RunPreview> {
    const own = this.units.regionOf(actor);
    if (own && regionId && regionId !== own) throw forbidden(ERR.runOutOfRegion);
    if (dryRun) return this.runner.preview(own ?? regionId ?? null);
    return this.runner.run(own ?? regionId ?? null, { id: actor.id, email: actor.email, ip });
  }
}
