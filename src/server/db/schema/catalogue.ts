/**
 * The parts catalogue (issue 37, ADR 049): its own file, imported by units.ts (a product's parts
 * point at catalogue items), maintenance.ts (what a visit used) and stock.ts (the ledger).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PartKind, PartUnit } from '#shared/domain/stock.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/** The parts catalogue. Money in paise; `costPaise` is the moving-average cost. */
export const parts = pgTable(
  'parts',
  {
    id: id(),
    sku: text().notNull(),
    name: text().notNull(),
    kind: text().$type<PartKind>().notNull(),
    unit: text().$type<PartUnit>().notNull().default('PCS'),
    hsnCode: text(),
    gstRate: integer().notNull().default(18),
    pricePaise: bigint({ mode: 'number' }).notNull().default(0),
    costPaise: bigint({ mode: 'number' }).notNull().default(0),
    active: boolean().notNull().default(true),
    /** lower(sku + name): what the list search matches. */
    searchText: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('parts_sku_uq').on(sql`lower(${t.sku})`),
    index('parts_name_lower_idx').on(sql`lower(${t.name})`),
    index().on(t.kind, t.name),
    index('parts_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
