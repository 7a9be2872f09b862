import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { regions, users } from './people.ts';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text().notNull(),
    address: text().notNull(),
    primaryPhone: text().notNull(),
    phoneNumbers: text().array().notNull().default(sql`'{}'::text[]`),
    email: text(),
    regionId: uuid()
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    locationAccuracy: doublePrecision(),
    /** name + every phone, lower-case: what the list search matches (trigram index). */
    searchText: text().notNull().default(''),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.regionId, t.name),
    index().on(t.name),
    index('customers_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
