/**
 * A customers file, row by row (ADR 040): each row is checked with the customer form's contract
 * (`customerBody`: its rules and messages), its region found by name, its phone and external id
 * checked against the file's earlier rows; then rows matching an existing customer (by external
 * id, else by any of its phones) are duplicates, each skipped, updated or created as chosen.
 */
import type { Tx } from '#server/db/client.ts';
import type { CustomerImportRow, CustomerImports, StoredCustomer } from '#server/modules/customers/import.service.ts';
import { type CustomerBody, customerBody } from '#shared/contracts/customers.ts';
import type { DuplicateChoice, ImportDuplicate } from '#shared/contracts/imports.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { fold } from './columns.ts';
import type { Sheet } from './files.ts';
import { RowErrors, type RowReader, STAND_IN_ID } from './rows.ts';
import { importText } from './text.ts';
import { coordinateOf, languageOf, optional, phoneOf, phonesOf } from './values.ts';

export const EXTERNAL_ID_MAX = 60;

/** The contract's field a zod issue names → the import's field. */
const FIELD_OF_PATH: Record<string, string> = {
  name: 'name',
  address: 'address',
  primaryPhone: 'primaryPhone',
  phoneNumbers: 'phoneNumbers',
  email: 'email',
  regionId: 'region',
  latitude: 'latitude',
  longitude: 'longitude',
  accuracy: 'latitude',
  language: 'language',
};

interface CheckedRow extends CustomerImportRow {
  row: number;
}

export interface CustomerPlan {
  errors: RowErrors;
  creates: CustomerImportRow[];
  updates: (CustomerImportRow & { id: string; renamed: boolean })[];
  skipped: number;
  duplicates: ImportDuplicate[];
}

/** An update keeps what the row leaves empty: its email, other phones, location and external id. */
function merged(row: CheckedRow, stored: StoredCustomer | undefined): CustomerImportRow & { renamed: boolean } {
  if (!stored) return { body: row.body, externalId: row.externalId, renamed: false };
  const b = row.body;
  const located = b.latitude != null && b.longitude != null;
  const body: CustomerBody = {
    ...b,
    email: b.email ?? stored.email,
    language: b.language ?? stored.language,
    phoneNumbers: b.phoneNumbers.length > 0 ? b.phoneNumbers : stored.phoneNumbers.filter((p) => p !== b.primaryPhone),
    latitude: located ? b.latitude : stored.latitude,
    longitude: located ? b.longitude : stored.longitude,
    accuracy: located ? b.accuracy : stored.accuracy,
  };
  return { body, externalId: row.externalId ?? stored.externalId, renamed: stored.name !== b.name };
}

export async function planCustomers(
  tx: Tx,
  imports: CustomerImports,
  sheet: Sheet,
  read: RowReader,
  locale: Locale,
  choiceOf: (row: number) => DuplicateChoice,
): Promise<CustomerPlan> {
  const errors = new RowErrors(locale, read);
  const regions = new Map((await imports.regions(tx)).map((r) => [fold(r.name), r.id]));
  const checked: CheckedRow[] = [];
  const phoneRow = new Map<string, number>();
  const externalRow = new Map<string, number>();

  for (const r of sheet.rows) {
    const regionText = read.cell(r, 'region').trim();
    const regionId = regionText ? regions.get(fold(regionText)) : undefined;
    if (regionText && !regionId) errors.addServer(r.row, 'region', ERR.regionNotFound);
    const parsed = customerBody.safeParse({
      name: read.cell(r, 'name'),
      address: read.cell(r, 'address'),
      primaryPhone: phoneOf(read.cell(r, 'primaryPhone')),
      phoneNumbers: phonesOf(read.cell(r, 'phoneNumbers')),
      email: optional(read.cell(r, 'email')),
      regionId: regionId ?? (regionText ? STAND_IN_ID : ''),
      latitude: coordinateOf(read.cell(r, 'latitude')),
      longitude: coordinateOf(read.cell(r, 'longitude')),
    });
    // The language of the customer's messages (issue 35): a code, or a name in English or its own script.
    const languageText = read.cell(r, 'language').trim();
    const language = languageText ? languageOf(languageText) : undefined;
    if (languageText && !language) errors.add(r.row, 'language', importText(locale, 'languageUnknown'));
    if (parsed.success && language) parsed.data.language = language;
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF_PATH[String(issue.path[0] ?? 'name')] ?? 'name';
        // One message per column: the first rule a value breaks, as the form shows it.
        if (seen.has(field)) continue;
        seen.add(field);
        errors.addForm(r.row, field, issue.message);
      }
    }
    const externalId = optional(read.cell(r, 'externalId'));
    if (externalId && externalId.length > EXTERNAL_ID_MAX) {
      errors.add(r.row, 'externalId', importText(locale, 'externalIdTooLong', { max: EXTERNAL_ID_MAX }));
    }
    if (parsed.success) {
      const earlier = phoneRow.get(parsed.data.primaryPhone);
      if (earlier) errors.add(r.row, 'primaryPhone', importText(locale, 'phoneInFile', { row: earlier }));
      else phoneRow.set(parsed.data.primaryPhone, r.row);
    }
    if (externalId) {
      const earlier = externalRow.get(externalId);
      if (earlier) errors.add(r.row, 'externalId', importText(locale, 'externalIdInFile', { row: earlier }));
      else externalRow.set(externalId, r.row);
    }
    if (parsed.success && !errors.has(r.row)) checked.push({ row: r.row, body: parsed.data, externalId });
  }

  // Duplicates: an existing customer with the row's external id, else with its phone.
  const [byPhone, byExternal] = await Promise.all([
    imports.byPhones(tx, [...new Set(checked.map((c) => c.body.primaryPhone))]),
    imports.byExternalIds(tx, [...new Set(checked.flatMap((c) => (c.externalId ? [c.externalId] : [])))]),
  ]);
  const phoneMatch = new Map<string, (typeof byPhone)[number]>();
  for (const m of byPhone) {
    const had = phoneMatch.get(m.phone);
    // The customer whose primary phone it is wins over one that has it as an additional phone.
    if (!had || (m.primaryPhone === m.phone && had.primaryPhone !== had.phone)) phoneMatch.set(m.phone, m);
  }
  const externalMatch = new Map(byExternal.map((m) => [m.externalId ?? '', m]));

  const plan: CustomerPlan = { errors, creates: [], updates: [], skipped: 0, duplicates: [] };
  const toUpdate: CheckedRow[] = [];
  const targetOf = new Map<number, string>();
  for (const c of checked) {
    const byId = c.externalId ? externalMatch.get(c.externalId) : undefined;
    const match = byId ?? phoneMatch.get(c.body.primaryPhone);
    if (!match) {
      plan.creates.push(c);
      continue;
    }
    const choice = choiceOf(c.row);
    const reason = byId ? 'externalId' : 'phone';
    plan.duplicates.push({
      row: c.row,
      customerId: match.id,
      reason,
      name: match.name,
      primaryPhone: match.primaryPhone,
      choice,
    });
    if (choice === 'skip') plan.skipped++;
    else if (choice === 'update') {
      toUpdate.push(c);
      targetOf.set(c.row, match.id);
    } else if (reason === 'externalId') {
      errors.add(c.row, 'externalId', importText(locale, 'externalIdTaken'));
    } else plan.creates.push(c);
  }
  const stored = new Map((await imports.stored(tx, [...new Set(targetOf.values())])).map((s) => [s.id, s]));
  for (const c of toUpdate) {
    const id = targetOf.get(c.row) as string;
    plan.updates.push({ id, ...merged(c, stored.get(id)) });
  }
  return plan;
}
