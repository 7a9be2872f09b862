/**
 * The installed base (issue 21, ADR 023): products and their parts, the units installed at
 * customers, each unit's schedule (one row per part, one per AMC), contracts, the due jobs the
 * scheduler raised (unique per unit and due date: "never twice") and what a visit replaced.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContractStatus, ContractType, ProductTechnology, UnitStatus } from '#shared/domain/maintenance.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './people.ts';
import { serviceRequests } from './requests.ts';

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text().notNull(),
    brand: text().notNull(),
    technology: text().$type<ProductTechnology>().notNull(),
    warrantyMonths: integer().notNull().default(12),
    /** lower(brand + name): what the list search matches. */
    searchText: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_brand_name_uq').on(sql`lower(${t.brand})`, sql`lower(${t.name})`), index().on(t.name)],
);

export const productParts = pgTable(
  'product_parts',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    intervalMonths: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId, t.position)],
);

export const units = pgTable(
  'units',
  {
    id: id(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    serialNumber: text().notNull(),
    installedOn: date({ mode: 'string' }).notNull(),
    locationNote: text(),
    status: text().$type<UnitStatus>().notNull().default('ACTIVE'),
    installedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The earliest next_due_on of its schedule rows (kept by the service): the due list's order. */
    nextDueOn: date({ mode: 'string' }),
    removedAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A serial number is unique among the active units (a removed unit may come back as a new one).
    uniqueIndex('units_serial_active_uq').on(sql`lower(${t.serialNumber})`).where(sql`status = 'ACTIVE'`),
    index().on(t.customerId, t.createdAt),
    index().on(t.productId),
    index().on(t.installedById),
    // The due list and the run walk the active units by their earliest due date.
    index('units_active_next_due_idx').on(t.nextDueOn, t.id).where(sql`status = 'ACTIVE'`),
  ],
);

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    unitId: uuid()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    type: text().$type<ContractType>().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    visitsPerYear: integer().notNull().default(0),
    partsIncluded: boolean().notNull().default(false),
    /** INR in paise. */
    price: integer().notNull().default(0),
    status: text().$type<ContractStatus>().notNull().default('ACTIVE'),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.unitId, t.startsOn),
    // Expiring contracts: the active ones by end date.
    index('contracts_active_ends_idx').on(t.endsOn).where(sql`status = 'ACTIVE'`),
    index().on(t.createdById),
  ],
);

/** One row per part of a unit, and one per AMC contract (its visits). */
export const unitSchedule = pgTable(
  'unit_schedule',
  {
    id: id(),
    unitId: uuid()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    partId: uuid().references(() => productParts.id, { onDelete: 'cascade' }),
    contractId: uuid().references(() => contracts.id, { onDelete: 'cascade' }),
    lastChangedOn: date({ mode: 'string' }),
    /** Null when an AMC's visits are all done. */
    nextDueOn: date({ mode: 'string' }),
    visitsDone: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('unit_schedule_part_uq').on(t.unitId, t.partId),
    uniqueIndex('unit_schedule_contract_uq').on(t.unitId, t.contractId),
    index().on(t.partId),
    index().on(t.contractId),
  ],
);

/**
 * The due jobs the scheduler raised: one per (unit, due date), enforced by the database, so two
 * runs at once or a run killed and run again never raise a second request for the same due.
 */
export const maintenanceJobs = pgTable(
  'maintenance_jobs',
  {
    id: id(),
    unitId: uuid()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    dueOn: date({ mode: 'string' }).notNull(),
    requestId: uuid().references(() => serviceRequests.id, { onDelete: 'set null' }),
    chargeable: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('maintenance_jobs_unit_due_uq').on(t.unitId, t.dueOn), index().on(t.requestId)],
);

/** What a visit replaced (parts of the unit) and the spare parts it used. */
export const workParts = pgTable(
  'work_parts',
  {
    id: id(),
    requestId: uuid()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    partId: uuid().references(() => productParts.id, { onDelete: 'set null' }),
    name: text().notNull(),
    quantity: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.requestId), index().on(t.unitId), index().on(t.partId)],
);

/** Renewal reminders sent: one per contract and threshold (30, 7, 1 days), never twice. */
export const contractReminders = pgTable(
  'contract_reminders',
  {
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    daysBefore: integer().notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.daysBefore] })],
);
