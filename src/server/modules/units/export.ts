/** A customer's units as an export (issue 34 item 1, ADR 037): the columns of the units card. */
import { col, type ExportTable, mapRows } from '#server/lib/export/columns.ts';
import type { UnitItem } from '#shared/contracts/units.ts';
import { toUnitItem } from './mapper.ts';
import type { UnitRow } from './repository.ts';

const COLUMNS = [
  col<UnitItem>('serial', (u) => u.serialNumber, 'text', 18),
  col<UnitItem>('brand', (u) => u.product.brand, 'text', 14),
  col<UnitItem>('product', (u) => u.product.name),
  col<UnitItem>('installedOn', (u) => u.installedOn, 'date'),
  col<UnitItem>('warrantyEndsOn', (u) => u.warrantyEndsOn, 'date'),
  col<UnitItem>('nextDueOn', (u) => u.nextDueOn, 'date'),
  col<UnitItem>('dueState', (u, say) => say(`export.value.dueState.${u.state}`), 'text', 14),
  col<UnitItem>('status', (u, say) => say(`export.value.unitStatus.${u.status}`), 'text', 12),
  col<UnitItem>('location', (u) => u.locationNote),
  col<UnitItem>('customer', (u) => u.customer.name),
  col<UnitItem>('phone', (u) => u.customer.primaryPhone, 'text', 14),
  col<UnitItem>('region', (u) => u.customer.regionName, 'text', 16),
];

/** The units (as the list maps them, `today` deciding what is due) in the list's columns. */
export function unitsExport(rows: AsyncIterable<UnitRow>, today: string): ExportTable<UnitItem> {
  return {
    name: 'units',
    sheet: 'units',
    columns: COLUMNS,
    rows: mapRows(rows, (u) => toUnitItem(u, [], today, null)),
  };
}
