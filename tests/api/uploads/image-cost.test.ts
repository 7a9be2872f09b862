/**
 * R15: the cost of decoding pictures. Past the image queue the server answers 503 with
 * Retry-After, before it reads the body; past the per-user rate 429. The timed bounds (eight
 * uploads of a picture just under the 24-megapixel cap at once: the server's RSS growth under
 * 300 MB, a sign-in meanwhile under 1 s) are measured on a real server process in the fault suite
 * (`npm run test:faults`, tests/faults/image-cost.fault.ts): timed targets stay out of `npm test`.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_BUSY, MAX_PIXELS } from '#server/modules/uploads/images.ts';
import { caller, makeRequest, makeWorld, signedIn } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, ROLE } from '#tests/harness/app.ts';
import { multipart } from '#tests/security/fixtures.ts';

const WIDTH = 5990;
const HEIGHT = 4000;

let big: Buffer;
beforeAll(async () => {
  // A smooth picture (a gradient) compresses to a small progressive file, like the 234 KB one.
  const gradient = Buffer.alloc(WIDTH * 3);
  for (let x = 0; x < WIDTH; x++) gradient.fill(Math.floor((x / WIDTH) * 255), x * 3, x * 3 + 3);
  big = await sharp(gradient, { raw: { width: WIDTH, height: 1, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'nearest' })
    .jpeg({ progressive: true, quality: 80 })
    .toBuffer();
}, 120_000);

describe('R15: image decompression cost', () => {
  it('past the queue: 503 with Retry-After and a message; past the per-user rate: 429', async () => {
    // The picture is just under the cap: it is decoded, not refused by its header.
    expect(WIDTH * HEIGHT).toBeLessThanOrEqual(MAX_PIXELS);
    const small = createTestApp({ IMAGE_CONCURRENCY: '1', IMAGE_QUEUE: '1', UPLOADS_PER_MINUTE: '4' });
    const c = await small;
    try {
      const world = await makeWorld(c);
      const t = await signedIn(c, ROLE.TECHNICIAN, { regionId: world.region.id });
      const req = await makeRequest(c.db, {
        customerId: world.customer.id,
        regionId: world.region.id,
        requestedById: t.made.id,
        assignedToId: t.made.id,
        status: 'IN_PROGRESS',
      });
      const send = () => {
        const file = multipart(big, 'site.jpg', 'image/jpeg');
        return caller(c)(t, 'POST', `/api/uploads/work-media/${req.id}`, file.payload, { headers: file.headers });
      };
      // One running, one waiting: the third finds the queue full.
      const three = await Promise.all([send(), send(), send()]);
      const codes = three.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 201, 503]);
      const busy = three.find((a) => a.statusCode === 503);
      expect(busy?.json()).toEqual({ code: 'UNAVAILABLE', message: IMAGE_BUSY });
      expect(busy?.headers['retry-after']).toBe('5');
      // Four a minute per technician: the fourth passes, the fifth is refused.
      expect((await send()).statusCode).toBe(201);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      // Another technician is not affected.
      const other = await signedIn(c, ROLE.TECHNICIAN, { regionId: world.region.id });
      const theirs = await makeRequest(c.db, {
        customerId: world.customer.id,
        regionId: world.region.id,
        requestedById: other.made.id,
        assignedToId: other.made.id,
        status: 'IN_PROGRESS',
      });
      const file = multipart(big, 'site.jpg', 'image/jpeg');
      const ok = await caller(c)(other, 'POST', `/api/uploads/work-media/${theirs.id}`, file.payload, {
        headers: file.headers,
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      await c.close();
    }
  }, 180_000);
});
