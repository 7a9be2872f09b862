/** Roles, regions, users and their refresh sessions. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SystemRole } from '#shared/domain/roles.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text().notNull(),
    parentRoleId: uuid().references((): AnyPgColumn => roles.id, { onDelete: 'restrict' }),
    immutable: boolean().notNull().default(false),
    permissions: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The system role whose rights this role carries: its own name, or its nearest system ancestor's (ADR 007). */
    policyRole: text().$type<SystemRole>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_name_lower_uq').on(sql`lower(${t.name})`), index().on(t.parentRoleId)],
);

export const regions = pgTable(
  'regions',
  {
    id: id(),
    name: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('regions_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    /** Always stored lower-case. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    phone: text(),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    regionId: uuid().references(() => regions.id, { onDelete: 'restrict' }),
    status: text().$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
    createdById: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Unread notifications, kept by the notification writes (O(1) bell). */
    unreadNotifications: integer().notNull().default(0),
    /** When this technician was last given a task (auto-assign tie-break). */
    lastAssignedAt: tstz(),
    passwordChangedAt: tstz(),
    /** The language the user chose (ADR 022): one of LOCALES, or null to follow the browser. */
    locale: text().$type<Locale>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index().on(t.roleId, t.status, t.regionId),
    index().on(t.regionId),
    index().on(t.createdById),
    index('users_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the current refresh secret; an older secret presented again is a reuse. */
    tokenHash: text().notNull(),
    rotations: integer().notNull().default(0),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    lastUsedAt: createdAt(),
    expiresAt: tstz().notNull(),
    revokedAt: tstz(),
    revokedReason: text(),
  },
  (t) => [index().on(t.userId)],
);
