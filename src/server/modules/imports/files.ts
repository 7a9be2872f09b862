/**
 * A spreadsheet as rows of text (ADR 040): CSV (UTF-8, a BOM or not, comma or semicolon as the
 * header line uses) or Excel .xlsx (the first worksheet, read by exceljs's streaming reader once
 * the zip guard has passed the archive). Anything else is refused by its bytes, whatever its name
 * says. Rows keep the numbers a spreadsheet shows (the header is row 1); blank rows are left out.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '#shared/contracts/imports.ts';
import { assertSafeZip, ZipRefusal } from './zip-guard.ts';

export type FileFormat = 'csv' | 'xlsx';

export interface Sheet {
  format: FileFormat;
  /** The header's row number (1 unless blank rows come first). */
  headerRow: number;
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

/** Why a file cannot be read; the route words it in the reader's language. */
export class FileRefusal extends Error {
  constructor(
    readonly reason: 'notSpreadsheet' | 'notUtf8' | 'badXlsx' | 'zipBomb' | 'tooManyRows' | 'empty',
    readonly status: 400 | 415 = 400,
  ) {
    super(reason);
  }
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Text no CSV holds: a NUL, or another C0 control than tab, LF, VT, FF, CR and ESC. */
function hasBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0b && c !== 0x0c && c !== 0x0d && c !== 0x1b) return true;
  }
  return false;
}

/** What the bytes are: an .xlsx archive, CSV text, or neither (415). */
export function formatOf(bytes: Buffer): FileFormat {
  if (bytes.subarray(0, 4).equals(ZIP)) return 'xlsx';
  // Text in another encoding is still text: readCsv asks for UTF-8 then.
  const sample = bytes.subarray(0, 64 * 1024);
  const text = decodeUtf8(sample, true) ?? sample.toString('latin1');
  if (hasBinary(text)) throw new FileRefusal('notSpreadsheet', 415);
  return 'csv';
}

/** UTF-8 text, or null. `partial`: the sample may end inside a character. */
function decodeUtf8(bytes: Buffer, partial = false): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
  } catch {
    return null;
  }
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** The header row, the rows after it (blank ones left out), at most IMPORT_MAX_ROWS. */
function sheetOf(format: FileFormat, numbered: Iterable<{ row: number; cells: string[] }>): Sheet {
  let headers: string[] | null = null;
  let headerRow = 1;
  const rows: Sheet['rows'] = [];
  for (const r of numbered) {
    if (isBlank(r.cells)) continue;
    if (!headers) {
      headers = r.cells.map((c) => c.trim());
      headerRow = r.row;
      continue;
    }
    if (rows.length >= IMPORT_MAX_ROWS) throw new FileRefusal('tooManyRows');
    rows.push(r);
  }
  if (!headers || rows.length === 0) throw new FileRefusal('empty');
  // Trailing unnamed, empty columns (a sheet's formatting) are not columns.
  const named = headers;
  while (named.length > 0 && named[named.length - 1] === '' && rows.every((r) => !r.cells[named.length - 1]?.trim()))
    named.pop();
  return { format, headerRow, headers, rows };
}

/** The delimiter the header line uses: ';' when it has more semicolons than commas outside quotes. */
function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

function readCsv(bytes: Buffer): Sheet {
  const text = decodeUtf8(bytes);
  if (text === null) throw new FileRefusal('notUtf8');
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: delimiterOf(body),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // One more than may be imported, with the header: past it the file is refused.
      to: IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch {
    throw new FileRefusal('notSpreadsheet', 415);
  }
  // A record's number is its row in a spreadsheet (a quoted line break does not start a row).
  return sheetOf(
    'csv',
    records.map((cells, i) => ({ row: i + 1, cells })),
  );
}

/** A cell as text: numbers without exponent, dates as YYYY-MM-DD, rich text and formulas by their text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if (v.error) return '';
  }
  return '';
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  let names: string[];
  try {
    names = await assertSafeZip(bytes);
  } catch (err) {
    if (err instanceof ZipRefusal) throw new FileRefusal(err.reason === 'bomb' ? 'zipBomb' : 'badXlsx');
    throw err;
  }
  // A zip that is not a workbook (a .docx, an archive of photos) is not a spreadsheet.
  if (!names.includes('xl/workbook.xml')) throw new FileRefusal('notSpreadsheet', 415);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const numbered: { row: number; cells: string[] }[] = [];
  let data = -1;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]) ?? [];
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1]).trim());
        if (isBlank(cells)) continue;
        numbered.push({ row: row.number, cells });
        if (++data > IMPORT_MAX_ROWS) throw new FileRefusal('tooManyRows');
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof FileRefusal) throw err;
    throw new FileRefusal('badXlsx');
  }
  if (data === -1 && numbered.length === 0) throw new FileRefusal('empty');
  return sheetOf('xlsx', numbered);
}

/** The file as a sheet, or a FileRefusal. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  const format = formatOf(bytes);
  return format === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
}
