/**
 * Which column is which field (ADR 040): each header is matched, after folding case, spaces and
 * punctuation, against the field's label in all six languages, its key and a few English words
 * spreadsheets use; `<part> last changed` (in any of the languages) is a part's last-changed
 * date. A `mapping` sent with the file names a column's field itself, or '' to leave it out.
 */
import {
  type CUSTOMER_IMPORT_FIELDS,
  type ImportKind,
  type ImportRowError,
  LAST_CHANGED_PREFIX,
  type UNIT_IMPORT_FIELDS,
} from '#shared/contracts/imports.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { type ColumnKey, columnLabel, importText, LAST_CHANGED_PATTERNS, labelsEverywhere } from './text.ts';

type FieldKey = Exclude<ColumnKey, 'lastChanged' | 'errors'>;

interface FieldSpec {
  field: FieldKey;
  required: boolean;
  /** English words a spreadsheet may use for it, besides its labels. */
  also: string[];
}

const CUSTOMER_SPECS: Record<(typeof CUSTOMER_IMPORT_FIELDS)[number], FieldSpec> = {
  name: { field: 'name', required: true, also: ['customer', 'customer name', 'full name'] },
  primaryPhone: {
    field: 'primaryPhone',
    required: true,
    also: ['phone number', 'mobile', 'mobile number', 'primary phone', 'contact number'],
  },
  phoneNumbers: {
    field: 'phoneNumbers',
    required: false,
    also: ['additional phones', 'alternate phone', 'alternate phones', 'other phone', 'phone 2'],
  },
  email: { field: 'email', required: false, also: ['e mail', 'email address', 'mail'] },
  address: { field: 'address', required: true, also: ['full address', 'street address'] },
  region: { field: 'region', required: true, also: ['area', 'zone', 'region name'] },
  latitude: { field: 'latitude', required: false, also: ['lat'] },
  longitude: { field: 'longitude', required: false, also: ['lng', 'long', 'lon'] },
  externalId: { field: 'externalId', required: false, also: ['customer id', 'customer code', 'external id', 'id'] },
  language: { field: 'language', required: false, also: ['message language', 'preferred language', 'lang'] },
};

const UNIT_SPECS: Record<(typeof UNIT_IMPORT_FIELDS)[number], FieldSpec> = {
  customerPhone: { field: 'customerPhone', required: false, also: ['phone', 'mobile', 'customer mobile'] },
  customerExternalId: {
    field: 'customerExternalId',
    required: false,
    also: ['customer id', 'customer code', 'external id'],
  },
  product: { field: 'product', required: true, also: ['model', 'product name', 'purifier'] },
  brand: { field: 'brand', required: false, also: ['make'] },
  serialNumber: { field: 'serialNumber', required: true, also: ['serial', 'serial no', 'sl no', 'serial num'] },
  installedOn: {
    field: 'installedOn',
    required: true,
    also: ['installation date', 'installed', 'install date', 'date of installation'],
  },
  locationNote: { field: 'locationNote', required: false, also: ['location', 'note', 'notes'] },
};

export function specsOf(kind: ImportKind): FieldSpec[] {
  return Object.values(kind === 'customers' ? CUSTOMER_SPECS : UNIT_SPECS);
}

/** A header as compared: case, spaces and punctuation folded. */
export function fold(header: string): string {
  return header
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_\-.:*#()/]+/gu, ' ')
    .trim();
}

const ALIASES = new Map<ImportKind, Map<string, string>>(
  (['customers', 'units'] as const).map((kind) => {
    const map = new Map<string, string>();
    for (const spec of specsOf(kind)) {
      for (const word of [...labelsEverywhere(spec.field), spec.field, ...spec.also]) {
        if (!map.has(fold(word))) map.set(fold(word), spec.field);
      }
    }
    return [kind, map];
  }),
);

/** A part's last-changed header's part name, or null. */
function partOf(header: string): string | null {
  for (const re of LAST_CHANGED_PATTERNS) {
    const m = re.exec(header.trim());
    if (m?.[1]) return m[1].trim();
  }
  return null;
}

/** The field a header reads as by its name, or null. */
export function autoField(kind: ImportKind, header: string): string | null {
  const field = ALIASES.get(kind)?.get(fold(header));
  if (field) return field;
  if (kind === 'units') {
    const part = partOf(header);
    if (part) return `${LAST_CHANGED_PREFIX}${part}`;
  }
  return null;
}

export function isField(kind: ImportKind, field: string): boolean {
  if (specsOf(kind).some((s) => s.field === field)) return true;
  return kind === 'units' && field.startsWith(LAST_CHANGED_PREFIX) && field.length > LAST_CHANGED_PREFIX.length;
}

/** A field's label in the reader's language. */
export function fieldLabel(locale: Locale, field: string): string {
  if (field.startsWith(LAST_CHANGED_PREFIX)) {
    return columnLabel(locale, 'lastChanged', { part: field.slice(LAST_CHANGED_PREFIX.length) });
  }
  return columnLabel(locale, field as FieldKey);
}

export interface Columns {
  /** Each column of the file and its field (null: left out). */
  columns: { header: string; field: string | null }[];
  /** A field's column index. */
  index: Map<string, number>;
  /** Problems of the mapping itself (row 1: the header). */
  errors: ImportRowError[];
}

/**
 * Each header's field: the mapping's when it names the header, else by its name. Returns the
 * problems too: a field two columns claim, a required field no column gives. `mapping` has been
 * checked by the caller (every field one `isField` accepts).
 */
export function mapColumns(
  kind: ImportKind,
  headers: readonly string[],
  mapping: Record<string, string>,
  locale: Locale,
): Columns {
  const columns = headers.map((header) => {
    const chosen = Object.hasOwn(mapping, header) ? mapping[header] : undefined;
    const field = chosen === undefined ? autoField(kind, header) : chosen === '' ? null : chosen;
    return { header, field };
  });
  const index = new Map<string, number>();
  const errors: ImportRowError[] = [];
  columns.forEach((c, i) => {
    if (!c.field) return;
    if (index.has(c.field)) {
      errors.push({
        row: 1,
        column: c.header,
        message: importText(locale, 'mappedTwice', { field: fieldLabel(locale, c.field) }),
      });
    } else index.set(c.field, i);
  });
  for (const spec of specsOf(kind)) {
    if (spec.required && !index.has(spec.field)) {
      const label = fieldLabel(locale, spec.field);
      errors.push({ row: 1, column: label, message: importText(locale, 'columnMissing', { field: label }) });
    }
  }
  if (kind === 'units' && !index.has('customerPhone') && !index.has('customerExternalId')) {
    const label = fieldLabel(locale, 'customerPhone');
    errors.push({ row: 1, column: label, message: importText(locale, 'customerMissing') });
  }
  return { columns, index, errors };
}
