/**
 * State several processes share through the database: photo bytes (STORAGE_DRIVER=postgres) and
 * the rate-limit counters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { mediaObjects } from '#server/db/schema/ops.ts';
import { FileStorage } from '#server/lib/storage.ts';
import { PostgresStorage, storageFor } from '#server/lib/storage-postgres.ts';
import { hit } from '#server/modules/ops/repository.ts';
import {
  createTestApp,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  signedIn,
  TEST_PASSWORD,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ STORAGE_DRIVER: 'postgres' });
});
afterAll(() => ctx.close());

function multipart(data: Buffer) {
  const boundary = `----ops${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="site.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('PostgresStorage', () => {
  it('writes, replaces, reads and deletes objects by key, like the filesystem driver', async () => {
    const storage = new PostgresStorage(ctx.db);
    const key = `requests/${crypto.randomUUID()}/photo.jpg`;
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from([1, 2, 3]), 'image/jpeg');
    await storage.put(key, Buffer.from([4, 5, 6, 7]), 'image/png');
    const got = await storage.get(key);
    expect(got?.contentType).toBe('image/png');
    expect(Buffer.isBuffer(got?.data)).toBe(true);
    expect([...(got?.data ?? [])]).toEqual([4, 5, 6, 7]);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys the server would never make', async () => {
    const storage = new PostgresStorage(ctx.db);
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get('A/B.jpg')).rejects.toThrow(/Invalid storage key/);
  });

  it('is what the app stores uploads in when STORAGE_DRIVER=postgres, and serves them back', async () => {
    expect(ctx.app.deps.storage).toBeInstanceOf(PostgresStorage);
    const region = await makeRegion(ctx.db);
    const customer = await makeCustomer(ctx.db, region.id);
    const tech = await signedIn(ctx, ROLE.TECHNICIAN, { regionId: region.id });
    const request = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: tech.made.id,
      assignedToId: tech.made.id,
      status: 'IN_PROGRESS',
    });
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1565c0' } })
      .jpeg()
      .toBuffer();
    const file = multipart(jpeg);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploads/work-media/${request.id}`,
      payload: file.payload,
      headers: { ...tech.headers, ...file.headers },
    });
    expect(res.statusCode).toBe(201);
    const { fileUrl } = res.json() as { fileUrl: string };
    const photo = await ctx.app.inject({ method: 'GET', url: fileUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(64);
    // In the database, not on the disk.
    const key = decodeURIComponent(new URL(fileUrl, 'http://x').pathname.replace('/api/media/', ''));
    const [row] = await ctx.db
      .select({ size: mediaObjects.sizeBytes })
      .from(mediaObjects)
      .where(eq(mediaObjects.key, key));
    expect(row?.size).toBe(photo.rawPayload.length);
    expect(fs.existsSync(path.join(ctx.dataDir, 'media'))).toBe(false);
  });

  it('the default driver is the filesystem under DATA_DIR/media', async () => {
    const { loadConfig } = await import('#server/config.ts');
    const config = loadConfig({ DATA_DIR: ctx.dataDir } as NodeJS.ProcessEnv);
    expect(config.STORAGE_DRIVER).toBe('fs');
    expect(storageFor(config, ctx.database)).toBeInstanceOf(FileStorage);
    expect(storageFor({ ...config, STORAGE_DRIVER: 'postgres' }, ctx.database)).toBeInstanceOf(PostgresStorage);
  });
});

describe('rate-limit counters in the database', () => {
  it('counts hits in a fixed window and starts a new one when it lapses', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const first = await hit(ctx.db, key, 60_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(58_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await hit(ctx.db, key, 60_000)).current).toBe(2);
    const short = `test:${crypto.randomUUID()}`;
    await hit(ctx.db, short, 100);
    await hit(ctx.db, short, 100);
    await new Promise((r) => setTimeout(r, 150));
    expect((await hit(ctx.db, short, 100)).current).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(ctx.db, key, 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'holds the sign-in limit per client across two app instances on one PostgreSQL',
    async () => {
      const config = { ...ctx.config, LOGIN_RATE_PER_IP: 3 };
      const a = await buildApp({ config, database: ctx.database, secret: 'y'.repeat(40) });
      const b = await buildApp({ config, database: ctx.database, secret: 'y'.repeat(40) });
      try {
        const user = await makeUser(ctx.db, ROLE.SALESMAN);
        const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
        const login = (app: typeof a) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: user.email, password: TEST_PASSWORD },
            remoteAddress: ip,
          });
        expect((await login(a)).statusCode).toBe(200);
        expect((await login(b)).statusCode).toBe(200);
        expect((await login(a)).statusCode).toBe(200);
        const limited = await login(b);
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({
          message: 'Too many attempts. Please wait a minute and try again.',
          code: 'RATE_LIMITED',
        });
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
