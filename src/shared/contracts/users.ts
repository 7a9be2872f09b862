/** Users: the create/edit bodies (spec section 5), the user as lists show it, and the hierarchy views. */
import { z } from 'zod';
import { MIN_NAME } from '../domain/constants.ts';
import { email, password } from './auth.ts';
import { idNameRef, nameRef, pageQuery } from './common.ts';

export const userName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .min(MIN_NAME, `Name must be at least ${MIN_NAME} characters`)
  .max(120, 'Name must be at most 120 characters');

/** '' and null both mean "none" (the form's 'None' option, an empty phone). */
const optionalId = (message: string) =>
  z
    .union([z.uuid(message), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null));

export const userPhone = z
  .string()
  .trim()
  .max(20, 'Phone must be at most 20 characters')
  .nullish()
  .transform((v) => (v ? v : null));

const userFields = {
  name: userName,
  email,
  phone: userPhone,
  roleId: z.string({ error: 'Role is required' }).min(1, 'Role is required').pipe(z.uuid('Role is required')),
  regionId: optionalId('Invalid region'),
};

/** POST /users. `createdById` is accepted for the spec's client and ignored: the server takes it from the token. */
export const createUserBody = z.object({ ...userFields, password, createdById: z.string().nullish() });
export type CreateUserInput = z.input<typeof createUserBody>;
export type CreateUserBody = z.output<typeof createUserBody>;

/** PUT /users/{id}: the same rules without the password. */
export const updateUserBody = z.object(userFields);
export type UpdateUserInput = z.input<typeof updateUserBody>;
export type UpdateUserBody = z.output<typeof updateUserBody>;

export const userItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roleId: z.string(),
  /** `id` repeats roleId, an addition (the spec's Edit User form reads `roleId`: ADR 017, "Edit User"). */
  role: idNameRef,
  regionId: z.string().nullable(),
  /** `id` repeats regionId, likewise an addition. */
  region: idNameRef.nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type UserItem = z.infer<typeof userItem>;

export const userListQuery = pageQuery.extend({
  roleId: z.uuid('Invalid role').optional(),
  regionId: z.uuid('Invalid region').optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;

/** `parentRole` is the parent's name (as on GET /roles); `parent` the reference, for our own client. */
export const assignableRole = z.object({
  id: z.string(),
  name: z.string(),
  parentRoleId: z.string().nullable(),
  parentRole: z.string().nullable(),
  parent: idNameRef.nullable(),
});
export type AssignableRole = z.infer<typeof assignableRole>;

/** One role of the caller's subtree, with the users holding it (in the caller's region when they have one). */
export interface HierarchyNode {
  role: { id: string; name: string };
  users: { id: string; name: string; email: string; region: { name: string } | null }[];
  children: HierarchyNode[];
}
export const hierarchyNode: z.ZodType<HierarchyNode> = z.lazy(() =>
  z.object({
    role: idNameRef,
    users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), region: nameRef.nullable() })),
    children: z.array(hierarchyNode),
  }),
);

export const myHierarchy = z.object({
  user: userItem,
  /** The caller's chain of superior roles, nearest first. */
  superiors: z.array(idNameRef),
  subordinates: z.array(hierarchyNode),
});
export type MyHierarchy = z.infer<typeof myHierarchy>;

export const USER_MESSAGES = {
  duplicateEmail: 'A user with this email already exists',
  roleNotAssignable: 'You cannot assign this role',
  userNotManageable: 'You cannot manage a user with this role',
  ownRole: 'You cannot change your own role',
  deleteSelf: 'You cannot delete your own account',
  outOfRegion: 'You can only manage users in your region',
  roleNotFound: 'Role not found',
  regionNotFound: 'Region not found',
} as const;
