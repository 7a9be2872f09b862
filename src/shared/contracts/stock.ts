/**
 * Spare parts and stock (issue 37, ADR 049): the catalogue, stores and vans, on-hand stock, the
 * ledger, transfers and part requests, adjustments, suppliers and purchases, the technician's van
 * and the parts a completion takes from it. The API's names are the issue's (item 9); fields may
 * be added, never renamed. Money is integer paise; quantities are whole units.
 */
import { z } from 'zod';
import {
  GST_RATES,
  isValidGstin,
  LOCATION_KINDS,
  MAX_LINE_QUANTITY,
  MAX_PAISE,
  MAX_STOCK_LINES,
  MOVEMENT_KINDS,
  PART_KINDS,
  PART_UNITS,
  PURCHASE_STATUSES,
  TRANSFER_STATUSES,
} from '../domain/stock.ts';
import { clientTime, idNameRef, optionalText, pageQuery } from './common.ts';
import { phoneNumber } from './customers.ts';
import { isoDate } from './maintenance.ts';

/** The contracts' validation texts (English; each is `error.<key>` in the six server catalogues). */
export const STOCK_MESSAGES = {
  skuRequired: 'SKU is required',
  skuFormat: 'SKU may use letters, digits and - _ . / (up to 40)',
  partNameRequired: 'Part name is required',
  partKind: 'Kind must be one of CARTRIDGE, MEMBRANE, UV_LAMP, PUMP, SMPS, FITTING, OTHER',
  partUnit: 'Unit must be PCS, SET or METRE',
  hsnFormat: 'HSN code must be 4, 6 or 8 digits',
  gstRate: 'GST rate must be 0, 5, 12, 18 or 28',
  paise: 'Amount must be a whole number of paise from 0 to 100000000000',
  quantity: 'Quantity must be a whole number from 1 to 10000',
  adjustQuantity: 'Quantity must be a whole number from -10000 to 10000, not 0',
  reasonRequired: 'A reason is required',
  linesRequired: 'Add at least one part',
  linesTooMany: 'At most 50 lines',
  linesDuplicate: 'Each part may appear only once',
  locationRequired: 'Location is required',
  partRequired: 'Part is required',
  sameLocation: 'From and to must be different locations',
  supplierNameRequired: 'Supplier name is required',
  gstinInvalid: 'GSTIN must be 15 characters with a valid check character',
  invoiceNumberRequired: 'Invoice number is required',
  storeRequired: 'Store is required',
  supplierRequired: 'Supplier is required',
  reorderLevel: 'Reorder level must be a whole number from 0 to 100000, or empty',
  mustBeBoolean: 'Must be true or false',
  locationKind: 'Kind must be STORE or VAN',
  partsTooMany: 'At most 30 parts',
} as const;

export const partKind = z.enum(PART_KINDS, { error: STOCK_MESSAGES.partKind });
export const partUnit = z.enum(PART_UNITS, { error: STOCK_MESSAGES.partUnit });
export const gstRate = z.coerce
  .number({ error: STOCK_MESSAGES.gstRate })
  .int(STOCK_MESSAGES.gstRate)
  .refine((v) => (GST_RATES as readonly number[]).includes(v), STOCK_MESSAGES.gstRate);
export const paise = z.coerce
  .number({ error: STOCK_MESSAGES.paise })
  .int(STOCK_MESSAGES.paise)
  .min(0, STOCK_MESSAGES.paise)
  .max(MAX_PAISE * 100, STOCK_MESSAGES.paise);
const quantity = z.coerce
  .number({ error: STOCK_MESSAGES.quantity })
  .int(STOCK_MESSAGES.quantity)
  .min(1, STOCK_MESSAGES.quantity)
  .max(MAX_LINE_QUANTITY, STOCK_MESSAGES.quantity);
const locationId = z.uuid({ error: STOCK_MESSAGES.locationRequired });
const partId = z.uuid({ error: STOCK_MESSAGES.partRequired });
const boolParam = z.enum(['true', 'false'], { error: STOCK_MESSAGES.mustBeBoolean }).transform((v) => v === 'true');

// ------------------------------------------------------------------ the catalogue

/** The catalogue item's fields, without defaults (a PATCH changes only what it sends). */
const partFields = {
  sku: z
    .string({ error: STOCK_MESSAGES.skuRequired })
    .trim()
    .min(1, STOCK_MESSAGES.skuRequired)
    .max(40, STOCK_MESSAGES.skuFormat)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, STOCK_MESSAGES.skuFormat),
  name: z.string({ error: STOCK_MESSAGES.partNameRequired }).trim().min(1, STOCK_MESSAGES.partNameRequired).max(120),
  kind: partKind,
  unit: partUnit,
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, STOCK_MESSAGES.hsnFormat)
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v || null),
  gstRate,
  pricePaise: paise,
  costPaise: paise,
  /** The products it fits. */
  productIds: z.array(z.uuid()).max(100),
  active: z.boolean(),
};

export const partBody = z.object({
  ...partFields,
  unit: partFields.unit.default('PCS'),
  gstRate: gstRate.default(18),
  costPaise: paise.default(0),
  productIds: partFields.productIds.default([]),
  active: partFields.active.default(true),
});
export type PartBody = z.input<typeof partBody>;
/** PATCH /parts/:id: only the fields sent change (no defaults filled in). */
export const partPatch = z.object(partFields).partial();
export type PartPatch = z.input<typeof partPatch>;

export const partItem = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: partKind,
  unit: partUnit,
  hsnCode: z.string().nullable(),
  gstRate: z.number(),
  pricePaise: z.number(),
  /** The moving-average cost; null for a reader outside the stock roles (a technician). */
  costPaise: z.number().nullable(),
  products: z.array(idNameRef),
  active: z.boolean(),
  createdAt: z.string(),
});
export type PartItem = z.output<typeof partItem>;

/** GET /parts */
export const partListQuery = pageQuery.extend({
  kind: partKind.optional(),
  active: boolParam.optional(),
  productId: z.uuid().optional(),
});
export type PartListQuery = z.output<typeof partListQuery>;

// ------------------------------------------------------------------ locations and stock

export const locationKind = z.enum(LOCATION_KINDS, { error: STOCK_MESSAGES.locationKind });

export const stockLocationItem = z.object({
  id: z.string(),
  kind: locationKind,
  name: z.string(),
  regionId: z.string().nullable(),
  technicianId: z.string().nullable().optional(),
  active: z.boolean(),
});
export type StockLocationItem = z.output<typeof stockLocationItem>;

/** POST /stock-locations: another store in a region (vans come with their technicians). */
export const storeBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(2, 'Name must be at least 2 characters').max(80),
  regionId: z.uuid({ error: 'Region is required' }),
});

export const stockLocationQuery = z.object({
  kind: locationKind.optional(),
  regionId: z.uuid().optional(),
});

const locationRef = z.object({ id: z.string(), kind: locationKind, name: z.string() });
const partRef = z.object({ id: z.string(), sku: z.string(), name: z.string(), unit: partUnit });

/** GET /stock */
export const stockQuery = pageQuery.extend({
  locationId: z.uuid().optional(),
  partId: z.uuid().optional(),
  kind: locationKind.optional(),
  low: boolParam.optional(),
  negative: boolParam.optional(),
});
export type StockQuery = z.output<typeof stockQuery>;

export const stockRow = z.object({
  location: locationRef,
  part: partRef,
  onHand: z.number(),
  reorderLevel: z.number().nullable(),
  /** At or below its reorder level. */
  low: z.boolean(),
});
export type StockRow = z.output<typeof stockRow>;

/** PUT /stock/reorder-levels */
export const reorderLevelsBody = z.object({
  levels: z
    .array(
      z.object({
        locationId,
        partId,
        reorderLevel: z
          .number({ error: STOCK_MESSAGES.reorderLevel })
          .int(STOCK_MESSAGES.reorderLevel)
          .min(0, STOCK_MESSAGES.reorderLevel)
          .max(100_000, STOCK_MESSAGES.reorderLevel)
          .nullable(),
      }),
    )
    .min(1, STOCK_MESSAGES.linesRequired)
    .max(200),
});
export type ReorderLevelsBody = z.input<typeof reorderLevelsBody>;

export const movementKind = z.enum(MOVEMENT_KINDS);

/** GET /stock/movements */
export const movementQuery = pageQuery.extend({
  locationId: z.uuid().optional(),
  partId: z.uuid().optional(),
  requestId: z.uuid().optional(),
});
export type MovementQuery = z.output<typeof movementQuery>;

export const movementItem = z.object({
  id: z.string(),
  kind: movementKind,
  /** Signed: what it did to the location's on-hand. */
  quantity: z.number(),
  location: locationRef,
  part: partRef,
  unitCostPaise: z.number().nullable(),
  reason: z.string().nullable(),
  transferId: z.string().nullable(),
  purchaseId: z.string().nullable(),
  request: z.object({ id: z.string(), ticketNumber: z.string() }).nullable(),
  actor: idNameRef.nullable(),
  createdAt: z.string(),
});
export type MovementItem = z.output<typeof movementItem>;

/** POST /stock/adjustments: a count corrected (quantity signed, a reason required). */
export const adjustmentBody = z.object({
  locationId,
  partId,
  quantity: z.coerce
    .number({ error: STOCK_MESSAGES.adjustQuantity })
    .int(STOCK_MESSAGES.adjustQuantity)
    .min(-MAX_LINE_QUANTITY, STOCK_MESSAGES.adjustQuantity)
    .max(MAX_LINE_QUANTITY, STOCK_MESSAGES.adjustQuantity)
    .refine((v) => v !== 0, STOCK_MESSAGES.adjustQuantity),
  reason: z.string({ error: STOCK_MESSAGES.reasonRequired }).trim().min(3, STOCK_MESSAGES.reasonRequired).max(200),
});
export type AdjustmentBody = z.input<typeof adjustmentBody>;

// ------------------------------------------------------------------ transfers and part requests

export const stockLine = z.object({ partId, quantity });
export const stockLines = z
  .array(stockLine, { error: STOCK_MESSAGES.linesRequired })
  .min(1, STOCK_MESSAGES.linesRequired)
  .max(MAX_STOCK_LINES, STOCK_MESSAGES.linesTooMany)
  .refine((lines) => new Set(lines.map((l) => l.partId)).size === lines.length, STOCK_MESSAGES.linesDuplicate);
export type StockLine = z.output<typeof stockLine>;

/** POST /stock/transfers: issued at once (out of the source's on-hand). */
export const transferBody = z
  .object({
    fromLocationId: locationId,
    toLocationId: locationId,
    lines: stockLines,
    note: optionalText(200),
  })
  .refine((b) => b.fromLocationId !== b.toLocationId, { error: STOCK_MESSAGES.sameLocation, path: ['toLocationId'] });
export type TransferBody = z.input<typeof transferBody>;

/** POST /stock/part-requests: a technician asks their store for parts (queued offline). */
export const partRequestBody = z.object({
  lines: stockLines,
  note: optionalText(200),
  /** Another store of the technician's region than its first. */
  storeId: z.uuid().optional(),
  clientTime,
});
export type PartRequestBody = z.input<typeof partRequestBody>;

/** POST /stock/transfers/:id/issue: a part request issued, its lines as asked or changed. */
export const issueBody = z.object({ lines: stockLines.optional(), note: optionalText(200) });
/** POST /stock/transfers/:id/receive (and /cancel). */
export const receiveBody = z.object({ clientTime }).default({});

export const transferStatus = z.enum(TRANSFER_STATUSES);

/** GET /stock/transfers */
export const transferQuery = pageQuery.extend({
  status: transferStatus.optional(),
  locationId: z.uuid().optional(),
});
export type TransferQuery = z.output<typeof transferQuery>;

export const transferItem = z.object({
  id: z.string(),
  status: transferStatus,
  /** ISSUE (store to van), RETURN (van to store) or MOVE (store to store). */
  kind: z.enum(['ISSUE', 'RETURN', 'MOVE']),
  from: locationRef,
  to: locationRef,
  lines: z.array(z.object({ part: partRef, quantity: z.number() })),
  note: z.string().nullable(),
  requestedBy: idNameRef.nullable(),
  issuedBy: idNameRef.nullable(),
  receivedBy: idNameRef.nullable(),
  requestedAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TransferItem = z.output<typeof transferItem>;

// ------------------------------------------------------------------ the technician's van

/** GET /technicians/me/van */
export const vanAnswer = z.object({
  location: stockLocationItem,
  stock: z.array(z.object({ part: partRef, onHand: z.number() })),
  /** Part requests and issues not yet received. */
  pending: z.array(transferItem),
});
export type VanAnswer = z.output<typeof vanAnswer>;

/** The stop body's part (issue 37): the catalogue parts fitted, taken from the technician's van. */
export const stockVisitPart = z.object({
  parts: z.array(stockLine).max(30, STOCK_MESSAGES.partsTooMany).optional(),
});

/** A part a request used, on the request's details. */
export const requestPartItem = z.object({
  partId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  /** Covered by the unit's active AMC (parts included): the customer does not pay. */
  covered: z.boolean(),
  /** The sale price of one, when it was taken from the catalogue. */
  pricePaise: z.number().nullable(),
});
export type RequestPartItem = z.output<typeof requestPartItem>;

// ------------------------------------------------------------------ suppliers and purchases

export const supplierBody = z.object({
  name: z
    .string({ error: STOCK_MESSAGES.supplierNameRequired })
    .trim()
    .min(2, STOCK_MESSAGES.supplierNameRequired)
    .max(120),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isValidGstin(v), STOCK_MESSAGES.gstinInvalid)
    .nullish()
    .transform((v) => v || null),
  phone: phoneNumber.nullish().or(z.literal('').transform(() => null)),
  address: optionalText(300),
  active: z.boolean().default(true),
});
export type SupplierBody = z.input<typeof supplierBody>;
/** PATCH /suppliers/:id: only the fields sent change (`active` gets no default here). */
export const supplierPatch = supplierBody.partial().extend({ active: z.boolean().optional() });
export type SupplierPatch = z.input<typeof supplierPatch>;

export const supplierItem = z.object({
  id: z.string(),
  name: z.string(),
  gstin: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type SupplierItem = z.output<typeof supplierItem>;

export const purchaseLineBody = z.object({
  partId,
  quantity,
  unitCostPaise: paise,
  gstRate,
});

/** POST /purchases: recorded as DRAFT with its totals; received with POST /purchases/:id/receive. */
export const purchaseBody = z.object({
  supplierId: z.uuid({ error: STOCK_MESSAGES.supplierRequired }),
  invoiceNumber: z
    .string({ error: STOCK_MESSAGES.invoiceNumberRequired })
    .trim()
    .min(1, STOCK_MESSAGES.invoiceNumberRequired)
    .max(40),
  invoiceDate: isoDate,
  storeId: z.uuid({ error: STOCK_MESSAGES.storeRequired }),
  lines: z
    .array(purchaseLineBody, { error: STOCK_MESSAGES.linesRequired })
    .min(1, STOCK_MESSAGES.linesRequired)
    .max(MAX_STOCK_LINES, STOCK_MESSAGES.linesTooMany),
});
export type PurchaseBody = z.input<typeof purchaseBody>;

/** POST /purchases/:id/reverse */
export const reverseBody = z.object({
  reason: z.string({ error: STOCK_MESSAGES.reasonRequired }).trim().min(3, STOCK_MESSAGES.reasonRequired).max(200),
});

export const purchaseStatus = z.enum(PURCHASE_STATUSES);

/** GET /purchases */
export const purchaseQuery = pageQuery.extend({
  status: purchaseStatus.optional(),
  supplierId: z.uuid().optional(),
  storeId: z.uuid().optional(),
});
export type PurchaseQuery = z.output<typeof purchaseQuery>;

export const purchaseItem = z.object({
  id: z.string(),
  supplier: z.object({ id: z.string(), name: z.string(), gstin: z.string().nullable() }),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  store: locationRef,
  status: purchaseStatus,
  /** IGST (supplier in another state) rather than CGST + SGST. */
  interState: z.boolean(),
  lines: z.array(
    z.object({
      part: partRef,
      quantity: z.number(),
      unitCostPaise: z.number(),
      gstRate: z.number(),
      taxablePaise: z.number(),
      taxPaise: z.number(),
    }),
  ),
  taxablePaise: z.number(),
  cgstPaise: z.number(),
  sgstPaise: z.number(),
  igstPaise: z.number(),
  totalPaise: z.number(),
  /** A signed link to the invoice's photo or PDF, when attached. */
  invoiceUrl: z.string().nullable(),
  createdBy: idNameRef.nullable(),
  receivedAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
  reverseReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaseItem = z.output<typeof purchaseItem>;
