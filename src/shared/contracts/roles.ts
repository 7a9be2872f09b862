/** Roles: the list item, and the create/edit bodies of Role Management. */
import { z } from 'zod';
import { MIN_NAME } from '../domain/constants.ts';
import { idNameRef } from './common.ts';

export const roleName = z
  .string({ error: 'Role name is required' })
  .trim()
  .min(1, 'Role name is required')
  .min(MIN_NAME, `Role name must be at least ${MIN_NAME} characters`)
  .max(80, 'Role name must be at most 80 characters');

const permissions = z.record(z.string(), z.unknown());

/** POST /roles. Without `parentRoleId` the new role hangs under the caller's own role (ADR 009). */
export const createRoleBody = z.object({
  name: roleName,
  permissions: permissions.optional().default({}),
  parentRoleId: z.uuid('Invalid parent role').nullish(),
});
export type CreateRoleInput = z.input<typeof createRoleBody>;

/** PUT /roles/{id}: the spec's client sends only the name. */
export const updateRoleBody = z.object({ name: roleName, permissions: permissions.optional() });
export type UpdateRoleInput = z.input<typeof updateRoleBody>;

export const roleItem = z.object({
  id: z.string(),
  name: z.string(),
  parentRoleId: z.string().nullable(),
  /** The parent's name, or null: the spec's client renders it as text (docs/product-rules.md R-07, issue 16). */
  parentRole: z.string().nullable(),
  /** The parent as a reference, for our own client (additive). */
  parent: idNameRef.nullable(),
  immutable: z.boolean(),
  permissions: permissions,
  /** The system role whose rights this role carries. */
  policyRole: z.string(),
  createdAt: z.string(),
});
export type RoleItem = z.infer<typeof roleItem>;

export const ROLE_MESSAGES = {
  immutable: 'System roles cannot be changed',
  duplicate: 'A role with this name already exists',
  inUseByUsers: 'This role is assigned to users and cannot be deleted',
  hasChildren: 'This role has child roles and cannot be deleted',
  parentNotAllowed: 'You cannot create a role under this parent role',
  notManageable: 'You cannot change this role',
  parentNotFound: 'Parent role not found',
} as const;
