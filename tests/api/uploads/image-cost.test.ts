/**
 * R15: the cost of decoding pictures. Eight progressive JPEGs of about 6000×4000 (just under the
 * 24-megapixel cap) uploaded at once by one technician must not lift the process's memory by
 * 300 MB, and a sign-in made meanwhile must answer within a second. Past the queue the server
 * answers 503 with Retry-After; past the per-user rate 429.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_BUSY, MAX_PIXELS } from '#server/modules/uploads/images.ts';
import { caller, makeRequest, makeWorld, signedIn } from '#tests/api/service-requests/test-helpers.ts';
import { createTestApp, login, makeUser, ROLE, type Session, type TestContext } from '#tests/harness/app.ts';
import { multipart } from '#tests/security/fixtures.ts';

const WIDTH = 5990;
const HEIGHT = 4000;

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let tech: Session & { made: { id: string } };
let big: Buffer;
beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  w = await makeWorld(ctx);
  tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: w.region.id });
  // A smooth picture (a gradient) compresses to a small progressive file, like the 234 KB one.
  const gradient = Buffer.alloc(WIDTH * 3);
  for (let x = 0; x < WIDTH; x++) gradient.fill(Math.floor((x / WIDTH) * 255), x * 3, x * 3 + 3);
  big = await sharp(gradient, { raw: { width: WIDTH, height: 1, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'nearest' })
    .jpeg({ progressive: true, quality: 80 })
    .toBuffer();
}, 120_000);
afterAll(() => ctx.close());

const assignedRequest = async () =>
  makeRequest(ctx.db, {
    customerId: w.customer.id,
    regionId: w.region.id,
    requestedById: tech.made.id,
    assignedToId: tech.made.id,
    status: 'IN_PROGRESS',
  });

const upload = (who: Session, requestId: string, bytes: Buffer) => {
  const file = multipart(bytes, 'site.jpg', 'image/jpeg');
  return call(who, 'POST', `/api/uploads/work-media/${requestId}`, file.payload, { headers: file.headers });
};

describe('R15: image decompression cost', () => {
  it(`8 parallel uploads of a ${WIDTH}×${HEIGHT} progressive JPEG: RSS growth under 300 MB, a sign-in meanwhile under 1 s`, async () => {
    expect(WIDTH * HEIGHT).toBeLessThanOrEqual(MAX_PIXELS);
    const r = await assignedRequest();
    // One upload first: libvips and the code paths are loaded before the baseline is taken.
    expect((await upload(tech, r.id, big)).statusCode).toBe(201);
    const signer = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: w.region.id });
    await login(ctx.app, signer.email);
    (globalThis as { gc?: () => void }).gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = Date.now();
    const uploads = Array.from({ length: 8 }, () => upload(tech, r.id, big));
    // A sign-in while the eight are being decoded.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const t0 = performance.now();
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: signer.email, password: 'secret123' },
    });
    const signInMs = performance.now() - t0;
    const answers = await Promise.all(uploads);
    const totalMs = Date.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMb = (peak - baseline) / (1024 * 1024);
    console.info(
      `R15: ${big.length} B progressive JPEG ${WIDTH}×${HEIGHT}, 8 in parallel: ${answers.map((a) => a.statusCode).join(',')} in ${totalMs} ms; ` +
        `RSS growth ${growthMb.toFixed(1)} MB; sign-in meanwhile ${signInMs.toFixed(0)} ms (${signIn.statusCode})`,
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(signIn.statusCode).toBe(200);
    expect(signInMs).toBeLessThan(1000);
    expect(growthMb).toBeLessThan(300);
  }, 180_000);

  it('past the queue: 503 with Retry-After and a message; past the per-user rate: 429', async () => {
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
