/**
 * Importing customers and units from CSV or Excel (issue 34 item 2, ADR 040).
 *
 *   POST /api/imports/customers, /api/imports/units           multipart: file, dryRun, onDuplicate,
 *                                                              duplicateChoices, mapping → importResult
 *   POST /api/imports/customers/errors, /api/imports/units/errors   the same file back with an Errors column
 *   GET  /api/imports/customers/template?format=csv|xlsx (and units)   headers and one example row
 *
 * Rows are numbered as a spreadsheet shows them: the header is row 1. Each row is validated with
 * the forms' own contracts (customers.ts `customerBody`, units.ts `unitCreateBody`), so a row's
 * message is the form's message, in the reader's language.
 */
import { z } from 'zod';

export const IMPORT_KINDS = ['customers', 'units'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The largest file accepted (multipart limit: 413 past it). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most data rows one file may hold (the header not counted). */
export const IMPORT_MAX_ROWS = 100_000;
/** The preview: this many data rows of the file, as read. */
export const IMPORT_PREVIEW_ROWS = 10;
/** At most this many row errors in one answer (`errorCount` has them all; the errors copy lists every one). */
export const IMPORT_MAX_ERRORS = 10_000;

export const CUSTOMER_IMPORT_FIELDS = [
  'name',
  'primaryPhone',
  'phoneNumbers',
  'email',
  'address',
  'region',
  'latitude',
  'longitude',
  'externalId',
  'language',
] as const;
export const UNIT_IMPORT_FIELDS = [
  'customerPhone',
  'customerExternalId',
  'product',
  'brand',
  'serialNumber',
  'installedOn',
  'locationNote',
] as const;
export type CustomerImportField = (typeof CUSTOMER_IMPORT_FIELDS)[number];
export type UnitImportField = (typeof UNIT_IMPORT_FIELDS)[number];

/** A part's last-changed column maps to `lastChanged:<part name>` (e.g. `lastChanged:Sediment filter`). */
export const LAST_CHANGED_PREFIX = 'lastChanged:';

export const DUPLICATE_CHOICES = ['skip', 'update', 'create'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

export const DUPLICATE_REASONS = ['phone', 'externalId'] as const;

const CHOICE_INVALID = 'onDuplicate must be skip, update or create';

/**
 * The multipart fields besides `file`, as text. `mapping`: a JSON object, the file's column header
 * → a field (or '' to leave the column out); columns not named are mapped by their header.
 * `duplicateChoices`: a JSON object, row number → skip|update|create, over `onDuplicate`.
 */
export const importFields = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).default('true'),
  onDuplicate: z.enum(DUPLICATE_CHOICES, { error: CHOICE_INVALID }).default('skip'),
  mapping: z.string().max(20_000).optional(),
  duplicateChoices: z.string().max(200_000).optional(),
});
export type ImportFields = z.output<typeof importFields>;

/** `mapping` once parsed from its JSON text. */
export const importMapping = z
  .record(z.string().max(200), z.string().max(200))
  .refine((m) => Object.keys(m).length <= 200);
/** `duplicateChoices` once parsed from its JSON text. */
export const duplicateChoices = z
  .record(z.string().regex(/^\d{1,7}$/), z.enum(DUPLICATE_CHOICES, { error: CHOICE_INVALID }))
  .refine((m) => Object.keys(m).length <= 100_000);

export const templateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }).default('csv'),
});

export const importRowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const importDuplicate = z.object({
  row: z.number().int(),
  /** The existing customer the row matches. */
  customerId: z.string(),
  reason: z.enum(DUPLICATE_REASONS),
  /** The existing customer's name and phone, to decide by. */
  name: z.string(),
  primaryPhone: z.string(),
  /** What happens to the row: its per-row choice, else `onDuplicate`. */
  choice: z.enum(DUPLICATE_CHOICES),
});
export type ImportDuplicate = z.infer<typeof importDuplicate>;

export const importResult = z.object({
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  /** Data rows in the file (blank rows not counted). */
  rows: z.number().int(),
  /** Rows without an error. */
  valid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importRowError),
  /** Every row error, when `errors` was cut at IMPORT_MAX_ERRORS. */
  errorCount: z.number().int(),
  duplicates: z.array(importDuplicate),
  /** The file's columns and the field each is read as (null: left out). */
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  /** What a column may be mapped to, labelled in the reader's language. */
  fields: z.array(z.object({ field: z.string(), label: z.string(), required: z.boolean() })),
  /** The first data rows as read, cell by cell in the columns' order, with their row numbers. */
  preview: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
});
export type ImportResult = z.infer<typeof importResult>;

/** A refused import (422): nothing was written; the same report, with a message. */
export const importRefused = importResult.extend({ message: z.string(), code: z.literal('VALIDATION') });
export type ImportRefused = z.infer<typeof importRefused>;
