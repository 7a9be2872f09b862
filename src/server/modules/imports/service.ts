/**
 * Imports (issue 34 item 2, ADR 040): a customers or units file read, mapped, checked row by row
 * with the forms' rules, then, unless it is a dry run, written all or nothing: ONE transaction,
 * under a lock that lets one import run at a time, that checks every row again against the
 * database as it is then, writes nothing when any row fails (422, the same report) and otherwise
 * writes every row many per statement and ONE audit row with the counts.
 */
import type { Db, Tx } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';
import type { Actor } from '#server/lib/auth.ts';
import { AppError, conflict, isUniqueViolation } from '#server/lib/errors.ts';
import type { CustomerImports } from '#server/modules/customers/import.service.ts';
import type { UnitImports } from '#server/modules/units/import.service.ts';
import {
  DUPLICATE_CHOICES,
  type DuplicateChoice,
  duplicateChoices,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  type ImportFields,
  type ImportKind,
  type ImportResult,
  importMapping,
  LAST_CHANGED_PREFIX,
} from '#shared/contracts/imports.ts';
import { addMonths } from '#shared/domain/maintenance.ts';
import { INTL_TAG, type Locale } from '#shared/i18n/locales.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { type Columns, fieldLabel, fold, isField, mapColumns, specsOf } from './columns.ts';
import { type CustomerPlan, planCustomers } from './customers.ts';
import { type FileFormat, FileRefusal, readSheet, type Sheet } from './files.ts';
import { errorsCopy, type FileAnswer, templateFile } from './report.ts';
import * as repo from './repository.ts';
import { readerOf } from './rows.ts';
import { importText } from './text.ts';
import { planUnits, type UnitPlan } from './units.ts';

/** A message already in the reader's language, as an error the handler sends as it is. */
const said = (text: string) => ({ key: '', text, params: {} });

/** The answer of an import that wrote nothing because rows failed (422). */
export class ImportRefusal extends Error {
  constructor(readonly result: ImportResult & { message: string }) {
    super(result.message);
  }
}

export interface ImportInput {
  bytes: Buffer;
  fileName: string;
  fields: ImportFields;
  locale: Locale;
  ip: string;
}

/** The file read and mapped, and the report's parts that do not depend on the rows. */
export interface Prepared {
  sheet: Sheet;
  cols: Columns;
  base: Pick<ImportResult, 'kind' | 'rows' | 'columns' | 'fields' | 'preview'>;
}

type Plan = { kind: 'customers'; plan: CustomerPlan } | { kind: 'units'; plan: UnitPlan };

export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly customers: CustomerImports,
    private readonly units: UnitImports,
  ) {}

  /** Read the file and map its columns: a FileRefusal or a bad mapping is a 4xx in the reader's language. */
  async prepare(kind: ImportKind, bytes: Buffer, fields: ImportFields, locale: Locale): Promise<Prepared> {
    let mapping: Record<string, string> = {};
    if (fields.mapping) {
      const parsed = importMapping.safeParse(safeJson(fields.mapping));
      if (!parsed.success) throw new AppError('VALIDATION', said(importText(locale, 'badMapping')));
      const wrong = Object.values(parsed.data).find((f) => f !== '' && !isField(kind, f));
      if (wrong !== undefined) {
        throw new AppError('VALIDATION', said(importText(locale, 'unknownField', { field: wrong.slice(0, 80) })));
      }
      mapping = parsed.data;
    }
    let sheet: Sheet;
    try {
      sheet = await readSheet(bytes);
    } catch (err) {
      if (!(err instanceof FileRefusal)) throw err;
      const params: Record<string, string> =
        err.reason === 'tooManyRows' ? { max: new Intl.NumberFormat(INTL_TAG[locale]).format(IMPORT_MAX_ROWS) } : {};
      throw new AppError(
        err.status === 415 ? 'UNSUPPORTED_MEDIA' : 'VALIDATION',
        said(importText(locale, err.reason, params)),
      );
    }
    const cols = mapColumns(kind, sheet.headers, mapping, locale);
    const mapped = new Set(cols.columns.flatMap((c) => (c.field ? [c.field] : [])));
    const fieldsOf = [
      ...specsOf(kind).map((s) => ({ field: s.field as string, required: s.required })),
      ...[...mapped].filter((f) => f.startsWith(LAST_CHANGED_PREFIX)).map((field) => ({ field, required: false })),
    ];
    return {
      sheet,
      cols,
      base: {
        kind,
        rows: sheet.rows.length,
        columns: cols.columns,
        fields: fieldsOf.map((f) => ({ ...f, label: fieldLabel(locale, f.field) })),
        preview: sheet.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({
          row: r.row,
          cells: sheet.headers.map((_, i) => r.cells[i] ?? ''),
        })),
      },
    };
  }

  private choices(fields: ImportFields, locale: Locale): (row: number) => DuplicateChoice {
    let perRow: Record<string, DuplicateChoice> = {};
    if (fields.duplicateChoices) {
      const parsed = duplicateChoices.safeParse(safeJson(fields.duplicateChoices));
      if (!parsed.success) throw new AppError('VALIDATION', said(importText(locale, 'badChoices')));
      perRow = parsed.data;
    }
    return (row) => {
      const own = perRow[String(row)];
      return own && (DUPLICATE_CHOICES as readonly string[]).includes(own) ? own : fields.onDuplicate;
    };
  }

  private async plan(tx: Tx, p: Prepared, fields: ImportFields, locale: Locale): Promise<Plan> {
    const read = readerOf(p.cols, locale);
    if (p.base.kind === 'customers') {
      const plan = await planCustomers(tx, this.customers, p.sheet, read, locale, this.choices(fields, locale));
      return { kind: 'customers', plan };
    }
    const partFields = [...p.cols.index.keys()].filter((f) => f.startsWith(LAST_CHANGED_PREFIX));
    return { kind: 'units', plan: await planUnits(tx, this.customers, this.units, p.sheet, read, partFields, locale) };
  }

  /** Every row's errors (the mapping's first), for a report or the errors copy. */
  async check(kind: ImportKind, bytes: Buffer, fields: ImportFields, locale: Locale) {
    const p = await this.prepare(kind, bytes, fields, locale);
    if (p.cols.errors.length) return { prepared: p, errors: p.cols.errors };
    const planned = await this.plan(this.db, p, fields, locale);
    return { prepared: p, errors: planned.plan.errors.list };
  }

  /** The file back with an Errors column (report.ts). */
  async errorsCopy(kind: ImportKind, input: Omit<ImportInput, 'ip'>): Promise<FileAnswer> {
    const { prepared, errors } = await this.check(kind, input.bytes, input.fields, input.locale);
    return errorsCopy(prepared.sheet, errors, input.locale, baseNameOf(input.fileName, kind));
  }

  /** The template: the headers in the reader's language and one example row. */
  async template(kind: ImportKind, format: FileFormat, locale: Locale): Promise<FileAnswer> {
    const label = (field: string) => fieldLabel(locale, field);
    if (kind === 'customers') {
      const [region] = await this.customers.regions(this.db);
      const example: Record<string, string> = {
        name: 'Lakshmi Narayanan',
        primaryPhone: '9840012345',
        phoneNumbers: '9840054321',
        email: 'lakshmi@example.com',
        address: '12 Lake Road, Adyar, Chennai 600020',
        region: region?.name ?? '',
        latitude: '13.0067',
        longitude: '80.2573',
        externalId: 'C-1001',
        language: 'Tamil',
      };
      const fields = specsOf('customers').map((s) => s.field as string);
      return templateFile(
        format,
        kind,
        fields.map(label),
        fields.map((f) => example[f] ?? ''),
      );
    }
    const catalogue = await this.units.catalogue(this.db);
    const product = catalogue[0];
    const parts = [...new Map(catalogue.flatMap((p) => p.parts).map((p) => [fold(p.name), p.name])).values()];
    const today = this.units.today();
    const example: Record<string, string> = {
      customerPhone: '9840012345',
      customerExternalId: 'C-1001',
      product: product?.name ?? '',
      brand: product?.brand ?? '',
      serialNumber: 'SN-0001',
      installedOn: addMonths(today, -12),
      locationNote: 'Kitchen',
    };
    for (const part of product?.parts ?? []) example[`${LAST_CHANGED_PREFIX}${part.name}`] = addMonths(today, -3);
    const fields = [
      ...specsOf('units').map((s) => s.field as string),
      ...parts.map((p) => `${LAST_CHANGED_PREFIX}${p}`),
    ];
    return templateFile(
      format,
      kind,
      fields.map(label),
      fields.map((f) => example[f] ?? ''),
    );
  }

  async run(actor: Actor, kind: ImportKind, input: ImportInput): Promise<ImportResult> {
    const { fields, locale } = input;
    const dryRun = fields.dryRun === 'true';
    const p = await this.prepare(kind, input.bytes, fields, locale);
    const report = (planned: Plan | null, written: boolean): ImportResult => {
      // By row, then in the file's column order (as the errors copy reads them).
      const at = new Map(p.cols.columns.map((c, i) => [c.header, i]));
      const errors = [...(planned ? planned.plan.errors.list : p.cols.errors)].sort(
        (a, b) => a.row - b.row || (at.get(a.column) ?? 999) - (at.get(b.column) ?? 999),
      );
      const bad = planned ? planned.plan.errors.rowsWithErrors : p.sheet.rows.length;
      const counts =
        planned?.kind === 'customers'
          ? {
              created: planned.plan.creates.length,
              updated: planned.plan.updates.length,
              skipped: planned.plan.skipped,
            }
          : { created: planned?.plan.installs.length ?? 0, updated: 0, skipped: 0 };
      const ok = errors.length === 0 && (written || dryRun);
      return {
        ...p.base,
        dryRun,
        valid: p.sheet.rows.length - bad,
        ...(ok ? counts : { created: 0, updated: 0, skipped: 0 }),
        errors: errors.slice(0, IMPORT_MAX_ERRORS),
        errorCount: errors.length,
        duplicates: planned?.kind === 'customers' ? planned.plan.duplicates : [],
      };
    };
    const refuse = (result: ImportResult) =>
      new ImportRefusal({ ...result, message: importText(locale, 'notImported') });

    if (p.cols.errors.length) {
      if (dryRun) return report(null, false);
      throw refuse(report(null, false));
    }
    if (dryRun) return report(await this.plan(this.db, p, fields, locale), false);

    try {
      return await this.db.transaction(async (tx) => {
        if (!(await repo.tryLockImports(tx))) throw conflict(said(importText(locale, 'busy')));
        const planned = await this.plan(tx, p, fields, locale);
        if (planned.plan.errors.list.length) throw refuse(report(planned, false));
        if (planned.kind === 'customers') {
          await this.customers.create(tx, planned.plan.creates, actor.id);
          await this.customers.update(tx, planned.plan.updates);
        } else await this.units.install(tx, planned.plan.installs);
        const result = report(planned, true);
        await audit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: `import.${kind}`,
          entityType: 'import',
          ip: input.ip,
          details: {
            file: input.fileName.slice(0, 200),
            format: p.sheet.format,
            rows: result.rows,
            created: result.created,
            updated: result.updated,
            skipped: result.skipped,
          },
        });
        return result;
      });
    } catch (err) {
      // A unit or customer written by someone else meanwhile took a serial number or an external id.
      if (isUniqueViolation(err, 'units_serial_active_uq')) throw conflict(ERR.serialHeld);
      if (isUniqueViolation(err, 'customers_external_id_uq'))
        throw conflict(said(importText(locale, 'externalIdTaken')));
      throw err;
    }
  }
}

/** A file's name without its extension, safe in a Content-Disposition header. */
export function baseNameOf(fileName: string, fallback: string): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N}_ -]+/gu, '')
    .trim()
    .slice(0, 80);
  return base || fallback;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
