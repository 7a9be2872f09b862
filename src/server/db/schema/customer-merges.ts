/**
 * Duplicate customers merged (issue 34, ADR 038): one row per merge, holding what the undo needs to
 * put everything back exactly: the rows moved per table and per customer they came from, the phones
 * the surviving customer gained, and the merged customers as they were.
 */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './people.ts';

/** The rows a merge moved to the surviving customer, by the merged customer they belonged to. */
export interface MergeMovedRows {
  /** service_requests ids (their history, work logs and photos go with them). */
  requests: Record<string, string[]>;
  /** units ids (their contracts and schedule go with them). */
  units: Record<string, string[]>;
  /** The contracts of the moved units, for the counts. */
  contracts: string[];
  /** approval_history rows of the moved requests, for the counts. */
  history: number;
}

/** A merged customer as it was when merged. */
export interface MergedCustomerSnapshot {
  id: string;
  name: string;
  address: string;
  primaryPhone: string;
  phoneNumbers: string[];
  email: string | null;
  regionId: string;
}

export const customerMerges = pgTable(
  'customer_merges',
  {
    id: id(),
    /** The surviving customer; null once deleted (the merge can then no longer be undone). */
    survivorId: uuid().references(() => customers.id, { onDelete: 'set null' }),
    mergedIds: uuid().array().notNull(),
    moved: jsonb().$type<MergeMovedRows>().notNull(),
    /** The phones the survivor gained (the undo takes exactly these off again). */
    phonesAdded: text().array().notNull(),
    snapshot: jsonb().$type<MergedCustomerSnapshot[]>().notNull(),
    mergedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    mergedAt: createdAt(),
    undoneAt: tstz(),
    undoneById: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.survivorId, t.mergedAt), index().on(t.mergedById), index().on(t.undoneById)],
);
