/**
 * The installed base (issue 21, ADR 023): products and their parts and the units installed at
 * customers (units.ts, re-exported here), each unit's schedule (one row per part, one per AMC),
 * contracts, the due jobs the scheduler raised (unique per unit and due date: "never twice") and
 * what a visit replaced.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ContractStatus, ContractType } from '#shared/domain/maintenance.ts';
import { parts } from './catalogue.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './people.ts';
import { serviceRequests } from './requests.ts';
import { stockLocations } from './stock.ts';
import { productParts, products, units } from './units.ts';

export { productParts, products, units };

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
    // The contracts report (issue 38, ADR 050): the AMCs ending in a range, whatever their status.
    index('contracts_amc_ends_idx').on(t.endsOn).where(sql`type = 'AMC'`),
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
  (t) => [
    uniqueIndex('maintenance_jobs_unit_due_uq').on(t.unitId, t.dueOn),
    index().on(t.requestId),
    // The maintenance report (issue 38, ADR 050): the jobs due in a range.
    index('maintenance_jobs_due_idx').on(t.dueOn),
  ],
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
    /** The catalogue item (issue 37): picked at completion, or mapped from the old free text by name. */
    stockPartId: uuid().references(() => parts.id, { onDelete: 'set null' }),
    /** The van it was taken from (null: recorded before stock, or no van). */
    locationId: uuid().references(() => stockLocations.id, { onDelete: 'set null' }),
    /** Covered by the unit's active AMC with parts included; otherwise chargeable at `pricePaise` each. */
    covered: boolean().notNull().default(false),
    pricePaise: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.requestId), index().on(t.unitId), index().on(t.partId), index().on(t.stockPartId)],
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
