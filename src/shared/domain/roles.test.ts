import { describe, expect, it } from 'vitest';
import { assignableRoleIds, policyRoleOf, ROLE, type RoleNode, SYSTEM_ROLE_PARENT, SYSTEM_ROLES } from './roles.ts';

/** The nine system roles (docs/product-rules.md R-07), with their names as ids, plus custom roles on top. */
function tree(custom: RoleNode[] = []): (RoleNode & { immutable?: boolean })[] {
  return [
    ...SYSTEM_ROLES.map((name) => ({ id: name, name, parentRoleId: SYSTEM_ROLE_PARENT[name], immutable: true })),
    ...custom.map((r) => ({ ...r, immutable: false })),
  ];
}

const names = (ids: Set<string>) => [...ids].sort();

describe('assignableRoleIds', () => {
  it('gives the Super Admin every role, its own included', () => {
    const roles = tree();
    expect(names(assignableRoleIds(roles, { roleId: ROLE.SUPER_ADMIN, policyRole: ROLE.SUPER_ADMIN }))).toEqual(
      [...SYSTEM_ROLES].sort(),
    );
  });

  it('gives every other role exactly the roles strictly below it', () => {
    const roles = tree();
    expect(names(assignableRoleIds(roles, { roleId: ROLE.SERVICE_ADMIN, policyRole: ROLE.SERVICE_ADMIN }))).toEqual(
      [ROLE.SERVICE_MANAGER, ROLE.SERVICE_TEAM_LEAD, ROLE.TECHNICIAN].sort(),
    );
    expect(names(assignableRoleIds(roles, { roleId: ROLE.SALES_TEAM_LEAD, policyRole: ROLE.SALES_TEAM_LEAD }))).toEqual(
      [ROLE.SALESMAN],
    );
    expect(assignableRoleIds(roles, { roleId: ROLE.TECHNICIAN, policyRole: ROLE.TECHNICIAN }).size).toBe(0);
  });

  it('keeps a custom role under the Super Admin below it: it never assigns the Super Admin or a sibling', () => {
    const roles = tree([
      { id: 'deputy', name: 'Deputy', parentRoleId: ROLE.SUPER_ADMIN },
      { id: 'assistant', name: 'Assistant', parentRoleId: 'deputy' },
    ]);
    // The deputy carries the Super Admin's rights (ADR 007)...
    expect(policyRoleOf(roles, 'deputy')).toBe(ROLE.SUPER_ADMIN);
    // ...but assigns only what hangs below it.
    expect(names(assignableRoleIds(roles, { roleId: 'deputy', policyRole: ROLE.SUPER_ADMIN }))).toEqual(['assistant']);
  });
});
