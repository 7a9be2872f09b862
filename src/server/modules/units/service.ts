/**
 * Installed units (issue 21, ADR 023): a customer's units, their schedules and history,
 * correcting their dates, installing one, and what a completed visit did to one (the visit
 * subscriber, visit.ts). Units are scoped through their customer exactly as customers are: out of
 * scope answers 404. Every change writes an audit row in its transaction; a unit's earliest due
 * date (`units.next_due_on`, the due list's index) is kept here whenever its schedule changes.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import { cappedWindow } from '#server/lib/paging.ts';
import type { ProductService } from '#server/modules/products/service.ts';
import type {
  CompletionExtras,
  UnitCreateBody,
  UnitDetails,
  UnitItem,
  UnitPatchBody,
} from '#shared/contracts/units.ts';
import {
  amcVisitDates,
  type ContractType,
  daysBetween,
  nextAmcVisit,
  nextDueOn,
  todayIn,
} from '#shared/domain/maintenance.ts';
import { hasCapability, regionalScopeOf } from '#shared/domain/permissions.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { toUnitDetails, toUnitItem } from './mapper.ts';
import * as repo from './repository.ts';

/** The audit row every change here writes. */
function auditOf(
  tx: Tx,
  actor: Pick<Actor, 'id' | 'email'>,
  action: string,
  id: string,
  ip: string | null,
  details: Record<string, unknown>,
) {
  return audit(tx, {
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType: 'unit',
    entityId: id,
    ip,
    details,
  });
}

export class UnitService {
  constructor(
    private readonly db: Db,
    /** The time zone "today" is taken in (config TZ). */
    private readonly timeZone: string,
    /** The catalogue a unit is installed from (its product and the parts its schedule starts with). */
    private readonly products: ProductService,
  ) {}

  today(): string {
    return todayIn(this.timeZone);
  }

  /** The region the caller is limited to, or null for everything (as customers). */
  regionOf(actor: Actor): string | null {
    return regionFilterOf(actor, regionalScopeOf(actor.policyRole));
  }

  // ---------------------------------------------------------------- reach and permission

  /** The customer, if the actor reaches it (regional scope, or a technician on one of its requests). */
  private async reachCustomer(tx: Tx, actor: Actor, customerId: string) {
    const c = await repo.customerOf(tx, customerId);
    if (!c) return undefined;
    const region = this.regionOf(actor);
    if (!region || region === c.regionId) return c;
    if (actor.policyRole === ROLE.TECHNICIAN && (await repo.isAssignedToCustomer(tx, actor.id, customerId))) return c;
    return undefined;
  }

  /**
   * May the actor change this customer's units? Customer editors, or the technician on one of its
   * requests while that request is still in their hands (not once it is acknowledged or moved on).
   */
  private async assertUnitWriter(tx: Tx, actor: Actor, customerId: string) {
    if (hasCapability(actor.policyRole, 'customerManage')) return;
    if (actor.policyRole === ROLE.TECHNICIAN && (await repo.isAssignedToCustomer(tx, actor.id, customerId, true)))
      return;
    throw forbidden(ERR.unitWriteRefused);
  }

  /** A unit the actor may read, or 404 (its contracts are read through it). */
  async readableUnit(tx: Tx, actor: Actor, id: string): Promise<repo.UnitRow> {
    const u = await repo.findUnit(tx, id);
    if (!u || !(await this.reachCustomer(tx, actor, u.customerId))) throw notFound(ERR.unitNotFound);
    return u;
  }

  /**
   * The unit a write is about, locked until the transaction ends: 404 when it is missing or out
   * of the actor's reach (as a read answers), then 403 when the actor may read it but not make
   * this change. `unit`: its own fields, for customer editors or the technician on one of the
   * customer's requests; `contracts`: its contracts, for customer editors only.
   */
  async writableUnit(tx: Tx, actor: Actor, id: string, change: 'unit' | 'contracts'): Promise<repo.UnitRow> {
    await repo.lockUnit(tx, id);
    const u = await this.readableUnit(tx, actor, id);
    if (change === 'unit') await this.assertUnitWriter(tx, actor, u.customerId);
    else if (!hasCapability(actor.policyRole, 'customerManage')) throw forbidden(ERR.contractWriteRefused);
    return u;
  }

  /** A request's unit must be one of its customer's units (400 otherwise). */
  async assertUnitOfCustomer(tx: Tx, unitId: string, customerId: string): Promise<void> {
    const unit = await repo.findUnit(tx, unitId);
    if (!unit || unit.customerId !== customerId) throw invalid('unitId', ERR.unitNotOfCustomer);
  }

  // ---------------------------------------------------------------- reads

  async unitsOfCustomer(actor: Actor, customerId: string, q: { page?: number; pageSize?: number }) {
    if (!(await this.reachCustomer(this.db, actor, customerId))) throw notFound(ERR.customerNotFound);
    const window = cappedWindow(q);
    const { rows, total } = await repo.unitsOfCustomer(this.db, customerId, window);
    const schedule = await repo.scheduleOf(
      this.db,
      rows.map((r) => r.id),
    );
    const today = this.today();
    const items: UnitItem[] = rows.map((u) =>
      toUnitItem(
        u,
        schedule.filter((s) => s.unitId === u.id),
        today,
      ),
    );
    return { items, total, window };
  }

  async getUnit(actor: Actor, id: string): Promise<UnitDetails> {
    const u = await this.readableUnit(this.db, actor, id);
    const [schedule, history, open] = await Promise.all([
      repo.scheduleOf(this.db, [id]),
      repo.historyOfUnit(this.db, id),
      repo.openRequestsOf(this.db, [id]),
    ]);
    return toUnitDetails(u, schedule, history, open.get(id) ?? null, this.today());
  }

  /** The open request of each of these units that has one (the due list's). */
  openRequestsOf(unitIds: string[]): Promise<Map<string, string>> {
    return repo.openRequestsOf(this.db, unitIds);
  }

  // ---------------------------------------------------------------- writes

  private async serialWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'units_serial_active_uq')) throw conflict(ERR.serialDuplicate);
      throw err;
    }
  }

  /**
   * Install a unit (inside the caller's transaction): its schedule starts at the installation,
   * one row per part of the product.
   */
  async installInTx(tx: Tx, by: Pick<Actor, 'id' | 'email'>, v: repo.NewUnit, ip: string | null): Promise<string> {
    if (v.installedOn > this.today()) throw invalid('installedOn', ERR.installedInFuture);
    if (!(await this.products.exists(tx, v.productId))) throw invalid('productId', ERR.productNotFound);
    const id = await repo.insertUnit(tx, v);
    const parts = await this.products.partsOf(tx, v.productId);
    await repo.insertScheduleRows(
      tx,
      parts.map((p) => ({
        unitId: id,
        partId: p.id,
        lastChangedOn: v.installedOn,
        nextDueOn: nextDueOn(v.installedOn, p.intervalMonths),
      })),
    );
    await repo.refreshUnitDue(tx, id);
    await auditOf(tx, by, 'unit.create', id, ip, {
      customerId: v.customerId,
      productId: v.productId,
      serialNumber: v.serialNumber,
    });
    return id;
  }

  async createUnit(actor: Actor, customerId: string, b: UnitCreateBody, ip: string): Promise<UnitDetails> {
    const id = await this.serialWrite(() =>
      this.db.transaction(async (tx) => {
        if (!(await this.reachCustomer(tx, actor, customerId))) throw notFound(ERR.customerNotFound);
        await this.assertUnitWriter(tx, actor, customerId);
        return this.installInTx(
          tx,
          actor,
          {
            customerId,
            productId: b.productId,
            serialNumber: b.serialNumber.trim(),
            installedOn: b.installedOn,
            locationNote: b.locationNote ?? null,
            installedById: actor.policyRole === ROLE.TECHNICIAN ? actor.id : null,
          },
          ip,
        );
      }),
    );
    return this.getUnit(actor, id);
  }

  async updateUnit(actor: Actor, id: string, b: UnitPatchBody, ip: string): Promise<UnitDetails> {
    await this.serialWrite(() =>
      this.db.transaction(async (tx) => {
        const u = await this.writableUnit(tx, actor, id, 'unit');
        if (u.status !== 'ACTIVE') throw conflict(ERR.unitRemoved);
        const today = this.today();
        if (b.installedOn && b.installedOn > today) throw invalid('installedOn', ERR.installedInFuture);
        await repo.updateUnit(tx, id, {
          ...(b.serialNumber !== undefined ? { serialNumber: b.serialNumber.trim() } : {}),
          ...(b.installedOn !== undefined ? { installedOn: b.installedOn } : {}),
          ...(b.locationNote !== undefined ? { locationNote: b.locationNote } : {}),
        });
        if (b.schedule?.length) {
          const rows = await repo.scheduleOf(tx, [id]);
          for (const change of b.schedule) {
            const row = rows.find((r) => r.partId === change.partId);
            if (!row || row.intervalMonths == null) throw invalid('schedule', ERR.partNotOfUnit);
            if (change.lastChangedOn > today) throw invalid('schedule', ERR.changeInFuture);
            await repo.setScheduleRow(tx, row.id, {
              lastChangedOn: change.lastChangedOn,
              nextDueOn: nextDueOn(change.lastChangedOn, row.intervalMonths),
            });
          }
          await repo.refreshUnitDue(tx, id);
        }
        await auditOf(tx, actor, 'unit.update', id, ip, {
          changed: Object.keys(b).filter((k) => b[k as keyof UnitPatchBody] !== undefined),
        });
      }),
    );
    return this.getUnit(actor, id);
  }

  /** REMOVED: it stays, with its history, but is no longer due and frees its serial number. */
  async removeUnit(actor: Actor, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const u = await this.writableUnit(tx, actor, id, 'unit');
      if (u.status === 'REMOVED') return;
      await repo.updateUnit(tx, id, { status: 'REMOVED', removedAt: new Date() });
      await auditOf(tx, actor, 'unit.remove', id, ip, { serialNumber: u.serialNumber });
    });
  }

  /** A contract's AMC visit row, in the contract's transaction: due at its next visit not yet done. */
  async scheduleAmc(
    tx: Tx,
    c: {
      id: string;
      unitId: string;
      type: ContractType;
      startsOn: string;
      endsOn: string;
      visitsPerYear: number;
      status: string;
    },
  ): Promise<void> {
    await repo.deleteScheduleOfContract(tx, c.id);
    if (c.type === 'AMC' && c.status === 'ACTIVE' && c.visitsPerYear > 0) {
      const first = amcVisitDates(c.startsOn, c.endsOn, c.visitsPerYear)[0] ?? null;
      await repo.insertScheduleRows(tx, [
        { unitId: c.unitId, contractId: c.id, lastChangedOn: null, nextDueOn: first },
      ]);
    }
    await repo.refreshUnitDue(tx, c.unitId);
  }

  // ---------------------------------------------------------------- a completed visit

  /**
   * What a completed visit did to the installed base, in the completion's transaction: the
   * replaced parts restart their interval at the completion date, the spare parts are recorded,
   * a due AMC visit counts as done, and an INSTALLATION can install the unit. Answers the unit
   * the visit was about (null when none).
   */
  async recordVisit(
    tx: Tx,
    actor: Actor,
    request: { id: string; type: string; customerId: string; unitId: string | null },
    extras: CompletionExtras,
    ip: string,
  ): Promise<{ unitId: string | null }> {
    const today = this.today();
    let unitId = extras.unitId ?? request.unitId;
    if (extras.installedUnit) {
      if (request.type !== 'INSTALLATION') throw invalid('installedUnit', ERR.installNeedsInstallation);
      try {
        unitId = await this.installInTx(
          tx,
          actor,
          {
            customerId: request.customerId,
            productId: extras.installedUnit.productId,
            serialNumber: extras.installedUnit.serialNumber.trim(),
            installedOn: today,
            locationNote: extras.installedUnit.locationNote?.trim() || null,
            installedById: actor.id,
          },
          ip,
        );
      } catch (err) {
        if (isUniqueViolation(err, 'units_serial_active_uq')) throw conflict(ERR.serialDuplicate);
        throw err;
      }
    }
    const parts = extras.partsReplaced ?? [];
    if (!unitId) {
      if (parts.length) throw invalid('partsReplaced', ERR.partsNeedUnit);
      if (extras.spareParts?.length)
        await repo.insertWorkParts(
          tx,
          extras.spareParts.map((s) => ({
            requestId: request.id,
            unitId: null,
            partId: null,
            name: s.name,
            quantity: s.quantity,
          })),
        );
      return { unitId: null };
    }
    const unit = await repo.findUnit(tx, unitId);
    if (!unit || unit.customerId !== request.customerId) throw invalid('unitId', ERR.unitNotOfCustomer);
    const schedule = await repo.scheduleOf(tx, [unitId]);
    const replaced: repo.ScheduleJoined[] = [];
    for (const partId of new Set(parts)) {
      const row = schedule.find((s) => s.partId === partId);
      if (!row || row.intervalMonths == null) throw invalid('partsReplaced', ERR.partNotOfUnit);
      replaced.push(row);
    }
    for (const row of replaced) {
      await repo.setScheduleRow(tx, row.id, {
        lastChangedOn: today,
        nextDueOn: nextDueOn(today, row.intervalMonths as number),
      });
    }
    // A SERVICE visit while an AMC visit is due (or close: within 30 days) counts as that visit.
    if (request.type === 'SERVICE') {
      for (const row of schedule.filter((s) => s.contractId && s.nextDueOn && daysBetween(today, s.nextDueOn) <= 30)) {
        const c = await repo.findContract(tx, row.contractId as string);
        if (!c) continue;
        const done = row.visitsDone + 1;
        await repo.setScheduleRow(tx, row.id, {
          lastChangedOn: today,
          visitsDone: done,
          nextDueOn: nextAmcVisit(c.startsOn, c.endsOn, c.visitsPerYear, done),
        });
      }
    }
    await repo.insertWorkParts(tx, [
      ...replaced.map((r) => ({
        requestId: request.id,
        unitId,
        partId: r.partId,
        name: r.partName ?? '',
        quantity: 1,
      })),
      ...(extras.spareParts ?? []).map((s) => ({
        requestId: request.id,
        unitId,
        partId: null,
        name: s.name,
        quantity: s.quantity,
      })),
    ]);
    await repo.refreshUnitDue(tx, unitId);
    if (replaced.length || extras.spareParts?.length) {
      await auditOf(tx, actor, 'unit.service', unitId, ip, {
        requestId: request.id,
        partsReplaced: replaced.map((r) => r.partId),
        spareParts: extras.spareParts?.length ?? 0,
      });
    }
    return { unitId };
  }
}
