/**
 * `npm run backup` and `npm run restore`, run as the scripts they are: a data set with requests
 * and photos is backed up, restored into a fresh DATA_DIR (and, on PostgreSQL, an empty
 * database), and every request and photo is found again.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { serviceRequests, workMedia } from '#server/db/schema/requests.ts';
import { seedRoles } from '#server/db/seed/seed.ts';
import { FileStorage, type Storage } from '#server/lib/storage.ts';
import { PostgresStorage } from '#server/lib/storage-postgres.ts';
import { makeCustomer, makeRegion, makeRequest, makeUser, ROLE, testDatabaseName } from '#tests/harness/app.ts';
import { ROOT } from '#tests/harness/process.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

function tmpDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aquadesk-${label}-`));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

interface Photo {
  key: string;
  bytes: Buffer;
}

/** Requests with photos, as the app stores them: bytes in a storage driver, rows in work_media. */
async function makeData(db: Database['db'], stores: Storage[]) {
  await seedRoles(db);
  const region = await makeRegion(db);
  const tech = await makeUser(db, ROLE.TECHNICIAN, { regionId: region.id });
  const customer = await makeCustomer(db, region.id);
  const requests = [];
  const photos: Photo[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await makeRequest(db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: tech.id,
      assignedToId: tech.id,
      status: 'IN_PROGRESS',
      description: `Backup test request number ${i}`,
    });
    requests.push(r);
    const store = stores[i % stores.length]!;
    const name = crypto.randomUUID();
    const photo = { key: `requests/${r.id}/${name}.jpg`, bytes: crypto.randomBytes(2048 + i) };
    const thumb = { key: `requests/${r.id}/${name}-thumb.webp`, bytes: crypto.randomBytes(512) };
    await store.put(photo.key, photo.bytes, 'image/jpeg');
    await store.put(thumb.key, thumb.bytes, 'image/webp');
    await db.insert(workMedia).values({
      requestId: r.id,
      uploadedById: tech.id,
      storageKey: photo.key,
      thumbKey: thumb.key,
      mimeType: 'image/jpeg',
      sizeBytes: photo.bytes.length,
      width: 10,
      height: 10,
    });
    photos.push(photo, thumb);
  }
  return { requests, photos };
}

async function expectRestored(
  db: Database['db'],
  stores: Storage[],
  made: Awaited<ReturnType<typeof makeData>>,
): Promise<void> {
  for (const r of made.requests) {
    const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row?.description).toBe(r.description);
    expect(row?.status).toBe('IN_PROGRESS');
    const media = await db.select().from(workMedia).where(eq(workMedia.requestId, r.id));
    expect(media).toHaveLength(1);
  }
  for (const photo of made.photos) {
    let found: Buffer | undefined;
    for (const store of stores) found ??= (await store.get(photo.key))?.data;
    expect(found?.equals(photo.bytes), photo.key).toBe(true);
  }
}

describe.skipIf(onPostgres)('backup and restore of the embedded database', () => {
  it('refuses while a server holds the data directory, then round-trips requests and photos', async () => {
    const dataDir = tmpDir('bk-src');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const made = await makeData(database.db, [new FileStorage(path.join(dataDir, 'media'))]);
    fs.writeFileSync(path.join(dataDir, 'secret.key'), 'the-generated-signing-key');
    const out = path.join(tmpDir('bk-out'), 'backup');

    // This test process holds the lock, as a running server would.
    const refused = run('backup', ['--out', out], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('in use by another AquaDesk server');
    expect(refused.out).toContain('Stop the server');
    await database.close();

    const done = run('backup', ['--out', out], { DATA_DIR: dataDir });
    expect(done.out).toContain('Backup written to');
    expect(done.status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      database: 'pglite',
      files: { database: 'database.pglite.tar.gz', media: true, secret: true },
      mediaFiles: 6,
      counts: { serviceRequests: 3, workMedia: 3, customers: 1, users: 1 },
    });

    const fresh = tmpDir('bk-dst');
    const restored = run('restore', [out], { DATA_DIR: fresh });
    expect(restored.out).toContain('Restored');
    expect(restored.status).toBe(0);
    expect(fs.readFileSync(path.join(fresh, 'secret.key'), 'utf8')).toBe('the-generated-signing-key');

    // Never over an existing database.
    const again = run('restore', [out], { DATA_DIR: fresh });
    expect(again.status).toBe(1);
    expect(again.out).toMatch(/already holds/);

    const back = await openDatabase({ dataDir: fresh });
    try {
      await expectRestored(back.db, [new FileStorage(path.join(fresh, 'media'))], made);
    } finally {
      await back.close();
    }
  }, 240_000);
});

describe.skipIf(!onPostgres)('backup and restore of a PostgreSQL database', () => {
  it('round-trips requests and photos from both storage drivers through pg_dump', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const urlOf = (name: string) => {
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      return u.toString();
    };
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(q);
      } finally {
        await c.end();
      }
    };
    const source = testDatabaseName();
    const target = testDatabaseName();
    await admin(`CREATE DATABASE ${source} TEMPLATE ${process.env.AQUADESK_PG_TEMPLATE}`);
    await admin(`CREATE DATABASE ${target}`);
    cleanup.push(async () => {
      await admin(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
      await admin(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    });

    const dataDir = tmpDir('bkpg-src');
    const database = await openDatabase({ databaseUrl: urlOf(source), poolMax: 2 });
    let made: Awaited<ReturnType<typeof makeData>>;
    try {
      made = await makeData(database.db, [
        new PostgresStorage(database.db),
        new FileStorage(path.join(dataDir, 'media')),
      ]);
    } finally {
      await database.close();
    }

    const out = path.join(tmpDir('bkpg-out'), 'backup');
    const done = run('backup', ['--out', out], { DATA_DIR: dataDir, DATABASE_URL: urlOf(source) });
    expect(done.out).toContain('Backup written to');
    expect(done.status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      database: 'postgres',
      files: { database: 'database.pgdump', media: true },
      counts: { serviceRequests: 3, workMedia: 3, mediaObjects: 4 },
    });

    const fresh = tmpDir('bkpg-dst');
    const restored = run('restore', [out], { DATA_DIR: fresh, DATABASE_URL: urlOf(target) });
    expect(restored.out).toContain('Restored');
    expect(restored.status).toBe(0);
    const again = run('restore', [out], { DATA_DIR: tmpDir('bkpg-dst2'), DATABASE_URL: urlOf(target) });
    expect(again.status).toBe(1);
    expect(again.out).toContain('is not empty');

    const back = await openDatabase({ databaseUrl: urlOf(target), poolMax: 2 });
    try {
      await expectRestored(back.db, [new PostgresStorage(back.db), new FileStorage(path.join(fresh, 'media'))], made);
    } finally {
      await back.close();
    }
  }, 240_000);
});
