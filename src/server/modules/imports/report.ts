/**
 * Files the import hands back (ADR 040): the errors copy (the file as read, every row where it
 * was, with an Errors column saying each row's problems in the reader's language: fix it and
 * import it again; the Errors column is not read back) and the templates (the headers in the
 * reader's language and one example row). CSV is UTF-8 with a BOM, so Excel shows Indian scripts;
 * xlsx is written by exceljs's streaming writer.
 *
 * The errors copy gives back the importer's own cells as they were, not escaped against formula
 * injection: it is their file, to be fixed and imported again, and an escaped phone ('+91…) would
 * no longer import. The column this adds holds only our messages.
 */
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { ImportRowError } from '#shared/contracts/imports.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import type { FileFormat, Sheet } from './files.ts';
import { columnLabel } from './text.ts';

export interface FileAnswer {
  contentType: string;
  fileName: string;
  body: Buffer;
}

const CONTENT_TYPE: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

async function xlsxOf(sheetName: string, rows: readonly (readonly string[])[]): Promise<Buffer> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    pass.on('end', resolve);
    pass.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useSharedStrings: false, useStyles: true });
  const worksheet = workbook.addWorksheet(sheetName.slice(0, 31));
  rows.forEach((cells, i) => {
    const row = worksheet.addRow([...cells]);
    if (i === 0) row.font = { bold: true };
    // Phones and ids stay text (Excel would turn 9840012345 into a number and 0012 into 12).
    row.eachCell((cell) => {
      cell.numFmt = '@';
    });
    row.commit();
  });
  worksheet.columns.forEach((col) => {
    col.width = 20;
  });
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

function csvOf(rows: readonly (readonly string[])[]): Buffer {
  return Buffer.from(`\uFEFF${stringify(rows as string[][], { record_delimiter: '\r\n' })}`, 'utf8');
}

/** The file as read with an Errors column: every row at its own row number (blank rows kept blank). */
export async function errorsCopy(
  sheet: Sheet,
  errors: readonly ImportRowError[],
  locale: Locale,
  baseName: string,
): Promise<FileAnswer> {
  const width = sheet.headers.length;
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${e.column}: ${e.message}`]);
  const pad = (cells: readonly string[]) => [
    ...cells.slice(0, width),
    ...Array(Math.max(0, width - cells.length)).fill(''),
  ];
  const out: string[][] = [];
  for (let n = 1; n < sheet.headerRow; n++) out.push([]);
  out.push([
    ...pad(sheet.headers),
    columnLabel(locale, 'errors'),
    ...(byRow.has(1) ? [(byRow.get(1) ?? []).join('; ')] : []),
  ]);
  let next = sheet.headerRow + 1;
  for (const r of sheet.rows) {
    for (; next < r.row; next++) out.push([]);
    out.push([...pad(r.cells), (byRow.get(r.row) ?? []).join('; ')]);
    next = r.row + 1;
  }
  const name = `${baseName}-errors.${sheet.format}`;
  const body = sheet.format === 'csv' ? csvOf(out) : await xlsxOf(baseName, out);
  return { contentType: CONTENT_TYPE[sheet.format], fileName: name, body };
}

/** A template: the headers and one example row. */
export async function templateFile(
  format: FileFormat,
  baseName: string,
  headers: readonly string[],
  example: readonly string[],
): Promise<FileAnswer> {
  const rows = [headers, example];
  const body = format === 'csv' ? csvOf(rows) : await xlsxOf(baseName, rows);
  return { contentType: CONTENT_TYPE[format], fileName: `${baseName}-template.${format}`, body };
}
