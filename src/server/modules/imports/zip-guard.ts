/**
 * The zip-bomb guard in front of the Excel reader (ADR 040). An .xlsx file is a zip archive; the
 * streaming reader (exceljs, over unzipper) inflates what the archive's local headers say and
 * spills worksheets to temporary files, trusting every size it is told. Before it sees a byte,
 * this walks the archive from its central directory and refuses it (`ZipRefusal`) unless:
 * - it is a plain zip (no ZIP64, no encryption, stored or deflated entries), of at most
 *   MAX_ENTRIES entries;
 * - its local headers lie end to end exactly as the central directory lists them, so a streaming
 *   reader meets the same entries, with the same names, and nothing else;
 * - each entry, really inflated here (counted, not kept), is no larger than it declares, and all
 *   of them together no larger than MAX_UNPACKED_BYTES, at no more than MAX_RATIO times their
 *   packed size. Inflation stops at the first byte past a limit.
 */
import zlib from 'node:zlib';

export const MAX_ENTRIES = 500;
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
export const MAX_RATIO = 200;

/** Why an archive is refused: not a readable zip, or one that unpacks to too much. */
export class ZipRefusal extends Error {
  constructor(readonly reason: 'invalid' | 'bomb') {
    super(reason === 'bomb' ? 'zip unpacks past the limits' : 'not a readable zip archive');
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

interface Entry {
  name: string;
  flags: number;
  method: number;
  packed: number;
  unpacked: number;
  offset: number;
}

function endOfCentralDirectory(buf: Buffer): number {
  const floor = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= floor; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  throw new ZipRefusal('invalid');
}

function centralDirectory(buf: Buffer): { entries: Entry[]; start: number } {
  const end = endOfCentralDirectory(buf);
  const count = buf.readUInt16LE(end + 10);
  const size = buf.readUInt32LE(end + 12);
  const start = buf.readUInt32LE(end + 16);
  if (count === 0xffff || start === 0xffffffff || size === 0xffffffff) throw new ZipRefusal('invalid');
  if (count > MAX_ENTRIES) throw new ZipRefusal('bomb');
  if (start + size > end) throw new ZipRefusal('invalid');
  const entries: Entry[] = [];
  let p = start;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || buf.readUInt32LE(p) !== CENTRAL) throw new ZipRefusal('invalid');
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    entries.push({
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      packed: buf.readUInt32LE(p + 20),
      unpacked: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, start };
}

/** Where an entry's packed bytes start, after checking its local header against the directory. */
function dataStart(buf: Buffer, e: Entry): number {
  const p = e.offset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) throw new ZipRefusal('invalid');
  const nameLength = buf.readUInt16LE(p + 26);
  const extraLength = buf.readUInt16LE(p + 28);
  if (buf.toString('utf8', p + 30, p + 30 + nameLength) !== e.name) throw new ZipRefusal('invalid');
  if (buf.readUInt16LE(p + 8) !== e.method) throw new ZipRefusal('invalid');
  const start = p + 30 + nameLength + extraLength;
  if (start + e.packed > buf.length) throw new ZipRefusal('invalid');
  return start;
}

/** The bytes after an entry's data that its data descriptor takes (bit 3 of its flags). */
function descriptorLength(buf: Buffer, at: number, flags: number): number {
  if (!(flags & 0x8)) return 0;
  return at + 4 <= buf.length && buf.readUInt32LE(at) === DESCRIPTOR ? 16 : 12;
}

/** Inflate one entry, counting: refused past `limit` bytes. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        reject(new ZipRefusal('bomb'));
      }
    });
    inflate.on('error', () => reject(new ZipRefusal('invalid')));
    inflate.on('end', () => resolve(total));
    inflate.end(data);
  });
}

/** Refuses (ZipRefusal) an archive a streaming reader must not be given (see above); else its entries' names. */
export async function assertSafeZip(buf: Buffer): Promise<string[]> {
  const { entries, start } = centralDirectory(buf);
  if (entries.length === 0) throw new ZipRefusal('invalid');
  let declared = 0;
  for (const e of entries) {
    if (e.flags & 0x1) throw new ZipRefusal('invalid');
    if (e.method !== 0 && e.method !== 8) throw new ZipRefusal('invalid');
    declared += e.unpacked;
    if (declared > MAX_UNPACKED_BYTES) throw new ZipRefusal('bomb');
    if (e.unpacked > Math.max(1024 * 1024, e.packed * MAX_RATIO)) throw new ZipRefusal('bomb');
  }
  // End to end, as a streaming reader walks them, and nothing between the last and the directory.
  const ordered = [...entries].sort((a, b) => a.offset - b.offset);
  let next = 0;
  let unpacked = 0;
  for (const e of ordered) {
    if (e.offset !== next) throw new ZipRefusal('invalid');
    const from = dataStart(buf, e);
    const data = buf.subarray(from, from + e.packed);
    next = from + e.packed + descriptorLength(buf, from + e.packed, e.flags);
    const size =
      e.method === 0 ? e.packed : await inflatedSize(data, Math.min(e.unpacked, MAX_UNPACKED_BYTES - unpacked));
    if (size !== e.unpacked) throw new ZipRefusal(size > e.unpacked ? 'bomb' : 'invalid');
    unpacked += size;
  }
  if (next !== start) throw new ZipRefusal('invalid');
  return entries.map((e) => e.name);
}
