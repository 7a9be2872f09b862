/**
 * Sends a list as a CSV or xlsx download, written while its rows are read (issue 34 item 1,
 * ADR 037). Memory stays flat whatever the size: rows come from db/stream.ts a batch at a time,
 * and each writer waits while the client is slower than the database (back-pressure), so at most
 * a batch and the streams' buffers are held. A client that goes away stops the query.
 *
 * - **CSV** (csv-stringify): UTF-8 with a byte-order mark, so Excel opens Tamil or Hindi names
 *   as written; CRLF line ends; a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 *   return (or their full-width forms) gets an apostrophe in front (`escape_formulas`), so a
 *   spreadsheet shows it as text instead of running it as a formula (docs/security.md).
 * - **xlsx** (exceljs' streaming WorkbookWriter, inline strings, no shared-string table): typed
 *   cells (text, numbers, IST date-times, rupees with an INR format), the header row frozen.
 *   A text cell is never a formula in xlsx, so it is written as it is.
 *
 * The column labels and words (statuses, types) are in the reader's language (lib/i18n.ts: their
 * saved language, else Accept-Language). At most MAX_EXPORTS_AT_ONCE exports run at once in a
 * process (each holds a database connection on PostgreSQL); one more answers 503 with Retry-After.
 */
import { PassThrough, pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_TYPES, type ExportFormat } from '#shared/contracts/exports.ts';
import { todayIn } from '#shared/domain/maintenance.ts';
import { ERR } from '#shared/i18n/server-messages.ts';
import { localeOf, serverT } from '../i18n.ts';
import { unavailable } from '../work-queue.ts';
import {
  type CellKind,
  type CellValue,
  calendarDate,
  type ExportColumn,
  type ExportTable,
  istText,
  istWallClock,
  rupeesText,
  type Say,
} from './columns.ts';

/** Exports running at once in one process; the next waits for a 503's Retry-After. */
export const MAX_EXPORTS_AT_ONCE = 4;
const RETRY_AFTER_SECONDS = 30;
let running = 0;

/** Rows written between two looks at the client's pace (xlsx). */
const ROWS_PER_CHECK = 200;

const TODAY_ZONE = 'Asia/Kolkata';

export function exportFileName(name: string, format: ExportFormat, now = new Date()): string {
  return `${name}-${todayIn(TODAY_ZONE, now)}.${format}`;
}

/**
 * `say` remembered per key for one export. The words are few (a status, a type: tens of keys), the
 * rows a million, and each i18next lookup allocates kilobytes: unremembered, the lookups were 60%
 * of an export's allocations, and what survived two scavenges (rows still queued) grew the heap by
 * 150 MiB between two full collections (issue 34, E1 in the bench).
 */
function memoized(say: Say): Say {
  const known = new Map<string, string>();
  return (key) => {
    let text = known.get(key);
    if (text === undefined) {
      text = say(key);
      known.set(key, text);
    }
    return text;
  };
}

/** Answers `table` as a `format` download (see the header). */
export async function sendExport<R>(
  request: FastifyRequest,
  reply: FastifyReply,
  format: ExportFormat,
  table: ExportTable<R>,
): Promise<FastifyReply> {
  if (running >= MAX_EXPORTS_AT_ONCE) throw unavailable(ERR.exportBusy, RETRY_AFTER_SECONDS);
  running++;
  let released = false;
  const release = () => {
    if (!released) {
      released = true;
      running--;
    }
  };
  const locale = localeOf(request);
  const say = memoized((key: string) => serverT(locale, key));
  const rows = table.rows[Symbol.asyncIterator]();
  let first: IteratorResult<R>;
  try {
    // The first row before the answer starts: a failing query is still a proper error answer.
    first = await rows.next();
  } catch (err) {
    release();
    throw err;
  }
  const cells = async function* () {
    for (let next = first; !next.done; next = await rows.next()) {
      yield table.columns.map((c) => c.value(next.value, say));
    }
  };
  const onFailure = (err: Error) => request.log.warn({ err }, 'export stopped');
  const body =
    format === 'csv' ? csvBody(table.columns, say, cells(), onFailure) : xlsxBody(table, say, cells(), onFailure);
  body.once('close', release);
  return reply
    .header('content-type', EXPORT_TYPES[format])
    .header('content-disposition', `attachment; filename="${exportFileName(table.name, format)}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

// ------------------------------------------------------------------ CSV

function csvText(kind: CellKind | undefined, value: CellValue): string | number {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date || kind === 'datetime') return istText(value as Date | string);
  if (kind === 'money') return rupeesText(Number(value));
  return value;
}

function csvBody<R>(
  columns: readonly ExportColumn<R>[],
  say: Say,
  cells: AsyncIterable<CellValue[]>,
  onFailure: (err: Error) => void,
): Readable {
  async function* records() {
    yield columns.map((c) => say(`export.column.${c.key}`));
    for await (const row of cells) yield row.map((v, i) => csvText(columns[i]?.kind, v));
  }
  const out = stringify({ bom: true, escape_formulas: true, record_delimiter: 'windows' });
  // pipeline: the client going away destroys `out`, which ends the records and with them the query.
  pipeline(Readable.from(records()), out, (err) => {
    if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') onFailure(err);
  });
  return out;
}

// ------------------------------------------------------------------ xlsx

/** Indian grouping (1,00,00,000.00) in rupees: Excel groups by three unless told. */
const INR_FORMAT = '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"##,##0.00';
const NUMBER_FORMATS: Partial<Record<CellKind, string>> = {
  datetime: 'yyyy-mm-dd hh:mm',
  date: 'yyyy-mm-dd',
  money: INR_FORMAT,
};
const WIDTHS: Record<CellKind, number> = { text: 24, number: 12, datetime: 18, date: 12, money: 16 };

function xlsxCell(kind: CellKind | undefined, value: CellValue): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'datetime' || value instanceof Date) return istWallClock(value as Date | string);
  if (kind === 'date') return calendarDate(String(value)) ?? String(value);
  if (kind === 'money') return Number(value) / 100;
  return value;
}

/** A stream that tells when it has room again. */
interface Drains {
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

/** Until `stream` has room again, or the client is gone (`out` closed). */
function roomOrGone(stream: Drains, out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    out.once('close', done);
  });
}

/** Until `out` wants more (or is gone). */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain && out.readableLength < out.readableHighWaterMark) return Promise.resolve();
  return roomOrGone(out, out);
}

/**
 * The sheet's XML waiting for the zip (issue 34 item 1's memory bound at a million rows): exceljs
 * writes each committed row into a PassThrough that the zip reads only as fast as it compresses,
 * and never waits for it. Left alone, a fast cursor filled it with the whole sheet before the zip
 * got to it (0.3 MiB of RSS per 1,000 rows). The writer waits while more than this is waiting:
 * 256 KiB, since XML that waits long enough is promoted to the old generation (at 1 MiB an export
 * of 200k requests rose 81 MiB, at 256 KiB 40 MiB, in the same time).
 */
const SHEET_BACKLOG = 1 << 18;

interface ZipInput extends Drains {
  _writableState?: { length: number };
}

/** Until the zip has taken the sheet's backlog (or the client is gone). */
function sheetTaken(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  // exceljs's own stream (StreamBuf) pipes into the zip's input; neither is in its typings.
  const input = (sheet as unknown as { stream: { pipes?: ZipInput[] } }).stream.pipes?.[0];
  if (!input || (input._writableState?.length ?? 0) <= SHEET_BACKLOG || out.destroyed) return Promise.resolve();
  return roomOrGone(input, out);
}

function xlsxBody<R>(
  table: ExportTable<R>,
  say: Say,
  cells: AsyncIterable<CellValue[]>,
  onFailure: (err: Error) => void,
): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const kinds = table.columns.map((c) => c.kind);
  // One style object per column, given to each of its cells. exceljs remembers a style's id by the
  // object (a WeakMap): a column style is copied into a new object per cell, which it would then
  // render to XML to find its id again, cell by cell (40% of an export's allocations).
  const styles = kinds.map((kind) => {
    const numFmt = kind ? NUMBER_FORMATS[kind] : undefined;
    return numFmt ? { numFmt } : {};
  });
  const write = async () => {
    const sheet = book.addWorksheet(say(`export.sheet.${table.sheet}`).slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = table.columns.map((c) => ({
      header: say(`export.column.${c.key}`),
      key: c.key,
      width: c.width ?? WIDTHS[c.kind ?? 'text'],
    }));
    let n = 0;
    for await (const row of cells) {
      if (out.destroyed) return; // leaving the loop ends the rows and the query
      const added = sheet.addRow(row.map((v, i) => xlsxCell(kinds[i], v)));
      for (let i = 0; i < styles.length; i++) added.getCell(i + 1).style = styles[i] as Partial<ExcelJS.Style>;
      added.commit();
      if (++n % ROWS_PER_CHECK === 0) {
        // Let the zip's compression run, then wait while the zip or the client is behind.
        await new Promise((resolve) => setImmediate(resolve));
        await sheetTaken(sheet, out);
        await drained(out);
      }
    }
    if (out.destroyed) return;
    sheet.commit();
    await book.commit();
  };
  write().catch((err: Error) => {
    onFailure(err);
    out.destroy(err);
  });
  return out;
}
