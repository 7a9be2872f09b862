/**
 * Customers as an import writes and finds them (issue 34, ADR 040): the customers module's API for
 * the imports module. Each row has passed the form's contract (`customerBody`) before it comes
 * here; its values are the ones a form's save would store (`valuesOf`), written many at a time in
 * the importer's transaction.
 */
import type { Tx } from '#server/db/client.ts';
import type { CustomerBody } from '#shared/contracts/customers.ts';
import * as repo from './import.repository.ts';
import { valuesOf } from './service.ts';

export type { PhoneMatch, StoredCustomer } from './import.repository.ts';

export interface CustomerImportRow {
  body: CustomerBody;
  externalId: string | null;
}

export class CustomerImports {
  regions(tx: Tx) {
    return repo.allRegions(tx);
  }

  /** Existing customers with any of these phones (primary or additional). */
  byPhones(tx: Tx, phones: readonly string[]) {
    return repo.customersByPhones(tx, phones);
  }

  /** Existing customers with any of these external ids. */
  byExternalIds(tx: Tx, ids: readonly string[]) {
    return repo.customersByExternalIds(tx, ids);
  }

  /** The stored optional values of customers about to be updated, locked until the transaction ends. */
  stored(tx: Tx, ids: readonly string[]) {
    return repo.storedCustomers(tx, ids);
  }

  async create(tx: Tx, rows: readonly CustomerImportRow[], createdById: string): Promise<void> {
    await repo.insertCustomers(
      tx,
      rows.map((r) => ({ ...valuesOf(r.body), externalId: r.externalId })),
      createdById,
    );
  }

  /** Overwrite customers with rows; the requests of those renamed keep their search text true. */
  async update(tx: Tx, rows: readonly (CustomerImportRow & { id: string; renamed: boolean })[]): Promise<void> {
    await repo.updateCustomers(
      tx,
      rows.map((r) => ({ id: r.id, ...valuesOf(r.body), externalId: r.externalId })),
    );
    await repo.refreshRequestSearchText(
      tx,
      rows.filter((r) => r.renamed).map((r) => r.id),
    );
  }
}
