/**
 * Installed units (issue 21, ADR 023): a customer's units, their schedules and history,
 * correcting their dates, installing one; what a completed visit did to one is visit.ts's. Units
 * are scoped through their customer exactly as customers are: out of scope answers 404. A unit's
 * requests (its history, its open request) are those its reader may read elsewhere (ADR 031). A
 * technician's installs and every serial number go through install.ts (issue 31, ADR 031). Every
 * change writes an audit row in its transaction; a unit's earliest due date (`units.next_due_on`,
 * the due list's index) is kept here whenever its schedule changes.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import type { ExportTable } from '#server/lib/export/columns.ts';
import { cappedWindow } from '#server/lib/paging.ts';
import type { ProductService } from '#server/modules/products/service.ts';
import type { UnitCreateBody, UnitDetails, UnitItem, UnitPatchBody } from '#shared/contracts/units.ts';
import { amcVisitDates, type ContractType, nextDueOn, todayIn } from '#shared/domain/maintenance.ts';
import { hasCapability, regionalScopeOf } from '#shared/domain/permissions.ts';
import { ROLE } from '#shared/domain/roles.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { unitsExport } from './export.ts';
import * as history from './history.repository.ts';
import { assertTechnicianEdit, assertTechnicianInstall, holderOutOfReach, recordSerialRefused } from './install.ts';
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
    /**
     * Which requests a reader reaches: service-requests' `scopeFor`, passed in as data by the
     * composition root (service-requests imports this module; ADR 031).
     */
    private readonly requestReach: (actor: Actor) => history.RequestReach,
    /**
     * PUBLIC_URL: a unit's QR page is `PUBLIC_URL/s/<code>` (null without one); the base of a job
     * sheet's public link too (RequestService, ADR 048).
     */
    readonly publicBase: string | null = null,
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
    return (await this.reachesCustomerIn(tx, actor, customerId, c.regionId)) ? c : undefined;
  }

  /** Does the actor reach this customer of `regionId` (read with it: no second statement for an office reader)? */
  private async reachesCustomerIn(tx: Tx, actor: Actor, customerId: string, regionId: string): Promise<boolean> {
    const region = this.regionOf(actor);
    if (!region || region === regionId) return true;
    return actor.policyRole === ROLE.TECHNICIAN && (await repo.isAssignedToCustomer(tx, actor.id, customerId));
  }

  /** Does the actor reach this customer (and so its units)? */
  async reachesCustomer(tx: Tx, actor: Actor, customerId: string): Promise<boolean> {
    return !!(await this.reachCustomer(tx, actor, customerId));
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
    // The unit's row carries its customer's region: one statement for everyone in that region.
    if (!u || !(await this.reachesCustomerIn(tx, actor, u.customerId, u.regionId))) throw notFound(ERR.unitNotFound);
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
        this.publicBase,
      ),
    );
    return { items, total, window };
  }

  /** Every unit of a customer the actor reaches, as a download (ADR 037); else 404 as the list. */
  async exportUnitsOfCustomer(actor: Actor, customerId: string): Promise<ExportTable<UnitItem>> {
    if (!(await this.reachCustomer(this.db, actor, customerId))) throw notFound(ERR.customerNotFound);
    return unitsExport(repo.streamUnitsOfCustomer(this.db, customerId), this.today());
  }

  async getUnit(actor: Actor, id: string): Promise<UnitDetails> {
    const u = await this.readableUnit(this.db, actor, id);
    const reach = this.requestsReadBy(actor);
    const [schedule, requests, open] = await Promise.all([
      repo.scheduleOf(this.db, [id]),
      history.historyOfUnit(this.db, id, reach),
      history.openRequestsOf(this.db, [id], reach),
    ]);
    return toUnitDetails(u, schedule, requests, open.get(id) ?? null, this.today(), this.publicBase);
  }

  /**
   * A new QR code for the unit (issue 36 item 2, ADR 043): the old sticker's page answers 404
   * from the commit on. The office's (the policy table's stickerManage, by the route's guard) within its region;
   * the audit row names the change, never the code.
   */
  async reissuePublicCode(actor: Actor, id: string, ip: string): Promise<UnitDetails> {
    await this.db.transaction(async (tx) => {
      await repo.lockUnit(tx, id);
      await this.readableUnit(tx, actor, id);
      await repo.reissuePublicCode(tx, id);
      await auditOf(tx, actor, 'unit.publicCode', id, ip, {});
    });
    return this.getUnit(actor, id);
  }

  /**
   * Which of a unit's requests the actor reads (issue 31, item 2; ADR 031): all of them for those
   * who read its customer's history (they are part of it, ADR 015), else the requests of their
   * request scope, those GET /service-requests/:id answers them: nothing a reader could not read.
   */
  private requestsReadBy(actor: Actor): history.RequestReach {
    return hasCapability(actor.policyRole, 'customerHistory') ? { kind: 'all' } : this.requestReach(actor);
  }

  /** The open request of each of these units that has one (the due list's). */
  openRequestsOf(unitIds: string[]): Promise<Map<string, string>> {
    return history.openRequestsOf(this.db, unitIds);
  }

  // ---------------------------------------------------------------- writes

  /**
   * A write that may take a serial number. Its checks found the number free; another write that
   * took it meanwhile answers the words that tell nothing of where (ADR 031).
   */
  private async serialWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'units_serial_active_uq')) throw conflict(ERR.serialHeld);
      throw err;
    }
  }

  /**
   * The active unit the actor cannot reach that holds this serial number (409 when one they reach
   * holds it): the caller records the attempt, commits and answers `ERR.serialHeld`.
   */
  hiddenHolder(tx: Tx, actor: Actor, serialNumber: string, self?: string) {
    return holderOutOfReach(tx, serialNumber, (customerId) => this.reachesCustomer(tx, actor, customerId), self);
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
    const serialNumber = b.serialNumber.trim();
    const id = await this.serialWrite(() =>
      this.db.transaction(async (tx) => {
        if (!(await this.reachCustomer(tx, actor, customerId))) throw notFound(ERR.customerNotFound);
        await this.assertUnitWriter(tx, actor, customerId);
        const technician = actor.policyRole === ROLE.TECHNICIAN;
        if (technician) await assertTechnicianInstall(tx, actor.id, customerId, b.installedOn, this.timeZone);
        const held = await this.hiddenHolder(tx, actor, serialNumber);
        if (held) {
          // Refused, and the refusal kept for the admins: committed, then answered below.
          await recordSerialRefused(tx, actor, ip, { heldBy: held.id, customerId, serialNumber });
          return null;
        }
        return this.installInTx(
          tx,
          actor,
          {
            customerId,
            productId: b.productId,
            serialNumber,
            installedOn: b.installedOn,
            locationNote: b.locationNote ?? null,
            installedById: technician ? actor.id : null,
          },
          ip,
        );
      }),
    );
    if (!id) throw conflict(ERR.serialHeld);
    return this.getUnit(actor, id);
  }

  async updateUnit(actor: Actor, id: string, b: UnitPatchBody, ip: string): Promise<UnitDetails> {
    const serialNumber = b.serialNumber?.trim();
    const done = await this.serialWrite(() =>
      this.db.transaction(async (tx) => {
        const u = await this.writableUnit(tx, actor, id, 'unit');
        if (u.status !== 'ACTIVE') throw conflict(ERR.unitRemoved);
        const today = this.today();
        if (b.installedOn && b.installedOn > today) throw invalid('installedOn', ERR.installedInFuture);
        const newSerial = serialNumber !== undefined && serialNumber.toLowerCase() !== u.serialNumber.toLowerCase();
        if (actor.policyRole === ROLE.TECHNICIAN) {
          const change = { installedOn: b.installedOn, serialNumber: newSerial };
          await assertTechnicianEdit(tx, actor.id, u.customerId, change, this.timeZone);
        }
        const held = newSerial ? await this.hiddenHolder(tx, actor, serialNumber, id) : undefined;
        if (held && newSerial) {
          await recordSerialRefused(tx, actor, ip, {
            heldBy: held.id,
            customerId: u.customerId,
            serialNumber,
            unitId: id,
          });
          return false;
        }
        await repo.updateUnit(tx, id, {
          ...(serialNumber !== undefined ? { serialNumber } : {}),
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
        return true;
      }),
    );
    if (!done) throw conflict(ERR.serialHeld);
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
}
