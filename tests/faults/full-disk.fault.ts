/**
 * R7: uploads onto a full disk. DATA_DIR (where the photo files go) is a 1 MB tmpfs mounted for
 * the test; photos are uploaded until the disk is full and beyond. Every refusal is a clean
 * answer (no 500, no hang), no partial or orphan file is left, and no row points at a missing file.
 * Where mounting is not permitted, the disk is simulated: the file storage throws ENOSPC once a
 * 1 MB budget is spent (the run says which).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workMedia } from '#server/db/schema/requests.ts';
import { DISK_FULL, FileStorage } from '#server/lib/storage.ts';
import { createTestApp, ROLE, type TestContext } from '#tests/harness/app.ts';
import { buildWorld, call, multipart, type Persona, requestFor, type World } from '#tests/security/fixtures.ts';

const SIZE = 1024 * 1024;
let dir: string;
let mounted = false;
let restorePut: (() => void) | undefined;
let ctx: TestContext;
let w: World;
let tech: Persona;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', dir], { stdio: 'ignore' });
    mounted = true;
  } catch {
    // No privilege to mount: spend a byte budget instead, and fail with ENOSPC as the kernel would.
    const original = FileStorage.prototype.put;
    let used = 0;
    FileStorage.prototype.put = async function put(this: FileStorage, key: string, data: Buffer, type: string) {
      used += data.length;
      if (used > SIZE) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return original.call(this, key, data, type);
    };
    restorePut = () => {
      FileStorage.prototype.put = original;
    };
  }
  // 40 uploads from one technician: past the per-user limit (UPLOADS_PER_MINUTE, 30) they would be 429, not the disk's 503.
  ctx = await createTestApp({ DATA_DIR: dir, MAX_UPLOAD_BYTES: String(2 * SIZE), UPLOADS_PER_MINUTE: '1000' });
  w = await buildWorld(ctx);
  tech = w.personas.find((p) => p.role === ROLE.TECHNICIAN) as Persona;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  restorePut?.();
  if (mounted) execFileSync('umount', [dir], { stdio: 'ignore' });
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A photo that compresses badly (noise), about `side`² × 3 bytes as PNG. */
async function noisyPng(side: number): Promise<Buffer> {
  const raw = crypto.randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

const filesUnder = (root: string): string[] =>
  fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    : [];

describe('R7: uploads onto a full disk', () => {
  it('clean refusals once the disk is full, 0 partial files, 0 rows pointing at missing files', async () => {
    const { row } = await requestFor(ctx, w, tech, 'own', 'own', 'IN_PROGRESS');
    const photo = await noisyPng(160);
    const statuses: number[] = [];
    const bodies: string[] = [];
    for (let i = 0; i < 40; i++) {
      const file = multipart(photo, `p${i}.png`, 'image/png');
      const started = Date.now();
      const res = await call(ctx, tech, 'POST', `/api/uploads/work-media/${row.id}`, file.payload, file.headers);
      expect(Date.now() - started).toBeLessThan(10_000);
      statuses.push(res.statusCode);
      if (res.statusCode !== 201) bodies.push(res.body);
    }
    const stored = statuses.filter((s) => s === 201).length;
    const refused = statuses.filter((s) => s !== 201);
    const media = path.join(dir, 'media');
    const files = new Set(filesUnder(media));
    const rows = await ctx.db.select().from(workMedia);
    const missing = rows.filter((r) => !files.has(r.storageKey) || !files.has(r.thumbKey));
    const known = new Set(rows.flatMap((r) => [r.storageKey, r.thumbKey]));
    const orphans = [...files].filter((f) => !known.has(f));
    console.info(
      `R7 (${mounted ? '1 MB tmpfs' : 'simulated ENOSPC'}): ${stored} photos stored, ${refused.length} refused ` +
        `(${[...new Set(refused)].join(', ')}); ${orphans.length} partial or orphan files; ${missing.length} rows without their file`,
    );
    expect(stored).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set([503]));
    for (const b of bodies) expect(JSON.parse(b)).toMatchObject({ code: 'UNAVAILABLE', message: DISK_FULL });
    expect(orphans).toEqual([]);
    expect(missing).toEqual([]);
    // The app still works: reading the request and its photos.
    const details = await call(ctx, tech, 'GET', `/api/service-requests/${row.id}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().workMedia.length).toBe(stored);
  });
});
