/**
 * What an export is made of (issue 34 item 1, ADR 037): a file name, a sheet name, columns and the
 * rows, read as they come. A column has a label key (the server catalogue's `export.column.*`,
 * rendered in the reader's language), a kind and a cell getter; the writers (send.ts) turn each
 * kind into a CSV text or a typed xlsx cell:
 *
 * | kind       | the getter gives              | CSV                       | xlsx                                |
 * |------------|-------------------------------|---------------------------|-------------------------------------|
 * | `text`     | a string (or null)            | as is (formulas escaped)  | a string cell (never a formula)     |
 * | `number`   | a number                      | the number                | a number cell                       |
 * | `datetime` | a Date or an ISO string       | `2026-11-28 14:05` in IST | a date cell at the IST wall time    |
 * | `date`     | a calendar date `2026-11-28`  | as is                     | a date cell                         |
 * | `money`    | whole paise                   | `₹4,999.00` (en-IN)       | rupees with an INR number format    |
 */

/** The reader's words: a server catalogue key in the reader's language. */
export type Say = (key: string) => string;

export type CellKind = 'text' | 'number' | 'datetime' | 'date' | 'money';
export type CellValue = string | number | Date | null | undefined;

export interface ExportColumn<R> {
  /** `export.column.<key>` is its label. */
  key: string;
  kind?: CellKind;
  /** The xlsx column's width in characters (default by kind). */
  width?: number;
  value(row: R, say: Say): CellValue;
}

export interface ExportTable<R> {
  /** The file's name before the date: `service-requests` → `service-requests-2026-11-28.csv`. */
  name: string;
  /** `export.sheet.<sheet>` names the xlsx worksheet. */
  sheet: string;
  columns: readonly ExportColumn<R>[];
  /** Every row, in the list's order, read as the download goes (db/stream.ts). */
  rows: AsyncIterable<R>;
}

/** The column `key` holding the row's field `field` (text unless `kind` says otherwise). */
export function col<R>(key: string, value: (row: R, say: Say) => CellValue, kind?: CellKind, width?: number) {
  return { key, value, ...(kind ? { kind } : {}), ...(width ? { width } : {}) } satisfies ExportColumn<R>;
}

/** IST is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;

/** A moment as IST's wall clock in a Date whose UTC fields read it (what xlsx and the text use). */
export function istWallClock(value: Date | string): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  const ms = d.getTime();
  return Number.isNaN(ms) ? null : new Date(ms + IST_OFFSET_MS);
}

/** `2026-11-28 14:05`: the moment in IST, as spreadsheets read a date and time. */
export function istText(value: Date | string): string {
  const wall = istWallClock(value);
  return wall ? wall.toISOString().slice(0, 16).replace('T', ' ') : '';
}

/** A calendar date 'YYYY-MM-DD' as a Date at its UTC midnight (an xlsx date cell). */
export function calendarDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Whole paise as rupees with Indian grouping: 450000000 → `₹45,00,000.00`. */
export function rupeesText(paise: number): string {
  return rupees.format(paise / 100);
}

/** Rows in groups of `size` (to read what a group needs in one statement), then one by one again. */
export async function* inGroups<R, S>(
  rows: AsyncIterable<R>,
  size: number,
  expand: (group: R[]) => Promise<S[]>,
): AsyncGenerator<S> {
  let group: R[] = [];
  for await (const row of rows) {
    group.push(row);
    if (group.length >= size) {
      yield* await expand(group);
      group = [];
    }
  }
  if (group.length > 0) yield* await expand(group);
}

/** No rows (a filter outside the caller's reach, as the list answers it: empty). */
export async function* none<R>(): AsyncGenerator<R> {}

/** Each row as `map` makes it, as the rows come. */
export async function* mapRows<R, S>(rows: AsyncIterable<R>, map: (row: R) => S): AsyncGenerator<S> {
  for await (const row of rows) yield map(row);
}
