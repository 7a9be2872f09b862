/**
 * Contracts of units (issue 21, ADR 023): AMC and warranty. A contract is read and written
 * through its unit (the units module's reach: out of scope answers 404), written by customer
 * editors only; an active AMC's next visit is a row of the unit's schedule. Every change writes
 * an audit row in its transaction.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, invalid, notFound } from '#server/lib/errors.ts';
import { col, type ExportTable } from '#server/lib/export/columns.ts';
import { cappedWindow } from '#server/lib/paging.ts';
import type { UnitService } from '#server/modules/units/service.ts';
import type { ContractBody, ContractItem, ContractPatchBody, ExpiringContract } from '#shared/contracts/contracts.ts';
import {
  addDays,
  CONTRACT_EARLIEST_DATE,
  type ContractType,
  contractPeriodProblem,
  daysBetween,
  todayIn,
} from '#shared/domain/maintenance.ts';
import enServer from '#shared/i18n/locales/en-IN/server.json' with { type: 'json' };
import { type CatalogueText, ERR } from '#shared/i18n/server-messages.ts';

const CONTRACT_TYPE_EN: Record<ContractType, string> = enServer.maintenance.contractType;

import * as repo from './repository.ts';

export function toContractItem(c: repo.ContractRow): ContractItem {
  return {
    id: c.id,
    unitId: c.unitId,
    type: c.type,
    startsOn: c.startsOn,
    endsOn: c.endsOn,
    visitsPerYear: c.visitsPerYear,
    partsIncluded: c.partsIncluded,
    price: c.price,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
  };
}

/** The expiring list's columns; `today` counts the days left. */
function expiringColumns(today: string) {
  type R = repo.ExpiringRow;
  return [
    col<R>('contract', (r, say) => say(`maintenance.contractType.${r.contract.type}`), 'text', 18),
    col<R>('customer', (r) => r.customerName),
    col<R>('phone', (r) => r.customerPhone, 'text', 14),
    col<R>('region', (r) => r.regionName, 'text', 16),
    col<R>('brand', (r) => r.productBrand, 'text', 14),
    col<R>('product', (r) => r.productName),
    col<R>('serial', (r) => r.serialNumber, 'text', 18),
    col<R>('startsOn', (r) => r.contract.startsOn, 'date'),
    col<R>('endsOn', (r) => r.contract.endsOn, 'date'),
    col<R>('daysLeft', (r) => daysBetween(today, r.contract.endsOn), 'number'),
    col<R>('visitsPerYear', (r) => r.contract.visitsPerYear, 'number'),
    col<R>('partsIncluded', (r, say) => say(r.contract.partsIncluded ? 'export.value.yes' : 'export.value.no')),
    col<R>('price', (r) => r.contract.price, 'money'),
    col<R>('status', (r, say) => say(`export.value.contractStatus.${r.contract.status}`), 'text', 12),
  ];
}

/** The audit row every change here writes. */
function auditOf(tx: Tx, actor: Actor, action: string, id: string, ip: string, details: Record<string, unknown>) {
  return audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType: 'contract',
    entityId: id,
    ip,
    details,
  });
}

/**
 * A period's bounds (issue 31 item 6), checked here as well as in the contracts' schemas: a PATCH
 * with one date is judged against the contract's other date, which only the service knows.
 */
function checkPeriod(startsOn: string, endsOn: string): void {
  switch (contractPeriodProblem(startsOn, endsOn)) {
    case 'tooEarly':
      throw invalid(startsOn < CONTRACT_EARLIEST_DATE ? 'startsOn' : 'endsOn', ERR.contractDateTooEarly);
    case 'endsBeforeStart':
      throw invalid('endsOn', ERR.contractEndsBeforeStart);
    case 'tooLong':
      throw invalid('endsOn', ERR.contractTooLong);
    default:
  }
}

/** A refusal's dates in English: "1 Dec 2026", the year always (the catalogue's `maintenance.date`). */
const EN_DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar date as a catalogue text: en-IN "1 Dec 2026", in the reader's language when rendered. */
function dateText(iso: string): CatalogueText {
  const at = Date.parse(`${iso}T00:00:00Z`);
  return { key: 'maintenance.date', text: EN_DATE.format(at), params: { at } };
}

/**
 * The refusal of an overlapping period (issue 33 item 3): it names the active contract in the way
 * (its type and dates) and the first day a new one of that type may start.
 */
function overlapError(c: { type: ContractType; startsOn: string; endsOn: string }) {
  return conflict(
    ERR.contractOverlap({
      contract: { key: `maintenance.contractType.${c.type}`, text: CONTRACT_TYPE_EN[c.type], params: {} },
      startsOn: dateText(c.startsOn),
      endsOn: dateText(c.endsOn),
      nextStart: dateText(addDays(c.endsOn, 1)),
    }),
  );
}

export class ContractService {
  constructor(
    private readonly db: Db,
    /** The time zone "today" is taken in (config TZ). */
    private readonly timeZone: string,
    /** The unit a contract is of: its reach, its lock, its schedule. */
    private readonly units: UnitService,
  ) {}

  today(): string {
    return todayIn(this.timeZone);
  }

  async contractsOf(actor: Actor, unitId: string): Promise<ContractItem[]> {
    await this.units.readableUnit(this.db, actor, unitId);
    return (await repo.contractsOfUnit(this.db, unitId)).map(toContractItem);
  }

  async createContract(actor: Actor, unitId: string, b: ContractBody, ip: string): Promise<ContractItem> {
    checkPeriod(b.startsOn, b.endsOn);
    const id = await this.db.transaction(async (tx) => {
      const u = await this.units.writableUnit(tx, actor, unitId, 'contracts');
      if (u.status !== 'ACTIVE') throw conflict(ERR.unitRemoved);
      const clash = await repo.overlapping(tx, unitId, b.type, b.startsOn, b.endsOn);
      if (clash) throw overlapError(clash);
      const values = {
        unitId,
        type: b.type,
        startsOn: b.startsOn,
        endsOn: b.endsOn,
        visitsPerYear: Number(b.visitsPerYear ?? 0),
        partsIncluded: b.partsIncluded ?? false,
        price: Number(b.price),
        status: (b.endsOn < this.today() ? 'EXPIRED' : 'ACTIVE') as 'ACTIVE' | 'EXPIRED',
        createdById: actor.id,
      };
      const id = await repo.insertContract(tx, values);
      await this.units.scheduleAmc(tx, { id, ...values });
      await auditOf(tx, actor, 'contract.create', id, ip, {
        unitId,
        type: b.type,
        startsOn: b.startsOn,
        endsOn: b.endsOn,
        price: values.price,
      });
      return id;
    });
    return toContractItem((await repo.findContract(this.db, id)) as repo.ContractRow);
  }

  async updateContract(actor: Actor, id: string, b: ContractPatchBody, ip: string): Promise<ContractItem> {
    await this.db.transaction(async (tx) => {
      const found = await repo.findContract(tx, id);
      if (!found) throw notFound(ERR.contractNotFound);
      await this.units.writableUnit(tx, actor, found.unitId, 'contracts');
      // Read again under the unit's lock: a concurrent change to the contract has committed.
      const c = (await repo.findContract(tx, id)) as repo.ContractRow;
      const next = {
        startsOn: b.startsOn ?? c.startsOn,
        endsOn: b.endsOn ?? c.endsOn,
        visitsPerYear: b.visitsPerYear !== undefined ? Number(b.visitsPerYear) : c.visitsPerYear,
        partsIncluded: b.partsIncluded ?? c.partsIncluded,
        price: b.price !== undefined ? Number(b.price) : c.price,
        status: b.status ?? (c.status === 'CANCELLED' ? 'CANCELLED' : c.status),
      };
      // A change of dates is judged whole; one leaving them alone (a price, a cancellation) is
      // not, so a contract stored before the bounds can still be cancelled.
      if (b.startsOn !== undefined || b.endsOn !== undefined) checkPeriod(next.startsOn, next.endsOn);
      if (b.status === 'ACTIVE' && next.endsOn < this.today()) next.status = 'EXPIRED';
      const clash =
        next.status === 'ACTIVE' && (await repo.overlapping(tx, c.unitId, c.type, next.startsOn, next.endsOn, id));
      if (clash) throw overlapError(clash);
      await repo.updateContract(tx, id, next);
      await this.units.scheduleAmc(tx, { id, unitId: c.unitId, type: c.type, ...next });
      await auditOf(tx, actor, 'contract.update', id, ip, {
        changed: Object.keys(b).filter((k) => b[k as keyof ContractPatchBody] !== undefined),
        ...(b.status && b.status !== c.status ? { status: { from: c.status, to: b.status } } : {}),
      });
    });
    return toContractItem((await repo.findContract(this.db, id)) as repo.ContractRow);
  }

  /** Every contract the expiring list would show for `q`, all pages, as a download (ADR 037). */
  exportExpiring(actor: Actor, q: { within?: number }): ExportTable<repo.ExpiringRow> {
    const today = this.today();
    const filter = { regionId: this.units.regionOf(actor), from: today, to: addDays(today, q.within ?? 30) };
    return {
      name: 'expiring-contracts',
      sheet: 'expiringContracts',
      columns: expiringColumns(today),
      rows: repo.streamExpiring(this.db, filter),
    };
  }

  async expiring(actor: Actor, q: { within?: number; page?: number; pageSize?: number }) {
    const today = this.today();
    const window = cappedWindow(q);
    const { rows, total } = await repo.expiringContracts(
      this.db,
      { regionId: this.units.regionOf(actor), from: today, to: addDays(today, q.within ?? 30) },
      window,
    );
    const items: ExpiringContract[] = rows.map((r) => ({
      ...toContractItem(r.contract),
      customer: { id: r.customerId, name: r.customerName, primaryPhone: r.customerPhone, regionName: r.regionName },
      product: { name: r.productName, brand: r.productBrand },
      serialNumber: r.serialNumber,
      daysLeft: daysBetween(today, r.contract.endsOn),
    }));
    return { items, total, window };
  }
}
