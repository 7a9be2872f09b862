/**
 * Units as an import installs them (issue 34, ADR 040): the units module's API for the imports
 * module. A unit is installed as `UnitService.installInTx` installs one (its schedule a row per
 * part of its product, due one interval after the part's last change), except that a part's
 * last change may be given (a `<part> last changed` column) instead of the installation date;
 * many units per statement, in the importer's transaction, under the import's one audit row.
 */
import crypto from 'node:crypto';
import type { Tx } from '#server/db/client.ts';
import { nextDueOn } from '#shared/domain/maintenance.ts';
import { type CatalogueText, ERR } from '#shared/i18n/server-messages.ts';
import * as repo from './import.repository.ts';
import type { UnitService } from './service.ts';

export type { CatalogueProduct } from './import.repository.ts';

export interface UnitImportRow {
  customerId: string;
  product: repo.CatalogueProduct;
  serialNumber: string;
  installedOn: string;
  locationNote: string | null;
  /** Part id → the date it was last changed. */
  lastChanged: Map<string, string>;
}

export class UnitImports {
  constructor(private readonly units: UnitService) {}

  today(): string {
    return this.units.today();
  }

  catalogue(tx: Tx) {
    return repo.productCatalogue(tx);
  }

  /** Which of these serial numbers an active unit already holds (lower-case). */
  heldSerials(tx: Tx, serials: readonly string[]) {
    return repo.heldSerials(tx, serials);
  }

  /** The rules of a unit's dates, as the unit form's: no installation and no change in the future. */
  installedOnProblem(installedOn: string, today = this.today()): CatalogueText | null {
    return installedOn > today ? ERR.installedInFuture : null;
  }

  changedOnProblem(changedOn: string, today = this.today()): CatalogueText | null {
    return changedOn > today ? ERR.changeInFuture : null;
  }

  async install(tx: Tx, rows: readonly UnitImportRow[]): Promise<void> {
    const units: repo.ImportedUnit[] = [];
    const schedule: repo.ImportedScheduleRow[] = [];
    for (const r of rows) {
      const id = crypto.randomUUID();
      let earliest: string | null = null;
      for (const part of r.product.parts) {
        const last = r.lastChanged.get(part.id) ?? r.installedOn;
        const due = nextDueOn(last, part.intervalMonths);
        schedule.push({ unitId: id, partId: part.id, lastChangedOn: last, nextDueOn: due });
        if (earliest === null || due < earliest) earliest = due;
      }
      units.push({
        id,
        customerId: r.customerId,
        productId: r.product.id,
        serialNumber: r.serialNumber,
        installedOn: r.installedOn,
        locationNote: r.locationNote,
        // What refreshUnitDue would read back from the rows written just after: their earliest
        // due date, written with the unit instead of by a second pass over every new unit.
        nextDueOn: earliest,
      });
    }
    await repo.insertUnits(tx, units);
    await repo.insertSchedule(tx, schedule);
  }
}
