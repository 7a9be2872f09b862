import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workMedia } from '#server/db/schema/requests.ts';
import type { Actor } from '#server/lib/auth.ts';
import { signedMediaUrl } from '#server/lib/media-links.ts';
import { TOO_MANY_PIXELS, UNSUPPORTED_IMAGE } from '#server/modules/uploads/images.ts';
import { BAD_LINK, NO_IMAGE } from '#server/modules/uploads/routes.ts';
import { UploadService } from '#server/modules/uploads/service.ts';
import { caller, makeRequest, makeWorld, signedIn } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let tech: Session & { made: { id: string } };
beforeAll(async () => {
  ctx = await createTestApp({ MAX_UPLOAD_BYTES: String(512 * 1024) });
  call = caller(ctx);
  w = await makeWorld(ctx);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
});
afterAll(() => ctx.close());

const mediaDir = () => path.join(ctx.dataDir, 'media');
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];

/** A multipart body with one file part, built by hand as a browser would send it. */
function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----aquadesk${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (who: Session, requestId: string, file: ReturnType<typeof multipart>) =>
  call(who, 'POST', `/api/uploads/work-media/${requestId}`, file.payload, { headers: file.headers });

async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'x', Make: 'PhoneCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 4/1 0/1' },
    })
    .toBuffer();
}

/** A PNG whose header claims 10000 x 10000 pixels: it must be refused before anything is decoded. */
function pixelFloodPng(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (table[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10000, 0);
  ihdr.writeUInt32BE(10000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const assigned = (status: 'ASSIGNED' | 'IN_PROGRESS' | 'WORK_COMPLETED' | 'COMPLETED' = 'IN_PROGRESS') =>
  makeRequest(ctx.db, {
    customerId: w.customer.id,
    regionId: w.region.id,
    requestedById: tech.made.id,
    assignedToId: tech.made.id,
    status,
  });

describe('POST /api/uploads/work-media/:id', () => {
  it('re-encodes a real JPEG: it comes back without EXIF or GPS, with a thumbnail, behind a signed URL', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const r = await assigned();
    const res = await upload(tech, r.id, multipart('file', 'IMG_0001.jpg', 'image/jpeg', original));
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json();
    expect(media).toMatchObject({ mimeType: 'image/jpeg', width: 120, height: 80, uploadedBy: { id: tech.made.id } });
    expect(media.fileUrl).toMatch(/^\/api\/media\/requests\/[0-9a-f-]+\/[0-9a-f-]+\.jpg\?exp=\d+&sig=[\w-]+$/);
    expect(media.fileUrl).not.toContain('IMG_0001');

    // An <img> loads it with no bearer header.
    const file = await call(null, 'GET', media.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(stored.width).toBe(120);

    const thumb = await call(null, 'GET', media.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const details = await call(tech, 'GET', `/api/service-requests/${r.id}`);
    expect(details.json().workMedia).toMatchObject([{ id: media.id, fileUrl: media.fileUrl }]);
  });

  it('records what a photo shows (issue 35 item 2): ?kind=, a form field before the file, else OTHER', async () => {
    const request = await assigned();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1565c0' } })
      .png()
      .toBuffer();
    const file = multipart('file', 'unit.png', 'image/png', png);
    const before = await call(tech, 'POST', `/api/uploads/work-media/${request.id}?kind=BEFORE`, file.payload, {
      headers: file.headers,
    });
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json().kind).toBe('BEFORE');
    // As a form writes it: the field, then the file.
    const boundary = '----aquadeskkind';
    const withField = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nAFTER\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="after.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const after = await call(tech, 'POST', `/api/uploads/work-media/${request.id}`, withField, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().kind).toBe('AFTER');
    expect((await upload(tech, request.id, file)).json().kind).toBe('OTHER');
    const bad = await call(tech, 'POST', `/api/uploads/work-media/${request.id}?kind=DURING`, file.payload, {
      headers: file.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Kind must be BEFORE, AFTER or OTHER');
    // The details list them with their kinds, oldest first.
    const details = await call(tech, 'GET', `/api/service-requests/${request.id}`);
    expect(details.json().workMedia.map((m: { kind: string }) => m.kind)).toEqual(['BEFORE', 'AFTER', 'OTHER']);
  });

  it('takes PNG and WebP too, judged by their bytes', async () => {
    const r = await assigned('ASSIGNED');
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123' } })
      .webp()
      .toBuffer();
    // The name and declared type do not matter; the bytes do.
    expect((await upload(tech, r.id, multipart('file', 'photo.jpg', 'image/jpeg', png))).json().mimeType).toBe(
      'image/png',
    );
    expect(
      (await upload(tech, r.id, multipart('file', 'x.bin', 'application/octet-stream', webp))).json().mimeType,
    ).toBe('image/webp');
  });

  it('refuses a text file named .png with 415, leaving no row and no file', async () => {
    const r = await assigned();
    const before = filesUnder(mediaDir()).length;
    const res = await upload(
      tech,
      r.id,
      multipart('file', 'evil.png', 'image/png', Buffer.from('hello, I am not a picture')),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: UNSUPPORTED_IMAGE, code: 'UNSUPPORTED_MEDIA' });
    expect(await ctx.db.select().from(workMedia).where(eq(workMedia.requestId, r.id))).toHaveLength(0);
    expect(filesUnder(mediaDir()).length).toBe(before);
  });

  it('refuses SVG, GIF and a truncated JPEG', async () => {
    const r = await assigned();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const truncated = (await jpegWithExif()).subarray(0, 400);
    for (const data of [svg, gif, truncated]) {
      expect((await upload(tech, r.id, multipart('file', 'a.jpg', 'image/jpeg', data))).statusCode).toBe(415);
    }
  });

  it('refuses a pixel flood before decoding it (413)', async () => {
    const r = await assigned();
    const res = await upload(tech, r.id, multipart('file', 'huge.png', 'image/png', pixelFloodPng()));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TOO_MANY_PIXELS);
  });

  it('refuses a file over the size limit (413) and a request without a file (400)', async () => {
    const r = await assigned();
    const big = await upload(tech, r.id, multipart('file', 'big.jpg', 'image/jpeg', Buffer.alloc(600 * 1024, 1)));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The image is too large: at most 0.5 MB');
    const wrongField = await upload(tech, r.id, multipart('photo', 'a.jpg', 'image/jpeg', await jpegWithExif()));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(NO_IMAGE);
    const json = await call(tech, 'POST', `/api/uploads/work-media/${r.id}`, {});
    expect(json.statusCode).toBe(400);
  });

  it('is for the assigned technician only, from ASSIGNED until COMPLETED', async () => {
    const photo = multipart('file', 'a.jpg', 'image/jpeg', await jpegWithExif());
    const r = await assigned();
    const other = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
    expect((await upload(other, r.id, photo)).statusCode).toBe(404);
    const manager = await signedIn(ctx, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    expect((await upload(manager, r.id, photo)).statusCode).toBe(403);
    const done = await assigned('COMPLETED');
    const late = await upload(tech, done.id, photo);
    expect(late.statusCode).toBe(409);
    const waiting = await assigned('WORK_COMPLETED');
    expect((await upload(tech, waiting.id, photo)).statusCode).toBe(201);
    expect(
      (await call(null, 'POST', `/api/uploads/work-media/${r.id}`, photo.payload, { headers: photo.headers }))
        .statusCode,
    ).toBe(401);
  });

  it('removes the stored files when the row cannot be written (the request finished meanwhile)', async () => {
    const r = await assigned('COMPLETED');
    const before = filesUnder(mediaDir()).length;
    const actor: Actor = {
      id: tech.made.id,
      name: tech.user.name,
      email: 'x@test.local',
      roleId: '',
      roleName: 'Technician',
      policyRole: ROLE.TECHNICIAN,
      regionId: w.region.id,
      locale: null,
      sessionId: '',
    };
    const uploads = new UploadService(ctx.app.deps.storage, ctx.app.deps.services.requests);
    await expect(uploads.store(actor, r.id, await jpegWithExif(), '127.0.0.1')).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(filesUnder(mediaDir()).length).toBe(before);
    expect(await ctx.db.select().from(workMedia).where(eq(workMedia.requestId, r.id))).toHaveLength(0);
  });
});

describe('GET /api/media/*', () => {
  it('refuses a missing, forged, tampered or expired signature with 403', async () => {
    const r = await assigned();
    const media = (await upload(tech, r.id, multipart('file', 'a.jpg', 'image/jpeg', await jpegWithExif()))).json();
    const url = new URL(media.fileUrl, 'http://x');
    const key = url.pathname.replace('/api/media/', '');
    const bad = [
      url.pathname,
      `${url.pathname}?exp=${url.searchParams.get('exp')}`,
      `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(43)}`,
      `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${url.searchParams.get('sig')}`,
      // A valid signature for the thumbnail does not open the full picture.
      `${url.pathname}?${new URL(media.thumbnailUrl, 'http://x').searchParams.toString()}`,
      // Signed long ago: expired.
      signedMediaUrl(ctx.app.deps.tokens, key, Date.now() - 3 * 3600_000),
      '/api/media/..%2F..%2Fsecret.key?exp=9999999999&sig=abc',
    ];
    for (const u of bad) {
      const res = await call(null, 'GET', u);
      expect(res.statusCode, u).toBe(403);
      expect(res.json()).toEqual({ message: BAD_LINK, code: 'FORBIDDEN' });
    }
    expect((await call(null, 'GET', media.fileUrl)).statusCode).toBe(200);
  });
});
