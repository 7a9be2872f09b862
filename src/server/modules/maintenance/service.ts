/**
 * The installed base's use-cases (issue 21, ADR 023): products (admins write), units and their
 * schedules, contracts, the due list. Units are scoped through their customer exactly as
 * customers are (decisions.md): out of scope answers 404. Every change writes an audit row in its
 * transaction; a unit's earliest due date (`units.next_due_on`, the due list's index) is kept
 * here whenever its schedule changes.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import { cappedWindow, containsPattern, type Window } from '#server/lib/paging.ts';
import {
  type ContractBody,
  type ContractItem,
  type ContractPatchBody,
  type DueItem,
  type DueListQuery,
  type ExpiringContract,
  MAINTENANCE_MESSAGES as M,
  type MaintenanceCounts,
  type ProductBody,
  type ProductItem,
  type ScheduleRow,
  type UnitCreateBody,
  type UnitDetails,
  type UnitItem,
  type UnitPatchBody,
} from '#shared/contracts/maintenance.ts';
import {
  addDays,
  amcVisitDates,
  type ContractType,
  daysBetween,
  dueState,
  nextAmcVisit,
  nextDueOn,
  todayIn,
  warrantyEndsOn,
} from '#shared/domain/maintenance.ts';
import { hasCapability, regionalScopeOf } from '#shared/domain/permissions.ts';
import { ROLE } from '#shared/domain/roles.ts';
import * as repo from './repository.ts';

type Row<T> = T extends (infer U)[] ? U : never;

export function toProductItem(p: repo.ProductRow, parts: repo.PartRow[], unitCount: number): ProductItem {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    technology: p.technology,
    warrantyMonths: p.warrantyMonths,
    parts: parts.map((x) => ({ id: x.id, name: x.name, intervalMonths: x.intervalMonths })),
    unitCount,
    createdAt: p.createdAt.toISOString(),
  };
}

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

function toScheduleRow(s: repo.ScheduleJoined, today: string): ScheduleRow {
  return {
    id: s.id,
    partId: s.partId,
    contractId: s.contractId,
    name: s.partName ?? 'AMC visit',
    intervalMonths: s.intervalMonths,
    lastChangedOn: s.lastChangedOn,
    nextDueOn: s.nextDueOn,
    state: dueState(s.nextDueOn, today),
  };
}

function toUnitItem(u: repo.UnitRow, schedule: repo.ScheduleJoined[], today: string): UnitItem {
  return {
    id: u.id,
    customerId: u.customerId,
    customer: {
      id: u.customerId,
      name: u.customerName,
      primaryPhone: u.customerPhone,
      regionId: u.regionId,
      regionName: u.regionName,
    },
    productId: u.productId,
    product: { id: u.productId, name: u.productName, brand: u.productBrand, technology: u.technology },
    serialNumber: u.serialNumber,
    installedOn: u.installedOn,
    locationNote: u.locationNote,
    status: u.status,
    warrantyEndsOn: warrantyEndsOn(u.installedOn, u.warrantyMonths),
    nextDueOn: u.status === 'ACTIVE' ? u.nextDueOn : null,
    state: u.status === 'ACTIVE' ? dueState(u.nextDueOn, today) : 'OK',
    schedule: schedule.map((s) => toScheduleRow(s, today)),
    createdAt: u.createdAt.toISOString(),
  };
}

/** The audit row every change here writes. */
function auditOf(
  tx: Tx,
  actor: Pick<Actor, 'id' | 'email'>,
  action: string,
  type: string,
  id: string,
  ip: string | null,
  details: Record<string, unknown>,
) {
  return audit(tx, { actorId: actor.id, actorEmail: actor.email, action, entityType: type, entityId: id, ip, details });
}

export class MaintenanceService {
  constructor(
    private readonly db: Db,
    /** The time zone "today" is taken in (config TZ, IST by default). */
    private readonly timeZone = 'Asia/Kolkata',
  ) {}

  today(): string {
    return todayIn(this.timeZone);
  }

  /** The region the caller is limited to, or null for everything (as customers). */
  regionOf(actor: Actor): string | null {
    return regionFilterOf(actor, regionalScopeOf(actor.policyRole));
  }

  // ---------------------------------------------------------------- products

  async listProducts(q: { page?: number; pageSize?: number; search?: string }) {
    const window = cappedWindow(q);
    const { rows, total } = await repo.listProducts(this.db, q.search ? containsPattern(q.search) : undefined, window);
    const ids = rows.map((r) => r.id);
    const [parts, counts] = await Promise.all([repo.partsOf(this.db, ids), repo.unitCounts(this.db, ids)]);
    const items = rows.map((p) =>
      toProductItem(
        p,
        parts.filter((x) => x.productId === p.id),
        counts.get(p.id) ?? 0,
      ),
    );
    return { items, total, window };
  }

  async getProduct(id: string, db: Tx = this.db): Promise<ProductItem> {
    const p = await repo.findProduct(db, id);
    if (!p) throw notFound('Product');
    const [parts, counts] = await Promise.all([repo.partsOf(db, [id]), repo.unitCounts(db, [id])]);
    return toProductItem(p, parts, counts.get(id) ?? 0);
  }

  private productValues(b: ProductBody) {
    const name = b.name.trim();
    const brand = b.brand.trim();
    return {
      name,
      brand,
      technology: b.technology,
      warrantyMonths: Number(b.warrantyMonths ?? 12),
      searchText: `${brand} ${name}`.toLowerCase(),
    };
  }

  private async productWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'products_brand_name_uq'))
        throw conflict('A product with this brand and name already exists');
      throw err;
    }
  }

  async createProduct(actor: Actor, b: ProductBody, ip: string): Promise<ProductItem> {
    const id = await this.productWrite(() =>
      this.db.transaction(async (tx) => {
        const id = await repo.insertProduct(tx, this.productValues(b));
        let position = 0;
        for (const part of b.parts) {
          await repo.insertPart(tx, {
            productId: id,
            name: part.name,
            intervalMonths: Number(part.intervalMonths),
            position: position++,
          });
        }
        await auditOf(tx, actor, 'product.create', 'product', id, ip, { name: b.name, brand: b.brand });
        return id;
      }),
    );
    return this.getProduct(id);
  }

  /**
   * Replace a product's fields and parts: a part sent with its id is kept (and its schedules
   * follow a new interval), one without an id is new (every active unit of the product gets it,
   * due from its installation), a part left out is dropped with its schedule rows.
   */
  async updateProduct(actor: Actor, id: string, b: ProductBody, ip: string): Promise<ProductItem> {
    await this.productWrite(() =>
      this.db.transaction(async (tx) => {
        await repo.lockProduct(tx, id);
        const before = await repo.findProduct(tx, id);
        if (!before) throw notFound('Product');
        const existing = await repo.partsOf(tx, [id]);
        const known = new Map(existing.map((p) => [p.id, p]));
        for (const part of b.parts) {
          if (part.id && !known.has(part.id)) throw invalid('parts', 'A part does not belong to this product');
        }
        await repo.updateProduct(tx, id, this.productValues(b));
        const kept = new Set(b.parts.map((p) => p.id).filter((x): x is string => !!x));
        await repo.deleteParts(
          tx,
          existing.filter((p) => !kept.has(p.id)).map((p) => p.id),
        );
        let position = 0;
        for (const part of b.parts) {
          const months = Number(part.intervalMonths);
          if (part.id) {
            const old = known.get(part.id);
            await repo.updatePart(tx, part.id, { name: part.name, intervalMonths: months, position: position++ });
            if (old && old.intervalMonths !== months) await repo.rescheduleProductPart(tx, part.id, months);
          } else {
            const partId = await repo.insertPart(tx, {
              productId: id,
              name: part.name,
              intervalMonths: months,
              position: position++,
            });
            await repo.scheduleNewPart(tx, partId, id, months);
          }
        }
        await repo.refreshUnitsOfProduct(tx, id);
        await auditOf(tx, actor, 'product.update', 'product', id, ip, { name: b.name, parts: b.parts.length });
      }),
    );
    return this.getProduct(id);
  }

  async deleteProduct(actor: Actor, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.lockProduct(tx, id);
      const p = await repo.findProduct(tx, id);
      if (!p) throw notFound('Product');
      if (await repo.anyUnitOf(tx, id)) throw conflict(M.productInUse);
      await repo.deleteProduct(tx, id);
      await auditOf(tx, actor, 'product.delete', 'product', id, ip, { name: p.name });
    });
  }

  // ---------------------------------------------------------------- units: reach and permission

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
    throw forbidden(M.unitWriteRefused);
  }

  /** A unit the actor may read, or 404. */
  private async reachUnit(tx: Tx, actor: Actor, id: string): Promise<repo.UnitRow> {
    const u = await repo.findUnit(tx, id);
    if (!u || !(await this.reachCustomer(tx, actor, u.customerId))) throw notFound('Unit');
    return u;
  }

  /**
   * The unit a write is about, locked until the transaction ends: 404 when it is missing or out
   * of the actor's reach (as a read answers), then 403 when the actor may read it but not make
   * this change. `unit`: its own fields, for customer editors or the technician on one of the
   * customer's requests; `contracts`: its contracts, for customer editors only.
   */
  private async writableUnit(tx: Tx, actor: Actor, id: string, change: 'unit' | 'contracts'): Promise<repo.UnitRow> {
    await repo.lockUnit(tx, id);
    const u = await this.reachUnit(tx, actor, id);
    if (change === 'unit') await this.assertUnitWriter(tx, actor, u.customerId);
    else if (!hasCapability(actor.policyRole, 'customerManage')) throw forbidden(M.contractWriteRefused);
    return u;
  }

  async unitsOfCustomer(actor: Actor, customerId: string, q: { page?: number; pageSize?: number }) {
    if (!(await this.reachCustomer(this.db, actor, customerId))) throw notFound('Customer');
    const window = cappedWindow(q);
    const { rows, total } = await repo.unitsOfCustomer(this.db, customerId, window);
    const schedule = await repo.scheduleOf(
      this.db,
      rows.map((r) => r.id),
    );
    const today = this.today();
    const items = rows.map((u) =>
      toUnitItem(
        u,
        schedule.filter((s) => s.unitId === u.id),
        today,
      ),
    );
    return { items, total, window };
  }

  async getUnit(actor: Actor, id: string): Promise<UnitDetails> {
    const u = await this.reachUnit(this.db, actor, id);
    const [schedule, history, open] = await Promise.all([
      repo.scheduleOf(this.db, [id]),
      repo.historyOfUnit(this.db, id),
      repo.openRequestsOf(this.db, [id]),
    ]);
    return {
      ...toUnitItem(u, schedule, this.today()),
      openRequestId: open.get(id) ?? null,
      history: history.rows.map((r) => {
        const parts = history.parts.filter((p) => p.requestId === r.id);
        return {
          id: r.id,
          ticketNo: r.ticketNo ?? null,
          type: r.type,
          status: r.status,
          description: r.description,
          createdAt: r.createdAt.toISOString(),
          completedAt: r.completedAt?.toISOString() ?? null,
          partsReplaced: parts.filter((p) => p.partId).map((p) => p.name),
          spareParts: parts.filter((p) => !p.partId).map((p) => ({ name: p.name, quantity: p.quantity })),
        };
      }),
    };
  }

  private async serialWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'units_serial_active_uq')) throw conflict(M.serialDuplicate);
      throw err;
    }
  }

  /**
   * Install a unit (inside the caller's transaction): its schedule starts at the installation,
   * one row per part of the product.
   */
  async installInTx(
    tx: Tx,
    by: Pick<Actor, 'id' | 'email'>,
    v: {
      customerId: string;
      productId: string;
      serialNumber: string;
      installedOn: string;
      locationNote: string | null;
      installedById: string | null;
    },
    ip: string | null,
  ): Promise<string> {
    if (v.installedOn > this.today()) throw invalid('installedOn', M.installedInFuture);
    const product = await repo.findProduct(tx, v.productId);
    if (!product) throw invalid('productId', M.productNotFound);
    const id = await repo.insertUnit(tx, v);
    const parts = await repo.partsOf(tx, [v.productId]);
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
    await auditOf(tx, by, 'unit.create', 'unit', id, ip, {
      customerId: v.customerId,
      productId: v.productId,
      serialNumber: v.serialNumber,
    });
    return id;
  }

  async createUnit(actor: Actor, customerId: string, b: UnitCreateBody, ip: string): Promise<UnitDetails> {
    const id = await this.serialWrite(() =>
      this.db.transaction(async (tx) => {
        if (!(await this.reachCustomer(tx, actor, customerId))) throw notFound('Customer');
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
        if (u.status !== 'ACTIVE') throw conflict(M.unitRemoved);
        const today = this.today();
        if (b.installedOn && b.installedOn > today) throw invalid('installedOn', M.installedInFuture);
        await repo.updateUnit(tx, id, {
          ...(b.serialNumber !== undefined ? { serialNumber: b.serialNumber.trim() } : {}),
          ...(b.installedOn !== undefined ? { installedOn: b.installedOn } : {}),
          ...(b.locationNote !== undefined ? { locationNote: b.locationNote } : {}),
        });
        if (b.schedule?.length) {
          const rows = await repo.scheduleOf(tx, [id]);
          for (const change of b.schedule) {
            const row = rows.find((r) => r.partId === change.partId);
            if (!row || row.intervalMonths == null) throw invalid('schedule', M.partNotOfUnit);
            if (change.lastChangedOn > today) throw invalid('schedule', M.changeInFuture);
            await repo.setScheduleRow(tx, row.id, {
              lastChangedOn: change.lastChangedOn,
              nextDueOn: nextDueOn(change.lastChangedOn, row.intervalMonths),
            });
          }
          await repo.refreshUnitDue(tx, id);
        }
        await auditOf(tx, actor, 'unit.update', 'unit', id, ip, {
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
      await auditOf(tx, actor, 'unit.remove', 'unit', id, ip, { serialNumber: u.serialNumber });
    });
  }

  // ---------------------------------------------------------------- contracts

  async contractsOf(actor: Actor, unitId: string): Promise<ContractItem[]> {
    await this.reachUnit(this.db, actor, unitId);
    return (await repo.contractsOfUnit(this.db, unitId)).map(toContractItem);
  }

  /** An AMC's visit row: due at its next visit not yet done. */
  private async scheduleAmc(
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
  ) {
    await repo.deleteScheduleOfContract(tx, c.id);
    if (c.type === 'AMC' && c.status === 'ACTIVE' && c.visitsPerYear > 0) {
      const first = amcVisitDates(c.startsOn, c.endsOn, c.visitsPerYear)[0] ?? null;
      await repo.insertScheduleRows(tx, [
        { unitId: c.unitId, contractId: c.id, lastChangedOn: null, nextDueOn: first },
      ]);
    }
    await repo.refreshUnitDue(tx, c.unitId);
  }

  async createContract(actor: Actor, unitId: string, b: ContractBody, ip: string): Promise<ContractItem> {
    const id = await this.db.transaction(async (tx) => {
      const u = await this.writableUnit(tx, actor, unitId, 'contracts');
      if (u.status !== 'ACTIVE') throw conflict(M.unitRemoved);
      if (await repo.overlapping(tx, unitId, b.type, b.startsOn, b.endsOn)) throw conflict(M.contractOverlap);
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
      await this.scheduleAmc(tx, { id, ...values });
      await auditOf(tx, actor, 'contract.create', 'contract', id, ip, {
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
      if (!found) throw notFound('Contract');
      await this.writableUnit(tx, actor, found.unitId, 'contracts');
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
      if (next.startsOn >= next.endsOn) throw invalid('endsOn', M.contractEndsBeforeStart);
      if (b.status === 'ACTIVE' && next.endsOn < this.today()) next.status = 'EXPIRED';
      if (next.status === 'ACTIVE' && (await repo.overlapping(tx, c.unitId, c.type, next.startsOn, next.endsOn, id))) {
        throw conflict(M.contractOverlap);
      }
      await repo.updateContract(tx, id, next);
      await this.scheduleAmc(tx, { id, unitId: c.unitId, type: c.type, ...next });
      await auditOf(tx, actor, 'contract.update', 'contract', id, ip, {
        changed: Object.keys(b).filter((k) => b[k as keyof ContractPatchBody] !== undefined),
        ...(b.status && b.status !== c.status ? { status: { from: c.status, to: b.status } } : {}),
      });
    });
    return toContractItem((await repo.findContract(this.db, id)) as repo.ContractRow);
  }

  async expiring(actor: Actor, q: { within?: number; page?: number; pageSize?: number }) {
    const today = this.today();
    const window = cappedWindow(q);
    const { rows, total } = await repo.expiringContracts(
      this.db,
      { regionId: this.regionOf(actor), from: today, to: addDays(today, q.within ?? 30) },
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

  // ---------------------------------------------------------------- due list and counts

  async due(
    actor: Actor,
    q: DueListQuery & { page?: number; pageSize?: number },
  ): Promise<{ items: DueItem[]; total: number; window: Window }> {
    const scope = this.regionOf(actor);
    const window = cappedWindow(q);
    if (scope && q.regionId && q.regionId !== scope) return { items: [], total: 0, window };
    const today = this.today();
    const filter: repo.DueFilter = {
      horizon: addDays(today, Number(q.within ?? 30)),
      regionId: scope ?? q.regionId ?? null,
      ...(q.state === 'OVERDUE' ? { before: today } : {}),
      ...(q.state === 'DUE_SOON' ? { from: today } : {}),
    };
    const [rows, total] = await Promise.all([repo.dueUnits(this.db, filter, window), repo.countDue(this.db, filter)]);
    const ids = rows.map((r) => r.unit_id);
    const [parts, covering, open] = await Promise.all([
      repo.dueScheduleOf(this.db, ids, filter.horizon),
      repo.coveringContracts(this.db, ids, today),
      repo.openRequestsOf(this.db, ids),
    ]);
    const items = rows.map((r): DueItem => {
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
    return { items, total, window };
  }

  async counts(actor: Actor): Promise<MaintenanceCounts> {
    const today = this.today();
    return repo.counts(this.db, today, addDays(today, 7), addDays(today, 30), this.regionOf(actor));
  }

  // ---------------------------------------------------------------- completion (the technician's stop)

  /**
   * What a completed visit did to the installed base, in the completion's transaction: the
   * replaced parts restart their interval at the completion date, the spare parts are recorded,
   * a due AMC visit counts as done, and an INSTALLATION can install the unit.
   */
  async recordCompletion(
    tx: Tx,
    actor: Actor,
    request: { id: string; type: string; customerId: string; unitId: string | null },
    extras: {
      unitId?: string;
      partsReplaced?: string[];
      spareParts?: { name: string; quantity: number }[];
      installedUnit?: { productId: string; serialNumber: string; locationNote?: string };
    },
    ip: string,
  ): Promise<{ unitId: string | null }> {
    const today = this.today();
    let unitId = extras.unitId ?? request.unitId;
    if (extras.installedUnit) {
      if (request.type !== 'INSTALLATION') throw invalid('installedUnit', M.installNeedsInstallation);
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
        if (isUniqueViolation(err, 'units_serial_active_uq')) throw conflict(M.serialDuplicate);
        throw err;
      }
    }
    const parts = extras.partsReplaced ?? [];
    if (!unitId) {
      if (parts.length) throw invalid('partsReplaced', M.partsNeedUnit);
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
    if (!unit || unit.customerId !== request.customerId) throw invalid('unitId', M.unitNotOfCustomer);
    const schedule = await repo.scheduleOf(tx, [unitId]);
    const replaced: Row<typeof schedule>[] = [];
    for (const partId of new Set(parts)) {
      const row = schedule.find((s) => s.partId === partId);
      if (!row || row.intervalMonths == null) throw invalid('partsReplaced', M.partNotOfUnit);
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
      await auditOf(tx, actor, 'unit.service', 'unit', unitId, ip, {
        requestId: request.id,
        partsReplaced: replaced.map((r) => r.partId),
        spareParts: extras.spareParts?.length ?? 0,
      });
    }
    return { unitId };
  }

  /** A request's unit must be one of its customer's units (400 otherwise). */
  async assertUnitOfCustomer(tx: Tx, unitId: string, customerId: string): Promise<void> {
    const unit = await repo.findUnit(tx, unitId);
    if (!unit || unit.customerId !== customerId) throw invalid('unitId', M.unitNotOfCustomer);
  }
}
