/**
 * What is installed (issue 21, ADR 023): products and their parts, and the units installed at
 * customers. Its own file so a service request can name its unit (requests.ts) without importing
 * the schedule and job tables that name service requests (maintenance.ts).
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProductTechnology, UnitStatus } from '#shared/domain/maintenance.ts';
import { parts } from './catalogue.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './people.ts';

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
    /** The catalogue item this part of the schedule is (issue 37): what a filter change consumes. */
    stockPartId: uuid().references(() => parts.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.productId, t.position), index().on(t.stockPartId)],
);

/** A fresh public code (see units.publicCode): 18 random bytes as URL-safe base64, no padding. */
export const PUBLIC_CODE_SQL =
  "translate(encode(substring(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex') from 1 for 18), 'base64'), '+/', '-_')";

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
    /**
     * The QR sticker's code (issue 36 item 2, ADR 043): 24 URL-safe base64 characters of 18 bytes
     * from two gen_random_uuid() (138 random bits, pg_strong_random), written by the database on
     * every insert (install, import, demo, bench) and re-issued with `SET public_code = DEFAULT`.
     */
    publicCode: text()
      .notNull()
      .default(sql`${sql.raw(PUBLIC_CODE_SQL)}`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('units_public_code_uq').on(t.publicCode),
    // A serial number is unique among the active units (a removed unit may come back as a new one).
    uniqueIndex('units_serial_active_uq').on(sql`lower(${t.serialNumber})`).where(sql`status = 'ACTIVE'`),
    index().on(t.customerId, t.createdAt),
    index().on(t.productId),
    index().on(t.installedById),
    // The due list and the run walk the active units by their earliest due date.
    index('units_active_next_due_idx').on(t.nextDueOn, t.id).where(sql`status = 'ACTIVE'`),
  ],
);
