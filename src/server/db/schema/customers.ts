import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConsentSource } from '#shared/domain/messages.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
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
    /**
     * The customer's id in the spreadsheet or system they came from (issue 34, ADR 040): a units
     * import names its customer by it. Unique when set.
     */
    externalId: text(),
    /**
     * When the customer was merged into another (issue 34, ADR 038): hidden from every list and
     * read, kept so the merge can be undone (customer_merges, schema/customer-merges.ts).
     */
    mergedAt: tstz(),
    /** The language messages go to the customer in (issue 35 item 4): one of the six. */
    language: text().$type<Locale>().notNull().default('en-IN'),
    /** Consent to messages per channel, when and from where it was last set (issue 35 item 5). */
    whatsappOptIn: boolean().notNull().default(false),
    smsOptIn: boolean().notNull().default(false),
    consentAt: tstz(),
    consentSource: text().$type<ConsentSource>(),
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
    uniqueIndex('customers_external_id_uq').on(t.externalId).where(sql`external_id IS NOT NULL`),
    // Possible duplicates (ADR 038): a very similar name (trigram) and any shared phone, among the
    // customers not merged away. The duplicates query names these exact expressions.
    index('customers_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`).where(sql`merged_at IS NULL`),
    index('customers_phones_gin')
      .using('gin', sql`array_prepend(${t.primaryPhone}, ${t.phoneNumbers})`)
      .where(sql`merged_at IS NULL`),
  ],
);
