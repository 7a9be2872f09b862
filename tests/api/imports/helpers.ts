/** Building import uploads for the API tests: multipart bodies with fields, CSV text, xlsx and zip files. */
import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';

/** A multipart/form-data body: the file in `file`, then the fields. */
export function form(
  file: Buffer | null,
  fields: Record<string, string> = {},
  fileName = 'customers.csv',
  contentType = 'text/csv',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----aquadeskimport${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** CSV text (UTF-8, quoted where needed) of rows. */
export function csv(rows: readonly (readonly (string | number)[])[], delimiter = ','): Buffer {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",;\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Buffer.from(`${rows.map((r) => r.map(cell).join(delimiter)).join('\r\n')}\r\n`, 'utf8');
}

/** An .xlsx workbook of rows (exceljs's streaming writer, as a spreadsheet program would save it). */
export async function xlsx(rows: readonly (readonly (string | number | Date)[])[]): Promise<Buffer> {
  const pass = new PassThrough();
  const chunks: Buffer[] = [];
  pass.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => pass.on('end', resolve));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useSharedStrings: true, useStyles: true });
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) {
    const row = ws.addRow([...r]);
    r.forEach((v, i) => {
      if (v instanceof Date) row.getCell(i + 1).numFmt = 'dd-mm-yyyy';
    });
    row.commit();
  }
  await wb.commit();
  await done;
  return Buffer.concat(chunks);
}

/** The rows of an .xlsx file's first sheet, as values. */
export async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]?.eachRow({ includeEmpty: true }, (row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

/**
 * A zip archive by hand: each entry deflated, with the sizes it declares (`declared` overrides
 * the real unpacked size: a lying archive).
 */
export function zip(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = zlib.deflateRawSync(e.data);
    const name = Buffer.from(e.name, 'utf8');
    const size = e.declared ?? e.data.length;
    const crc = zlib.crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
