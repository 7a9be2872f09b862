/** Role Management: system roles are immutable; custom roles hang under a parent the caller may assign (or their own). */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import type { RoleItem } from '#shared/contracts/roles.ts';
import { assignableRoleIds } from '#shared/domain/roles.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './repository.ts';

type Row = Awaited<ReturnType<typeof repo.listRolesWithParent>>[number];

function toItem(row: Row): RoleItem {
  return {
    id: row.id,
    name: row.name,
    parentRoleId: row.parentRoleId,
    parentRole: row.parentRoleId && row.parentName ? row.parentName : null,
    parent: row.parentRoleId && row.parentName ? { id: row.parentRoleId, name: row.parentName } : null,
    immutable: row.immutable,
    permissions: row.permissions ?? {},
    policyRole: row.policyRole,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Roles ordered as the tree reads: each parent before its children, siblings by name. */
export function treeOrder<T extends { id: string; name: string; parentRoleId: string | null }>(all: readonly T[]): T[] {
  const byParent = new Map<string | null, T[]>();
  for (const r of all) {
    const list = byParent.get(r.parentRoleId) ?? [];
    list.push(r);
    byParent.set(r.parentRoleId, list);
  }
  const ids = new Set(all.map((r) => r.id));
  const out: T[] = [];
  const seen = new Set<string>();
  const visit = (r: T) => {
    if (seen.has(r.id)) return;
    seen.add(r.id);
    out.push(r);
    for (const c of [...(byParent.get(r.id) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) visit(c);
  };
  for (const r of all.filter((r) => !r.parentRoleId || !ids.has(r.parentRoleId))) visit(r);
  return out;
}

export class RolesService {
  constructor(private readonly db: Db) {}

  async list(): Promise<RoleItem[]> {
    return treeOrder(await repo.listRolesWithParent(this.db)).map(toItem);
  }

  async get(id: string): Promise<RoleItem> {
    const row = (await repo.listRolesWithParent(this.db)).find((r) => r.id === id);
    if (!row) throw notFound(ERR.roleNotFound);
    return toItem(row);
  }

  async create(
    actor: Actor,
    body: { name: string; permissions: Record<string, unknown>; parentRoleId?: string | null },
    ip: string,
  ): Promise<RoleItem> {
    try {
      const id = await this.db.transaction(async (tx) => {
        await repo.lockRoles(tx);
        const all = await repo.allRoles(tx);
        const parentId = body.parentRoleId ?? actor.roleId;
        const parent = all.find((r) => r.id === parentId);
        if (!parent) throw invalid('parentRoleId', ERR.parentRoleNotFound);
        const allowed = assignableRoleIds(all, actor);
        if (parentId !== actor.roleId && !allowed.has(parentId)) throw forbidden(ERR.parentNotAllowed);
        const created = await repo.insertRole(tx, {
          name: body.name,
          parentRoleId: parentId,
          permissions: body.permissions,
          policyRole: parent.policyRole,
        });
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'role.create',
          entityType: 'role',
          entityId: created.id,
          ip,
          details: { name: body.name, parentRoleId: parentId, policyRole: parent.policyRole },
        });
        return created.id;
      });
      return this.get(id);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ERR.roleDuplicate);
      throw err;
    }
  }

  /** The role to change: it must exist (404), be custom (403) and sit below the caller (403). */
  private async changeable(tx: Tx, actor: Actor, id: string) {
    await repo.lockRoles(tx);
    const all = await repo.allRoles(tx);
    const role = all.find((r) => r.id === id);
    if (!role) throw notFound(ERR.roleNotFound);
    if (role.immutable) throw forbidden(ERR.roleImmutable);
    if (!assignableRoleIds(all, actor).has(id)) throw forbidden(ERR.roleNotManageable);
    return role;
  }

  async update(
    actor: Actor,
    id: string,
    body: { name: string; permissions?: Record<string, unknown> },
    ip: string,
  ): Promise<RoleItem> {
    try {
      await this.db.transaction(async (tx) => {
        const role = await this.changeable(tx, actor, id);
        await repo.updateRole(tx, id, {
          name: body.name,
          ...(body.permissions ? { permissions: body.permissions } : {}),
        });
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'role.update',
          entityType: 'role',
          entityId: id,
          ip,
          details: { from: role.name, to: body.name },
        });
      });
      return this.get(id);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(ERR.roleDuplicate);
      throw err;
    }
  }

  async remove(actor: Actor, id: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const role = await this.changeable(tx, actor, id);
      if ((await repo.countUsersWithRole(tx, id)) > 0) throw conflict(ERR.roleInUse);
      if ((await repo.countChildRoles(tx, id)) > 0) throw conflict(ERR.roleHasChildren);
      await repo.deleteRole(tx, id);
      await audit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'role.delete',
        entityType: 'role',
        entityId: id,
        ip,
        details: { name: role.name },
      });
    });
  }
}
