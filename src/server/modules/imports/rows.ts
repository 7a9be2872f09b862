/** What the two planners share: a row's cells by field, and its errors in the reader's language. */

import { localize, translate } from '#server/lib/i18n.ts';
import type { ImportRowError } from '#shared/contracts/imports.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import type { CatalogueText } from '#shared/i18n/server-messages.ts';
import { type Columns, fieldLabel } from './columns.ts';
import type { Sheet } from './files.ts';

/** A valid uuid standing for a value whose own error is reported already (the form's check then passes it). */
export const STAND_IN_ID = '00000000-0000-4000-8000-000000000000';

export interface RowReader {
  cell(row: Sheet['rows'][number], field: string): string;
  /** The column a field is read from, as the file names it (its label when no column is). */
  column(field: string): string;
}

export function readerOf(cols: Columns, locale: Locale): RowReader {
  return {
    cell: (row, field) => {
      const i = cols.index.get(field);
      return i === undefined ? '' : (row.cells[i] ?? '');
    },
    column: (field) => {
      const i = cols.index.get(field);
      return i === undefined ? fieldLabel(locale, field) : (cols.columns[i]?.header ?? fieldLabel(locale, field));
    },
  };
}

/** A row's errors as they are found, each in the reader's language. */
export class RowErrors {
  readonly list: ImportRowError[] = [];
  private readonly bad = new Set<number>();
  constructor(
    private readonly locale: Locale,
    private readonly reader: RowReader,
  ) {}

  /** A message already in the reader's language. */
  add(row: number, field: string, message: string): void {
    this.list.push({ row, column: this.reader.column(field), message });
    this.bad.add(row);
  }

  /** A form contract's English message (found in the `server` catalogue by its text). */
  addForm(row: number, field: string, english: string): void {
    this.add(row, field, localize(this.locale, english));
  }

  /** A catalogue entry of the server's (`ERR.…`). */
  addServer(row: number, field: string, text: CatalogueText): void {
    this.add(row, field, translate(this.locale, text));
  }

  has(row: number): boolean {
    return this.bad.has(row);
  }

  get rowsWithErrors(): number {
    return this.bad.size;
  }
}
