/**
 * A units file, row by row (ADR 040): its customer found by external id or phone, its product by
 * name, by brand and name, or by "brand name" in one cell; then the unit form's contract
 * (`unitCreateBody`: its rules and messages) and the unit's date rules (the units module's); its
 * serial number free (no active unit holds it, no earlier row has it); each `<part> last changed`
 * column a date of one of the product's parts, which starts that part's schedule.
 */
import type { Tx } from '#server/db/client.ts';
import type { CustomerImports } from '#server/modules/customers/import.service.ts';
import type { CatalogueProduct, UnitImportRow, UnitImports } from '#server/modules/units/import.service.ts';
import { LAST_CHANGED_PREFIX } from '#shared/contracts/imports.ts';
import { MAINTENANCE_MESSAGES } from '#shared/contracts/maintenance.ts';
import { unitCreateBody } from '#shared/contracts/units.ts';
import { isIsoDate } from '#shared/domain/maintenance.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { fold } from './columns.ts';
import type { Sheet } from './files.ts';
import { RowErrors, type RowReader, STAND_IN_ID } from './rows.ts';
import { importText } from './text.ts';
import { dateOf, optional, phoneOf } from './values.ts';

const FIELD_OF_PATH: Record<string, string> = {
  productId: 'product',
  serialNumber: 'serialNumber',
  installedOn: 'installedOn',
  locationNote: 'locationNote',
};

export interface UnitPlan {
  errors: RowErrors;
  installs: UnitImportRow[];
}

/** The catalogue's lookups: by name, by brand and name, by "brand name" in one cell. */
function productFinder(catalogue: CatalogueProduct[]) {
  const byName = new Map<string, CatalogueProduct[]>();
  const byBrandName = new Map<string, CatalogueProduct>();
  const byCombined = new Map<string, CatalogueProduct[]>();
  const push = (map: Map<string, CatalogueProduct[]>, key: string, p: CatalogueProduct) =>
    map.set(key, [...(map.get(key) ?? []), p]);
  for (const p of catalogue) {
    push(byName, fold(p.name), p);
    byBrandName.set(`${fold(p.brand)}\u0000${fold(p.name)}`, p);
    push(byCombined, fold(`${p.brand} ${p.name}`), p);
  }
  return (name: string, brand: string): CatalogueProduct | 'unknown' | 'ambiguous' => {
    if (brand) return byBrandName.get(`${fold(brand)}\u0000${fold(name)}`) ?? 'unknown';
    const found = byName.get(fold(name)) ?? byCombined.get(fold(name)) ?? [];
    if (found.length > 1) return 'ambiguous';
    return found[0] ?? 'unknown';
  };
}

export async function planUnits(
  tx: Tx,
  customers: CustomerImports,
  units: UnitImports,
  sheet: Sheet,
  read: RowReader,
  partFields: readonly string[],
  locale: Locale,
): Promise<UnitPlan> {
  const errors = new RowErrors(locale, read);
  const today = units.today();
  const findProduct = productFinder(await units.catalogue(tx));

  const phones = new Set<string>();
  const externalIds = new Set<string>();
  const serials = new Set<string>();
  for (const r of sheet.rows) {
    const ext = optional(read.cell(r, 'customerExternalId'));
    if (ext) externalIds.add(ext);
    else {
      const phone = phoneOf(read.cell(r, 'customerPhone'));
      if (phone) phones.add(phone);
    }
    const serial = read.cell(r, 'serialNumber').trim();
    if (serial) serials.add(serial);
  }
  const [byPhone, byExternal, held] = await Promise.all([
    customers.byPhones(tx, [...phones]),
    customers.byExternalIds(tx, [...externalIds]),
    units.heldSerials(tx, [...serials]),
  ]);
  const customersOfPhone = new Map<string, Set<string>>();
  for (const m of byPhone) customersOfPhone.set(m.phone, (customersOfPhone.get(m.phone) ?? new Set()).add(m.id));
  const customerOfExternal = new Map(byExternal.map((m) => [m.externalId ?? '', m.id]));

  const installs: UnitImportRow[] = [];
  const serialRow = new Map<string, number>();
  for (const r of sheet.rows) {
    // The customer: by external id when the row gives one, else by phone.
    let customerId: string | undefined;
    const ext = optional(read.cell(r, 'customerExternalId'));
    const phone = phoneOf(read.cell(r, 'customerPhone'));
    if (ext) {
      customerId = customerOfExternal.get(ext);
      if (!customerId) errors.add(r.row, 'customerExternalId', importText(locale, 'noCustomerExternalId'));
    } else if (phone) {
      const ids = [...(customersOfPhone.get(phone) ?? [])];
      if (ids.length === 1) customerId = ids[0];
      else errors.add(r.row, 'customerPhone', importText(locale, ids.length ? 'customerAmbiguous' : 'noCustomerPhone'));
    } else errors.add(r.row, 'customerPhone', importText(locale, 'customerMissing'));

    // The product.
    const name = read.cell(r, 'product').trim();
    const found = name ? findProduct(name, read.cell(r, 'brand').trim()) : undefined;
    const product = typeof found === 'object' ? found : undefined;
    if (found === 'unknown') errors.add(r.row, 'product', importText(locale, 'productUnknown'));
    if (found === 'ambiguous') errors.add(r.row, 'product', importText(locale, 'productAmbiguous'));

    // The unit form's rules.
    const parsed = unitCreateBody.safeParse({
      productId: product?.id ?? (name ? STAND_IN_ID : undefined),
      serialNumber: read.cell(r, 'serialNumber'),
      installedOn: dateOf(read.cell(r, 'installedOn')),
      locationNote: optional(read.cell(r, 'locationNote')),
    });
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF_PATH[String(issue.path[0] ?? 'productId')] ?? 'product';
        if (seen.has(field)) continue;
        seen.add(field);
        errors.addForm(r.row, field, issue.message);
      }
    } else {
      const future = units.installedOnProblem(parsed.data.installedOn, today);
      if (future) errors.addServer(r.row, 'installedOn', future);
      const key = parsed.data.serialNumber.toLowerCase();
      const earlier = serialRow.get(key);
      if (held.has(key)) errors.addServer(r.row, 'serialNumber', ERR.serialHeld);
      else if (earlier) errors.add(r.row, 'serialNumber', importText(locale, 'serialInFile', { row: earlier }));
      else serialRow.set(key, r.row);
    }

    // Each part's last change.
    const lastChanged = new Map<string, string>();
    for (const field of partFields) {
      const text = read.cell(r, field).trim();
      if (!text || !product) continue;
      const partName = field.slice(LAST_CHANGED_PREFIX.length);
      const part = product.parts.find((p) => fold(p.name) === fold(partName));
      if (!part) {
        errors.add(r.row, field, importText(locale, 'partUnknown', { product: product.name, part: partName }));
        continue;
      }
      const date = dateOf(text);
      if (!isIsoDate(date)) errors.addForm(r.row, field, MAINTENANCE_MESSAGES.dateInvalid);
      else {
        const future = units.changedOnProblem(date, today);
        if (future) errors.addServer(r.row, field, future);
        else lastChanged.set(part.id, date);
      }
    }

    if (parsed.success && product && customerId && !errors.has(r.row)) {
      installs.push({
        customerId,
        product,
        serialNumber: parsed.data.serialNumber,
        installedOn: parsed.data.installedOn,
        locationNote: parsed.data.locationNote,
        lastChanged,
      });
    }
  }
  return { errors, installs };
}
