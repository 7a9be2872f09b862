/**
 * R8: upload attacks. Wrong magic bytes, HTML and SVG named .png, a 20000×20000 PNG (a crafted
 * header, nothing allocated), `../` in the file name, an oversize body, and signed-URL tampering.
 * Every one is refused before anything is decoded, memory stays flat, no file or row is left,
 * and what is stored has its EXIF stripped.
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workMedia } from '#server/db/schema/requests.ts';
import { TOO_MANY_PIXELS, UNSUPPORTED_IMAGE } from '#server/modules/uploads/images.ts';
import { createTestApp, ROLE, type TestContext } from '#tests/harness/app.ts';
import { buildWorld, call, multipart, type Persona, requestFor, tinyPng, type World } from './fixtures.ts';

const MAX_UPLOAD = 256 * 1024;
let ctx: TestContext;
let w: World;
let tech: Persona;

beforeAll(async () => {
  // 120 attacks from one technician in a minute: the per-user upload limit (R15) is raised here
  // so that each attack meets the check it is about.
  ctx = await createTestApp({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD), UPLOADS_PER_MINUTE: '10000' });
  w = await buildWorld(ctx);
  tech = w.personas.find((p) => p.role === ROLE.TECHNICIAN) as Persona;
}, 120_000);
afterAll(() => ctx.close());

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A valid PNG header claiming width × height, with one compressed row of data (a few hundred bytes). */
function hugePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = zlib.deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('R8: upload attacks', () => {
  it('each attack is refused before decoding, leaves no file and no row, and memory stays flat', async () => {
    const { row } = await requestFor(ctx, w, tech, 'own', 'own', 'IN_PROGRESS');
    const url = `/api/uploads/work-media/${row.id}`;
    const attacks: { name: string; file: ReturnType<typeof multipart>; status: number; message?: string }[] = [
      {
        name: 'wrong magic bytes (text named .jpg)',
        file: multipart(Buffer.from('just some text, not a picture at all'), 'photo.jpg', 'image/jpeg'),
        status: 415,
        message: UNSUPPORTED_IMAGE,
      },
      {
        name: 'HTML named .png',
        file: multipart(Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'x.png', 'image/png'),
        status: 415,
        message: UNSUPPORTED_IMAGE,
      },
      {
        name: 'SVG named .png',
        file: multipart(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
          'x.png',
          'image/png',
        ),
        status: 415,
        message: UNSUPPORTED_IMAGE,
      },
      {
        name: 'a 20000×20000 PNG (400 megapixels)',
        file: multipart(hugePngHeader(20000, 20000), 'big.png', 'image/png'),
        status: 413,
        message: TOO_MANY_PIXELS,
      },
      {
        name: 'a truncated PNG (header says 64×64, no data)',
        file: multipart((await tinyPng(64, 64)).subarray(0, 40), 'cut.png', 'image/png'),
        status: 415,
      },
      {
        name: 'oversize body',
        file: multipart(Buffer.concat([await tinyPng(), Buffer.alloc(MAX_UPLOAD + 1024)]), 'big.png', 'image/png'),
        status: 413,
      },
    ];
    const mediaDir = path.join(ctx.dataDir, 'media');
    // What stays after each try, not garbage waiting for a collection: how often V8 collects
    // depends on what the worker ran before (a file that handled big buffers grows its heap
    // limits, and this loop's refused 10 MB bodies then pile up uncollected: 157 MB seen in CI).
    // A decode is caught by the time bound below and by the status before decoding.
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    // Retained JS heap and buffers, not RSS: in CI this worker's RSS grew 188 MB during the loop
    // after other files had run in it (2.5 MB when run alone), which no retained object explains.
    const held = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const rssBefore = held();
    let peak = rssBefore;
    const results: string[] = [];
    for (const a of attacks) {
      // Twenty tries each: a leak or an allocation per try would show.
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const res = await call(ctx, tech, 'POST', url, a.file.payload, a.file.headers);
        const ms = performance.now() - started;
        gc();
        peak = Math.max(peak, held());
        if (res.statusCode !== a.status) results.push(`${a.name}: ${res.statusCode} ${res.body}`);
        if (a.message && res.json().message !== a.message) results.push(`${a.name}: message ${res.json().message}`);
        if (ms > 2000) results.push(`${a.name}: took ${ms.toFixed(0)} ms (decoded?)`);
      }
    }
    const growthMb = (peak - rssBefore) / (1024 * 1024);
    const rows = await ctx.db.select().from(workMedia).where(eq(workMedia.requestId, row.id));
    console.info(
      `R8: ${attacks.length} attacks × 20 tries: ${results.length} not refused as expected; ` +
        `memory growth ${growthMb.toFixed(1)} MB; ${filesUnder(mediaDir).length} files, ${rows.length} rows left`,
    );
    expect(results).toEqual([]);
    expect(growthMb).toBeLessThan(100);
    expect(filesUnder(mediaDir)).toEqual([]);
    expect(rows).toEqual([]);
  }, 120_000);

  it('`../` in the file name: the name is never used; the key is the server’s own, inside the media folder', async () => {
    const { row } = await requestFor(ctx, w, tech, 'own', 'own', 'IN_PROGRESS');
    const evil = multipart(await tinyPng(32, 32), '../../../../tmp/evil.png', 'image/png');
    const res = await call(ctx, tech, 'POST', `/api/uploads/work-media/${row.id}`, evil.payload, evil.headers);
    expect(res.statusCode).toBe(201);
    const [media] = await ctx.db.select().from(workMedia).where(eq(workMedia.requestId, row.id));
    expect(media?.storageKey).toMatch(new RegExp(`^requests/${row.id}/[0-9a-f-]{36}\\.png$`));
    const files = filesUnder(path.join(ctx.dataDir, 'media'));
    expect(files.every((f) => f.startsWith(path.join(ctx.dataDir, 'media')) && !f.includes('evil'))).toBe(true);
    expect(fs.existsSync('/tmp/evil.png')).toBe(false);
  });

  it('EXIF and GPS are stripped from what is stored', async () => {
    const { row } = await requestFor(ctx, w, tech, 'own', 'own', 'IN_PROGRESS');
    const withExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'SECRET-OWNER', Make: 'PhoneCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 4/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const file = multipart(withExif, 'photo.jpg', 'image/jpeg');
    const res = await call(ctx, tech, 'POST', `/api/uploads/work-media/${row.id}`, file.payload, file.headers);
    expect(res.statusCode).toBe(201);
    for (const link of [res.json().fileUrl, res.json().thumbnailUrl] as string[]) {
      const got = await ctx.app.inject({ method: 'GET', url: link });
      expect(got.statusCode).toBe(200);
      expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
      expect(got.rawPayload.includes(Buffer.from('SECRET-OWNER'))).toBe(false);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('signed photo links: traversal, a tampered signature or an expired link are refused', async () => {
    const { row } = await requestFor(ctx, w, tech, 'own', 'own', 'IN_PROGRESS');
    const file = multipart(await tinyPng(16, 16), 'p.png', 'image/png');
    const res = await call(ctx, tech, 'POST', `/api/uploads/work-media/${row.id}`, file.payload, file.headers);
    const link = new URL(res.json().fileUrl as string, 'http://x');
    const exp = link.searchParams.get('exp') as string;
    const sig = link.searchParams.get('sig') as string;
    const tries = [
      `/api/media/../secret.key?exp=${exp}&sig=${sig}`,
      `/api/media/..%2F..%2Fsecret.key?exp=${exp}&sig=${sig}`,
      `${link.pathname}?exp=${exp}&sig=${sig.slice(0, -2)}xx`,
      `${link.pathname}?exp=${Number(exp) + 60}&sig=${sig}`,
      `${link.pathname}?exp=${Math.floor(Date.now() / 1000) - 10}&sig=${sig}`,
      link.pathname,
    ];
    for (const url of tries) {
      const got = await ctx.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(got.statusCode);
      expect(got.body).not.toContain('PNG');
    }
  });
});
