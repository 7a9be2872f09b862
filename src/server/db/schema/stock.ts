/**
 * Spare parts and stock (issue 37, ADR 049): the parts catalogue, the stores and vans, the
 * append-only movement ledger and the balances a trigger keeps from it (migration 0020), transfers
 * and part requests, suppliers and their purchases.
 *
 * `stock_movements` is the truth: rows are only inserted (a trigger refuses UPDATE and DELETE).
 * `stock_balances` (location, part) → on hand is kept by the insert trigger in the same
 * transaction, so a balance never disagrees with the ledger and reading it is one index probe.
 * Stores are made for every region and vans for every technician by triggers on regions and users
 * (so the demo data, imports and the bench get them too).
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
import type { LocationKind, MovementKind, PurchaseStatus, TransferStatus } from '#shared/domain/stock.ts';
import { parts } from './catalogue.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { regions, users } from './people.ts';
import { serviceRequests } from './requests.ts';
import { products } from './units.ts';

export { parts };

/** The products a part fits. */
export const partProducts = pgTable(
  'part_products',
  {
    partId: uuid()
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.partId, t.productId] }), index().on(t.productId)],
);

/** A store (per region; more allowed) or a technician's van. */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: id(),
    kind: text().$type<LocationKind>().notNull(),
    name: text().notNull(),
    /** A deleted region leaves its store (and the stock in it) to the admins. */
    regionId: uuid().references(() => regions.id, { onDelete: 'set null' }),
    technicianId: uuid().references(() => users.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_locations_van_uq').on(t.technicianId).where(sql`kind = 'VAN'`),
    index().on(t.regionId, t.kind, t.name),
  ],
);

/** The append-only ledger. `quantity` is signed: what it did to the location's on-hand. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    locationId: uuid()
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    partId: uuid()
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    kind: text().$type<MovementKind>().notNull(),
    quantity: integer().notNull(),
    /** The part's cost at the time (a receipt: the line's unit cost). */
    unitCostPaise: bigint({ mode: 'number' }).notNull().default(0),
    reason: text(),
    transferId: uuid(),
    purchaseId: uuid(),
    requestId: uuid().references(() => serviceRequests.id, { onDelete: 'set null' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.locationId, t.createdAt.desc(), t.id.desc()),
    index().on(t.partId, t.createdAt.desc(), t.id.desc()),
    index().on(t.createdAt.desc(), t.id.desc()),
    index().on(t.requestId).where(sql`request_id IS NOT NULL`),
    index().on(t.transferId).where(sql`transfer_id IS NOT NULL`),
    index().on(t.purchaseId).where(sql`purchase_id IS NOT NULL`),
    index().on(t.actorId),
  ],
);

/** On hand per (location, part), kept by the ledger's trigger; the reorder level per store. */
export const stockBalances = pgTable(
  'stock_balances',
  {
    locationId: uuid()
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'cascade' }),
    partId: uuid()
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    onHand: integer().notNull().default(0),
    reorderLevel: integer(),
    /** When the store's manager was told it crossed its level (cleared when it is above again). */
    lowNotifiedAt: tstz(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.partId] }),
    index().on(t.partId),
    index('stock_balances_low_idx')
      .on(t.locationId, t.partId)
      .where(sql`reorder_level IS NOT NULL AND on_hand <= reorder_level`),
    index('stock_balances_negative_idx').on(t.locationId, t.partId).where(sql`on_hand < 0`),
  ],
);

/** A transfer between two locations, or a technician's request for parts (REQUESTED). */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: id(),
    fromLocationId: uuid()
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    toLocationId: uuid()
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    status: text().$type<TransferStatus>().notNull(),
    note: text(),
    requestedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    issuedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    receivedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelledById: uuid().references(() => users.id, { onDelete: 'set null' }),
    requestedAt: tstz(),
    issuedAt: tstz(),
    receivedAt: tstz(),
    cancelledAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.fromLocationId, t.createdAt.desc()),
    index().on(t.toLocationId, t.createdAt.desc()),
    index().on(t.status, t.createdAt.desc()),
    index().on(t.createdAt.desc(), t.id.desc()),
    index().on(t.requestedById),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    transferId: uuid()
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    partId: uuid()
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.transferId, t.partId] }), index().on(t.partId)],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    name: text().notNull(),
    gstin: text(),
    phone: text(),
    address: text(),
    active: boolean().notNull().default(true),
    searchText: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('suppliers_gstin_uq').on(t.gstin).where(sql`gstin IS NOT NULL`),
    index('suppliers_name_lower_idx').on(sql`lower(${t.name})`),
    index('suppliers_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A supplier's invoice: recorded (DRAFT), received into a store, or reversed. Never edited once received. */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    supplierId: uuid()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    invoiceNumber: text().notNull(),
    invoiceDate: date({ mode: 'string' }).notNull(),
    storeId: uuid()
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    status: text().$type<PurchaseStatus>().notNull().default('DRAFT'),
    interState: boolean().notNull().default(false),
    taxablePaise: bigint({ mode: 'number' }).notNull(),
    cgstPaise: bigint({ mode: 'number' }).notNull(),
    sgstPaise: bigint({ mode: 'number' }).notNull(),
    igstPaise: bigint({ mode: 'number' }).notNull(),
    totalPaise: bigint({ mode: 'number' }).notNull(),
    /** The invoice's photo or PDF in the photo storage (the upload path's key), if attached. */
    invoiceFileKey: text(),
    invoiceFileType: text(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    receivedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    reversedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    receivedAt: tstz(),
    reversedAt: tstz(),
    reverseReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchases_supplier_invoice_uq').on(t.supplierId, sql`lower(${t.invoiceNumber})`),
    index().on(t.storeId, t.invoiceDate.desc()),
    index().on(t.invoiceDate.desc(), t.id.desc()),
    index().on(t.status, t.invoiceDate.desc()),
  ],
);

export const purchaseLines = pgTable(
  'purchase_lines',
  {
    purchaseId: uuid()
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    partId: uuid()
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    unitCostPaise: bigint({ mode: 'number' }).notNull(),
    gstRate: integer().notNull(),
    taxablePaise: bigint({ mode: 'number' }).notNull(),
    taxPaise: bigint({ mode: 'number' }).notNull(),
    /** The part's average cost before and after this receipt (a reversal restores `before`). */
    costBeforePaise: bigint({ mode: 'number' }),
    costAfterPaise: bigint({ mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.purchaseId, t.position] }), index().on(t.partId)],
);
