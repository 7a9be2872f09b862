/**
 * Duplicate customers, merged and undone (issue 34 item 3, ADR 038). Admins reach every customer, a
 * manager those of their region (every customer of a merge must be): out of scope reads as not
 * found. A merge moves the duplicates' requests (with their history, work logs and photos) and
 * units (with their contracts and schedule) to the surviving customer, which gains every phone
 * number; the duplicates are hidden, not deleted, and the merge record says exactly what moved, so
 * an undo within MERGE_UNDO_DAYS puts it all back. Each is one transaction with one audit row.
 */
import type { Db } from '#server/db/client.ts';
import type { MergedCustomerSnapshot } from '#server/db/schema/customer-merges.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { conflict, invalid, notFound } from '#server/lib/errors.ts';
import {
  DUPLICATES_PAGE_SIZE,
  type DuplicateGroup,
  type DuplicateMember,
  type DuplicatesAnswer,
  type DuplicatesQuery,
  MAX_ADDITIONAL_PHONES,
  MERGE_UNDO_DAYS,
  type MergeAnswer,
  type MergeBody,
  type MergeItem,
  type MovedCounts,
  type UndoAnswer,
} from '#shared/contracts/customer-merge.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as dup from './duplicates.repository.ts';
import * as repo from './merge.repository.ts';
import { findCustomer } from './repository.ts';
import { toCustomerItem } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const undoEnd = (mergedAt: Date) => new Date(mergedAt.getTime() + MERGE_UNDO_DAYS * DAY_MS);
const sum = (byCustomer: Record<string, string[]>) => Object.values(byCustomer).reduce((n, ids) => n + ids.length, 0);

export function toMergeItem(row: repo.MergeRow): MergeItem {
  return {
    id: row.id,
    survivorId: row.survivorId,
    merged: row.snapshot.map((s) => ({ id: s.id, name: s.name })),
    moved: {
      requests: sum(row.moved.requests),
      units: sum(row.moved.units),
      contracts: row.moved.contracts.length,
      history: row.moved.history,
    },
    phonesAdded: row.phonesAdded,
    mergedAt: row.mergedAt.toISOString(),
    mergedBy: row.mergedById && row.mergedByName ? { id: row.mergedById, name: row.mergedByName } : null,
    undoableUntil: undoEnd(row.mergedAt).toISOString(),
    undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
  };
}

/** The phones of the duplicates the survivor lacks, in the order met (primary first). */
function phonesToAdd(survivor: { primaryPhone: string; phoneNumbers: string[] }, dups: MergedCustomerSnapshot[]) {
  const have = new Set([survivor.primaryPhone, ...survivor.phoneNumbers]);
  const added: string[] = [];
  for (const d of dups) {
    for (const p of [d.primaryPhone, ...d.phoneNumbers]) {
      if (!have.has(p)) {
        have.add(p);
        added.push(p);
      }
    }
  }
  return added;
}

const byCustomer = (rows: { id: string; from: string }[]) => {
  const out: Record<string, string[]> = {};
  for (const r of rows) {
    const ids = out[r.from] ?? [];
    ids.push(r.id);
    out[r.from] = ids;
  }
  return out;
};

export class CustomerMergeService {
  constructor(private readonly db: Db) {}

  /** The region the caller is limited to, or null for everything. */
  private regionOf(actor: Actor): string | null {
    return regionFilterOf(actor, regionalScopeOf(actor.policyRole));
  }

  async duplicates(actor: Actor, q: DuplicatesQuery): Promise<DuplicatesAnswer> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? DUPLICATES_PAGE_SIZE;
    const regionId = this.regionOf(actor);
    return this.db.transaction(async (tx) => {
      const found = await dup.duplicateGroups(tx, { regionId, limit: pageSize + 1, offset: (page - 1) * pageSize });
      const rows = found.slice(0, pageSize);
      const ids = [...new Set(rows.flatMap((g) => [g.leaderId, ...g.memberIds]))];
      const members = new Map((await dup.membersWithCounts(tx, ids)).map((m) => [m.id, m]));
      const groups: DuplicateGroup[] = rows.map((g) => {
        const phone = new Set(g.phoneIds);
        const name = new Set(g.nameIds);
        const member = (id: string, leader: boolean): DuplicateMember => {
          const m = members.get(id) as dup.MemberRow;
          return {
            id: m.id,
            name: m.name,
            address: m.address,
            primaryPhone: m.primaryPhone,
            phoneNumbers: m.phoneNumbers,
            email: m.email,
            regionId: m.regionId,
            region: { name: m.regionName },
            createdAt: m.createdAt,
            reasons: leader
              ? []
              : [...(phone.has(id) ? ['phone' as const] : []), ...(name.has(id) ? ['name' as const] : [])],
            counts: { requests: m.requests, units: m.units, contracts: m.contracts },
          };
        };
        return {
          id: g.leaderId,
          reasons: [...(phone.size ? ['phone' as const] : []), ...(name.size ? ['name' as const] : [])],
          customers: [member(g.leaderId, true), ...g.memberIds.map((id) => member(id, false))],
        };
      });
      return { groups, page, pageSize, hasMore: found.length > pageSize };
    });
  }

  /** The merges into a customer that can still be undone, newest first. */
  async recent(actor: Actor, customerId: string): Promise<MergeItem[]> {
    const customer = await findCustomer(this.db, customerId);
    const scope = this.regionOf(actor);
    if (!customer || (scope && customer.regionId !== scope)) throw notFound(ERR.customerNotFound);
    const rows = await repo.mergesInto(this.db, customerId, new Date(Date.now() - MERGE_UNDO_DAYS * DAY_MS));
    return rows.map(toMergeItem);
  }

  async merge(actor: Actor, survivorId: string, body: MergeBody, ip: string): Promise<MergeAnswer> {
    const dupIds = body.duplicateIds;
    if (dupIds.includes(survivorId)) throw invalid('duplicateIds', ERR.mergeIntoItself);
    const scope = this.regionOf(actor);
    const mergeId = await this.db.transaction(async (tx) => {
      const locked = new Map((await repo.lockCustomers(tx, [survivorId, ...dupIds])).map((c) => [c.id, c]));
      const reachable = (id: string) => {
        const c = locked.get(id);
        return c && (!scope || c.regionId === scope) ? c : undefined;
      };
      const survivor = reachable(survivorId);
      if (!survivor || survivor.mergedAt) throw notFound(ERR.customerNotFound);
      const dups: MergedCustomerSnapshot[] = [];
      for (const id of dupIds) {
        const c = reachable(id);
        if (!c) throw notFound(ERR.customerNotFound);
        if (c.mergedAt) throw conflict(ERR.customerAlreadyMerged);
        const { mergedAt: _hidden, ...snapshot } = c;
        dups.push(snapshot);
      }
      const added = phonesToAdd(survivor, dups);
      if (survivor.phoneNumbers.length + added.length > MAX_ADDITIONAL_PHONES) {
        throw conflict(ERR.mergeTooManyPhones({ max: MAX_ADDITIONAL_PHONES }));
      }
      const requests = await repo.moveRequests(tx, dupIds, survivor.id, survivor.name);
      const units = await repo.moveUnits(tx, dupIds, survivor.id);
      const contracts = await repo.contractsOfUnits(
        tx,
        units.map((u) => u.id),
      );
      const history = await repo.historyCount(
        tx,
        requests.map((r) => r.id),
      );
      if (added.length) await repo.setPhones(tx, survivor, [...survivor.phoneNumbers, ...added]);
      await repo.setMerged(tx, dupIds, new Date());
      const moved = { requests: byCustomer(requests), units: byCustomer(units), contracts, history };
      const id = await repo.insertMerge(tx, {
        survivorId: survivor.id,
        mergedIds: dupIds,
        moved,
        phonesAdded: added,
        snapshot: dups,
        mergedById: actor.id,
      });
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'customer.merge',
        entityType: 'customer',
        entityId: survivor.id,
        ip,
        details: {
          name: survivor.name,
          mergeId: id,
          merged: dups.map((d) => ({ id: d.id, name: d.name })),
          moved: { requests: requests.length, units: units.length, contracts: contracts.length, history },
          phonesAdded: added.length,
        },
      });
      return id;
    });
    return this.answerOf(mergeId, survivorId);
  }

  private async answerOf(mergeId: string, survivorId: string): Promise<MergeAnswer> {
    const [merge, survivor] = await Promise.all([repo.findMerge(this.db, mergeId), findCustomer(this.db, survivorId)]);
    if (!merge || !survivor) throw notFound(ERR.customerNotFound);
    return { merge: toMergeItem(merge), survivor: toCustomerItem(survivor) };
  }

  async undo(actor: Actor, mergeId: string, ip: string): Promise<UndoAnswer> {
    const scope = this.regionOf(actor);
    const restored = await this.db.transaction(async (tx) => {
      const m = await repo.findMerge(tx, mergeId, true);
      if (!m) throw notFound(ERR.mergeNotFound);
      const locked = new Map(
        (await repo.lockCustomers(tx, [...(m.survivorId ? [m.survivorId] : []), ...m.mergedIds])).map((c) => [c.id, c]),
      );
      const survivor = m.survivorId ? locked.get(m.survivorId) : undefined;
      if (scope) {
        const regions = [...m.snapshot.map((s) => s.regionId), ...(survivor ? [survivor.regionId] : [])];
        if (regions.some((r) => r !== scope)) throw notFound(ERR.mergeNotFound);
      }
      if (m.undoneAt) throw conflict(ERR.mergeAlreadyUndone);
      if (Date.now() > undoEnd(m.mergedAt).getTime()) throw conflict(ERR.mergeUndoExpired({ days: MERGE_UNDO_DAYS }));
      if (!survivor) throw conflict(ERR.mergeSurvivorGone);
      if (survivor.mergedAt) throw conflict(ERR.mergeSurvivorMerged);
      const back = { requests: [] as string[], units: [] as string[] };
      for (const s of m.snapshot) {
        const requests = await repo.moveRequestsBack(tx, m.moved.requests[s.id] ?? [], survivor.id, s.id, s.name);
        const units = await repo.moveUnitsBack(tx, m.moved.units[s.id] ?? [], survivor.id, s.id);
        back.requests.push(...requests);
        back.units.push(...units);
      }
      const added = new Set(m.phonesAdded);
      if (added.size) {
        await repo.setPhones(
          tx,
          survivor,
          survivor.phoneNumbers.filter((p) => !added.has(p)),
        );
      }
      await repo.setMerged(tx, m.mergedIds, null);
      await repo.markUndone(tx, m.id, actor.id);
      const counts: MovedCounts = {
        requests: back.requests.length,
        units: back.units.length,
        contracts: (await repo.contractsOfUnits(tx, back.units)).length,
        history: await repo.historyCount(tx, back.requests),
      };
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'customer.merge_undo',
        entityType: 'customer',
        entityId: survivor.id,
        ip,
        details: {
          name: survivor.name,
          mergeId: m.id,
          restored: m.snapshot.map((s) => ({ id: s.id, name: s.name })),
          moved: counts,
        },
      });
      return counts;
    });
    const merge = await repo.findMerge(this.db, mergeId);
    if (!merge) throw notFound(ERR.mergeNotFound);
    return { merge: toMergeItem(merge), restored };
  }
}
