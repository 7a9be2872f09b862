/**
 * The role tree (docs/product-rules.md) and the pure rules derived from it.
 * Browser and server both read this file; nothing here touches I/O.
 */
export const ROLE = {
  SUPER_ADMIN: 'Super Admin',
  SERVICE_ADMIN: 'Service Admin',
  SALES_ADMIN: 'Sales Admin',
  SERVICE_MANAGER: 'Service Manager',
  SALES_MANAGER: 'Sales Manager',
  SERVICE_TEAM_LEAD: 'Service Team Lead',
  SALES_TEAM_LEAD: 'Sales Team Lead',
  TECHNICIAN: 'Technician',
  SALESMAN: 'Salesman',
} as const;

export type SystemRole = (typeof ROLE)[keyof typeof ROLE];

export const SYSTEM_ROLES: readonly SystemRole[] = Object.values(ROLE);

/** Parent of each system role (null for the root). */
export const SYSTEM_ROLE_PARENT: Record<SystemRole, SystemRole | null> = {
  [ROLE.SUPER_ADMIN]: null,
  [ROLE.SERVICE_ADMIN]: ROLE.SUPER_ADMIN,
  [ROLE.SALES_ADMIN]: ROLE.SUPER_ADMIN,
  [ROLE.SERVICE_MANAGER]: ROLE.SERVICE_ADMIN,
  [ROLE.SALES_MANAGER]: ROLE.SALES_ADMIN,
  [ROLE.SERVICE_TEAM_LEAD]: ROLE.SERVICE_MANAGER,
  [ROLE.SALES_TEAM_LEAD]: ROLE.SALES_MANAGER,
  [ROLE.TECHNICIAN]: ROLE.SERVICE_TEAM_LEAD,
  [ROLE.SALESMAN]: ROLE.SALES_TEAM_LEAD,
};

export const SALES_ROLES: readonly SystemRole[] = [
  ROLE.SALES_ADMIN,
  ROLE.SALES_MANAGER,
  ROLE.SALES_TEAM_LEAD,
  ROLE.SALESMAN,
];

/** Roles whose requests need a sales approval before the service approval. */
export const SALES_REQUESTER_ROLES: readonly SystemRole[] = [ROLE.SALESMAN, ROLE.SALES_TEAM_LEAD, ROLE.SALES_MANAGER];

/** Roles that read everything, whatever their region. */
export const GLOBAL_SCOPE_ROLES: readonly SystemRole[] = [ROLE.SUPER_ADMIN, ROLE.SERVICE_ADMIN, ROLE.SALES_ADMIN];

export function isSystemRole(name: string): name is SystemRole {
  return (SYSTEM_ROLES as readonly string[]).includes(name);
}

export function isSalesRole(role: SystemRole): boolean {
  return SALES_ROLES.includes(role);
}

/** A role as the tree needs it: every role, system or custom. */
export interface RoleNode {
  id: string;
  name: string;
  parentRoleId: string | null;
}

/** Ids of every role strictly below `roleId`. */
export function descendantIds(roles: readonly RoleNode[], roleId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const r of roles) {
    if (!r.parentRoleId) continue;
    const list = children.get(r.parentRoleId) ?? [];
    list.push(r.id);
    children.set(r.parentRoleId, list);
  }
  const out = new Set<string>();
  const stack = [...(children.get(roleId) ?? [])];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The chain of roles above `roleId`, nearest first. */
export function ancestorChain(roles: readonly RoleNode[], roleId: string): RoleNode[] {
  const byId = new Map(roles.map((r) => [r.id, r]));
  const chain: RoleNode[] = [];
  let current = byId.get(roleId)?.parentRoleId ?? null;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    seen.add(current);
    const node = byId.get(current);
    if (!node) break;
    chain.push(node);
    current = node.parentRoleId;
  }
  return chain;
}

/**
 * Roles the holder of `roleId` may assign: the roles strictly below it. Only the Super Admin
 * role itself (the root of the tree) may assign every role, its own included. A custom role that
 * hangs under the Super Admin carries the Super Admin's rights (ADR 007) but still assigns only
 * the roles below it, never the Super Admin or anything above or beside it.
 */
export function assignableRoleIds(
  roles: readonly RoleNode[],
  caller: { roleId: string; policyRole: SystemRole },
): Set<string> {
  const own = roles.find((r) => r.id === caller.roleId);
  if (caller.policyRole === ROLE.SUPER_ADMIN && own?.name === ROLE.SUPER_ADMIN && own.parentRoleId === null) {
    return new Set(roles.map((r) => r.id));
  }
  return descendantIds(roles, caller.roleId);
}

/**
 * The system role whose rights a role carries: itself for a system role, the nearest
 * system ancestor for a custom role (ADR 007).
 */
export function policyRoleOf(roles: readonly (RoleNode & { immutable?: boolean })[], roleId: string): SystemRole {
  const byId = new Map(roles.map((r) => [r.id, r]));
  let node = byId.get(roleId);
  const seen = new Set<string>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    if (isSystemRole(node.name) && node.immutable !== false) return node.name;
    node = node.parentRoleId ? byId.get(node.parentRoleId) : undefined;
  }
  return ROLE.SALESMAN;
}
