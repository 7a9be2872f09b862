/**
 * User Management (docs/product-rules.md R-10): a caller sees and manages only users whose role they may assign,
 * in their own region when they have one; nobody changes their own role; delete deactivates.
 * System accounts are nobody's: the repository never finds them (404), and no person may take an
 * address in their reserved domain (400).
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import { type Actor, regionFilterOf } from '#server/lib/auth.ts';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import { col, type ExportTable, none } from '#server/lib/export/columns.ts';
import { containsPattern, wholeOrPage } from '#server/lib/paging.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { isSystemEmail } from '#server/lib/system-accounts.ts';
import { revokeAllSessions, type UserViewRow } from '#server/modules/auth/queries.ts';
import { allRoles, type RoleRow } from '#server/modules/roles/queries.ts';
import { treeOrder } from '#server/modules/roles/service.ts';
import type {
  AssignableRole,
  CreateUserBody,
  HierarchyNode,
  MyHierarchy,
  UpdateUserBody,
  UserItem,
} from '#shared/contracts/users.ts';
import { regionalScopeOf } from '#shared/domain/permissions.ts';
import { ancestorChain, assignableRoleIds, descendantIds } from '#shared/domain/roles.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

/** Its English (the tests compare with it). */
export const SIGN_OUT_SELF = ERR.signOutSelf.text;

export function toUserItem(row: UserViewRow): UserItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    roleId: row.roleId,
    role: { id: row.roleId, name: row.roleName },
    regionId: row.regionId,
    region: row.regionId && row.regionName ? { id: row.regionId, name: row.regionName } : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const USER_COLUMNS = [
  col<UserViewRow>('name', (r) => r.name, 'text', 28),
  col<UserViewRow>('email', (r) => r.email, 'text', 30),
  col<UserViewRow>('phone', (r) => r.phone, 'text', 14),
  col<UserViewRow>('role', (r) => r.roleName, 'text', 20),
  col<UserViewRow>('region', (r) => r.regionName, 'text', 16),
  col<UserViewRow>('status', (r, say) => say(`export.value.userStatus.${r.status}`), 'text', 12),
  col<UserViewRow>('createdAt', (r) => r.createdAt, 'datetime'),
];

export class UsersService {
  constructor(private readonly db: Db) {}

  /** The region the caller is limited to, or null for everything. */
  private regionOf(actor: Actor): string | null {
    return regionFilterOf(actor, regionalScopeOf(actor.policyRole));
  }

  /** The user table's filter for `q` within the caller's reach; null when it reaches nobody. */
  private async filterOf(
    actor: Actor,
    q: { search?: string; roleId?: string; regionId?: string },
  ): Promise<repo.UserFilter | null> {
    const all = await allRoles(this.db);
    const assignable = assignableRoleIds(all, actor);
    const scopeRegion = this.regionOf(actor);
    if (scopeRegion && q.regionId && q.regionId !== scopeRegion) return null;
    return {
      roleIds: q.roleId ? (assignable.has(q.roleId) ? [q.roleId] : []) : [...assignable],
      regionId: scopeRegion ?? q.regionId ?? null,
      pattern: q.search ? containsPattern(q.search) : undefined,
      activeOnly: true,
    };
  }

  /** Every user the table would show for `q`, as a download (ADR 037). */
  async exportList(
    actor: Actor,
    q: { search?: string; roleId?: string; regionId?: string },
  ): Promise<ExportTable<UserViewRow>> {
    const filter = await this.filterOf(actor, q);
    return {
      name: 'users',
      sheet: 'users',
      columns: USER_COLUMNS,
      rows: filter ? repo.streamUsers(this.db, filter) : none(),
    };
  }

  async list(
    actor: Actor,
    q: { page?: number; pageSize?: number; search?: string; roleId?: string; regionId?: string },
  ): Promise<{ items: UserItem[]; total: number }> {
    const filter = await this.filterOf(actor, q);
    if (!filter) return { items: [], total: 0 };
    const [rows, total] = await Promise.all([
      // Without paging: every user the caller may see (the spec's client pages in the browser; ADR 017).
      repo.listUsers(this.db, filter, wholeOrPage(q)),
      repo.countUsers(this.db, filter),
    ]);
    return { items: rows.map(toUserItem), total };
  }

  /**
   * The user behind `id` as the caller may reach it: 404 when missing, deactivated or outside the
   * caller's region. Reads also answer 404 for a role the caller may not assign (it is not in their
   * table); writes go on and refuse that with 403.
   */
  private async reachable(
    tx: Tx,
    actor: Actor,
    id: string,
    all: readonly RoleRow[],
    mode: 'read' | 'write',
  ): Promise<UserViewRow> {
    const row = await repo.findUser(tx, id);
    const scopeRegion = this.regionOf(actor);
    if (!row || row.status === repo.INACTIVE || (scopeRegion && row.regionId !== scopeRegion))
      throw notFound(ERR.userNotFound);
    if (mode === 'read' && row.id !== actor.id && !assignableRoleIds(all, actor).has(row.roleId)) {
      throw notFound(ERR.userNotFound);
    }
    return row;
  }

  async get(actor: Actor, id: string): Promise<UserItem> {
    const all = await allRoles(this.db);
    return toUserItem(await this.reachable(this.db, actor, id, all, 'read'));
  }

  /** The role and region a caller wants to give a user: the role must exist and be assignable; the region must exist and be theirs. */
  private async checkAssignment(
    tx: Tx,
    actor: Actor,
    all: readonly RoleRow[],
    roleId: string,
    regionId: string | null,
  ) {
    if (!all.some((r) => r.id === roleId)) throw invalid('roleId', ERR.roleNotFound);
    if (!assignableRoleIds(all, actor).has(roleId)) throw forbidden(ERR.roleNotAssignable);
    if (regionId && !(await repo.regionExists(tx, regionId))) throw invalid('regionId', ERR.regionNotFound);
    const scopeRegion = this.regionOf(actor);
    if (scopeRegion && regionId !== scopeRegion) throw forbidden(ERR.usersOutOfRegion);
  }

  async create(actor: Actor, body: CreateUserBody, ip: string): Promise<UserItem> {
    if (isSystemEmail(body.email)) throw invalid('email', ERR.reservedEmail);
    const passwordHash = await hashPassword(body.password);
    try {
      const id = await this.db.transaction(async (tx) => {
        const all = await allRoles(tx);
        await this.checkAssignment(tx, actor, all, body.roleId, body.regionId);
        const id = await repo.insertUser(tx, {
          name: body.name,
          email: body.email,
          passwordHash,
          phone: body.phone,
          roleId: body.roleId,
          regionId: body.regionId,
          // Always the caller: a client-sent createdById is ignored.
          createdById: actor.id,
        });
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'user.create',
          entityType: 'user',
          entityId: id,
          ip,
          details: { email: body.email, roleId: body.roleId, regionId: body.regionId },
        });
        return id;
      });
      const row = await repo.findUser(this.db, id);
      return toUserItem(row as UserViewRow);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ERR.duplicateEmail);
      throw err;
    }
  }

  async update(actor: Actor, id: string, body: UpdateUserBody, ip: string): Promise<UserItem> {
    try {
      await this.db.transaction(async (tx) => {
        const all = await allRoles(tx);
        const target = await this.reachable(tx, actor, id, all, 'write');
        if (isSystemEmail(body.email)) throw invalid('email', ERR.reservedEmail);
        if (target.id === actor.id && body.roleId !== target.roleId) throw forbidden(ERR.ownRole);
        if (!assignableRoleIds(all, actor).has(target.roleId)) throw forbidden(ERR.userNotManageable);
        await this.checkAssignment(tx, actor, all, body.roleId, body.regionId);
        await repo.updateUser(tx, id, {
          name: body.name,
          email: body.email,
          phone: body.phone,
          roleId: body.roleId,
          regionId: body.regionId,
        });
        const changed: Record<string, unknown> = {};
        if (target.name !== body.name) changed.name = body.name;
        if (target.email !== body.email) changed.email = body.email;
        if (target.phone !== body.phone) changed.phone = body.phone;
        if (target.roleId !== body.roleId) changed.roleId = { from: target.roleId, to: body.roleId };
        if (target.regionId !== body.regionId) changed.regionId = { from: target.regionId, to: body.regionId };
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'user.update',
          entityType: 'user',
          entityId: id,
          ip,
          details: changed,
        });
      });
      return toUserItem((await repo.findUser(this.db, id)) as UserViewRow);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ERR.duplicateEmail);
      throw err;
    }
  }

  /** Deactivates: the user can no longer sign in, their sessions end, and their name stays on what they touched. */
  async remove(actor: Actor, id: string, ip: string): Promise<void> {
    if (id === actor.id) throw forbidden(ERR.deleteSelf);
    await this.db.transaction(async (tx) => {
      const all = await allRoles(tx);
      const target = await this.reachable(tx, actor, id, all, 'write');
      if (!assignableRoleIds(all, actor).has(target.roleId)) throw forbidden(ERR.userNotManageable);
      await repo.deactivateUser(tx, id);
      await revokeAllSessions(tx, id, 'user deactivated');
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'user.deactivate',
        entityType: 'user',
        entityId: id,
        ip,
        details: { email: target.email },
      });
    });
  }

  /**
   * Ends every session of a user the caller manages: their refresh cookies and access tokens stop
   * working at once. One's own sessions end from the Profile page (POST /auth/sign-out-everywhere).
   */
  async signOutEverywhere(actor: Actor, id: string, ip: string): Promise<void> {
    if (id === actor.id) throw forbidden(ERR.signOutSelf);
    await this.db.transaction(async (tx) => {
      const all = await allRoles(tx);
      const target = await this.reachable(tx, actor, id, all, 'write');
      if (!assignableRoleIds(all, actor).has(target.roleId)) throw forbidden(ERR.userNotManageable);
      await revokeAllSessions(tx, id, 'signed out everywhere by an administrator');
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'user.sign_out_everywhere',
        entityType: 'user',
        entityId: id,
        ip,
        details: { email: target.email },
      });
    });
  }

  async assignableRoles(actor: Actor): Promise<AssignableRole[]> {
    const all = await allRoles(this.db);
    const allowed = assignableRoleIds(all, actor);
    const byId = new Map(all.map((r) => [r.id, r]));
    return treeOrder(all)
      .filter((r) => allowed.has(r.id))
      .map((r) => {
        const parent = r.parentRoleId ? byId.get(r.parentRoleId) : undefined;
        return {
          id: r.id,
          name: r.name,
          parentRoleId: parent?.id ?? null,
          parentRole: parent?.name ?? null,
          parent: parent ? { id: parent.id, name: parent.name } : null,
        };
      });
  }

  /**
   * Active users whose role is strictly below the caller's, in the caller's region when they have
   * one. Without a region a manager or lead is national, and a Salesman or Technician (a custom
   * role may hang below theirs) reaches no region's users (regionFilterOf, ADR 015).
   */
  async subordinates(actor: Actor): Promise<UserItem[]> {
    const all = await allRoles(this.db);
    const below = descendantIds(all, actor.roleId);
    const rows = await repo.listUsers(this.db, {
      roleIds: [...below],
      regionId: regionFilterOf(actor, 'region'),
      statusActive: true,
    });
    return rows.map(toUserItem);
  }

  async hierarchy(actor: Actor): Promise<MyHierarchy> {
    const all = await allRoles(this.db);
    const me = await repo.findUser(this.db, actor.id);
    if (!me) throw notFound(ERR.userNotFound);
    const below = descendantIds(all, actor.roleId);
    const rows = await repo.listUsers(this.db, {
      roleIds: [...below],
      regionId: regionFilterOf(actor, 'region'),
      statusActive: true,
    });
    const usersByRole = new Map<string, HierarchyNode['users']>();
    for (const u of rows) {
      const list = usersByRole.get(u.roleId) ?? [];
      list.push({ id: u.id, name: u.name, email: u.email, region: u.regionName ? { name: u.regionName } : null });
      usersByRole.set(u.roleId, list);
    }
    const childrenOf = (roleId: string): HierarchyNode[] =>
      all
        .filter((r) => r.parentRoleId === roleId && r.id !== actor.roleId)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((r) => ({
          role: { id: r.id, name: r.name },
          users: usersByRole.get(r.id) ?? [],
          children: childrenOf(r.id),
        }));
    return {
      user: toUserItem(me),
      superiors: ancestorChain(all, actor.roleId).map((r) => ({ id: r.id, name: r.name })),
      subordinates: childrenOf(actor.roleId),
    };
  }
}
