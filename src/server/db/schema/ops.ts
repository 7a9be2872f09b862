/**
 * State that several server processes share through PostgreSQL (ADR on operations):
 * photo bytes for STORAGE_DRIVER=postgres, and the request counters of the rate limits.
 */
import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Photo objects by storage key (lib/storage-postgres.ts). */
export const mediaObjects = pgTable('media_objects', {
  key: text().primaryKey(),
  contentType: text().notNull(),
  sizeBytes: integer().notNull(),
  data: bytea().notNull(),
  createdAt: createdAt(),
});

/** One fixed window per rate-limit key (route + client): @fastify/rate-limit's store on PostgreSQL. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.resetAt)],
);
