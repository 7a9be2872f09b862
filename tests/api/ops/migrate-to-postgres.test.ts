/**
 * `npm run migrate-to-postgres` on a small embedded installation (the long run with 10,000
 * requests and real servers is tests/faults/migrate-to-postgres.fault.ts): what it refuses (a bad
 * or unreachable --to, a database that does not exist or is not empty, a data directory a server
 * holds), that a failure half-way leaves the target empty, and where the rows, the sequences, the
 * photos and the signing key end up.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { mediaObjects } from '#server/db/schema/ops.ts';
import { workLogs, workMedia } from '#server/db/schema/requests.ts';
import { FileStorage } from '#server/lib/storage.ts';
import { makeCustomer, makeRegion, makeRequest, makeUser, ROLE, testDatabaseName } from '#tests/harness/app.ts';
import { ROOT } from '#tests/harness/process.ts';
import { migrateToPostgres } from '../../../scripts/migrate-to-postgres.ts';

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

async function adminQuery<T extends pg.QueryResultRow>(text: string, url = process.env.TEST_DATABASE_URL!) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

/** Tables and sequences outside the system schemas. */
async function relations(url: string): Promise<number> {
  const [row] = await adminQuery<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
    url,
  );
  return row!.n;
}

/** A fresh, empty database on the test server, dropped afterwards. */
async function emptyDatabase(): Promise<string> {
  const name = testDatabaseName();
  await adminQuery(`CREATE DATABASE ${name}`);
  cleanup.push(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

const photo = crypto.randomBytes(3000);
const objectPhoto = crypto.randomBytes(1500);

/**
 * The migrated template, three requests, a photo file, a photo object (STORAGE_DRIVER=postgres
 * once), a signing key; `orphan`: and a row whose reference is broken.
 */
async function embedded(o: { orphan?: boolean } = {}) {
  const dataDir = tmpDir('mig-src');
  const template = fs.readFileSync(process.env.AQUADESK_PGLITE_TEMPLATE!);
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(template)]) });
  try {
    const db = database.db;
    const region = await makeRegion(db);
    const tech = await makeUser(db, ROLE.TECHNICIAN, { regionId: region.id });
    const customer = await makeCustomer(db, region.id);
    const requestIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await makeRequest(db, {
        customerId: customer.id,
        regionId: region.id,
        requestedById: tech.id,
        assignedToId: tech.id,
        status: 'IN_PROGRESS',
      });
      requestIds.push(r.id);
    }
    const key = `requests/${requestIds[0]}/${crypto.randomUUID()}.jpg`;
    await new FileStorage(path.join(dataDir, 'media')).put(key, photo, 'image/jpeg');
    await db.insert(workMedia).values({
      requestId: requestIds[0]!,
      uploadedById: tech.id,
      storageKey: key,
      thumbKey: key,
      mimeType: 'image/jpeg',
      sizeBytes: photo.length,
      width: 10,
      height: 10,
    });
    await db.insert(mediaObjects).values({
      key: 'requests/older/photo.jpg',
      contentType: 'image/jpeg',
      sizeBytes: objectPhoto.length,
      data: objectPhoto,
    });
    fs.writeFileSync(path.join(dataDir, 'secret.key'), 'the-generated-signing-key');
    // A work log whose request is gone (written with the foreign keys off): the move stops at the check.
    const orphan = crypto.randomUUID();
    if (o.orphan) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.insert(workLogs).values({ id: orphan, requestId: crypto.randomUUID(), technicianId: tech.id });
      });
    }
    return { dataDir, requestIds, orphan };
  } finally {
    await database.close();
  }
}

describe.skipIf(!onPostgres)('migrate-to-postgres', () => {
  it('refuses a bad, unreachable, missing or non-empty target and a data directory in use', async () => {
    const { dataDir } = await embedded();
    const env = { DATA_DIR: dataDir };
    const refusal = (to: string) => migrateToPostgres({ to }, env);
    await expect(refusal('')).rejects.toThrow(/Say which PostgreSQL database/);
    await expect(refusal('localhost:5432/aquadesk')).rejects.toThrow('--to must be a postgres:// URL');
    await expect(refusal('not a url')).rejects.toThrow('--to is not a URL');
    await expect(refusal('postgres://postgres@127.0.0.1:5432')).rejects.toThrow('--to must name the database');
    await expect(refusal('postgres://postgres@127.0.0.1:1/aquadesk')).rejects.toThrow(
      /Cannot reach PostgreSQL at 127\.0\.0\.1:1: .*ECONNREFUSED/,
    );
    const missing = new URL(process.env.TEST_DATABASE_URL!);
    missing.pathname = '/aquadesk_no_such_database';
    await expect(refusal(missing.toString())).rejects.toThrow(
      'The database "aquadesk_no_such_database" does not exist on 127.0.0.1:5432: create it first',
    );

    const used = await emptyDatabase();
    await adminQuery('CREATE TABLE notes (id int)', used);
    await expect(refusal(used)).rejects.toThrow(/is not empty \(1 tables and sequences, e\.g\. public\.notes\)/);

    // This test process holds the data directory, as a running server would; the command is refused.
    const target = await emptyDatabase();
    const holder = await openDatabase({ dataDir });
    try {
      const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate-to-postgres.ts', '--to', target], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      const out = `${res.stdout}${res.stderr}`;
      expect(res.status, out).toBe(1);
      expect(out).toContain(`is in use by another AquaDesk server (pid ${process.pid})`);
      expect(out).toContain('stop the server, run the migration');
    } finally {
      await holder.close();
    }
    expect(await relations(target)).toBe(0);
  });

  it('moves rows, sequences, photos and the key; a failure half-way leaves the target empty', async () => {
    const { dataDir, requestIds, orphan } = await embedded({ orphan: true });
    const target = await emptyDatabase();
    const newDir = tmpDir('mig-dst');

    await expect(
      migrateToPostgres({ to: target, storage: 'fs', dataDir: newDir }, { DATA_DIR: dataDir }),
    ).rejects.toThrow(/has a row whose reference is broken: .*work_logs.*is empty again/);
    expect(await relations(target)).toBe(0);
    expect(fs.readdirSync(newDir)).toEqual([]);
    const fixed = await openDatabase({ dataDir });
    await fixed.db.execute(sql`DELETE FROM work_logs WHERE id = ${orphan}`);
    await fixed.close();

    const lines: string[] = [];
    const result = await migrateToPostgres(
      { to: target, storage: 'fs', dataDir: newDir, log: (l) => lines.push(l) },
      { DATA_DIR: dataDir },
    );
    expect(result.tables.every((t) => t.ok && t.sourceChecksum === t.targetChecksum)).toBe(true);
    expect(result.tables.find((t) => t.table === 'public.service_requests')).toMatchObject({
      sourceRows: 3,
      targetRows: 3,
    });
    expect(lines).toContain('  public.service_requests: 3 rows (0.0 s)');
    // fs to another DATA_DIR: the photo file and the photo object as files there, and the key.
    expect(result.photos.files).toBe(2);
    const store = new FileStorage(path.join(newDir, 'media'));
    const [media] = await adminQuery<{ storage_key: string }>(`SELECT storage_key FROM work_media`, target);
    expect((await store.get(media!.storage_key))?.data.equals(photo)).toBe(true);
    expect((await store.get('requests/older/photo.jpg'))?.data.equals(objectPhoto)).toBe(true);
    expect(fs.readFileSync(path.join(newDir, 'secret.key'), 'utf8')).toBe('the-generated-signing-key');
    expect(result.secret).toBe('copied');

    // The ticket counter continues after the last embedded number; the counters came along (not
    // counted again by their trigger) and their trigger works again.
    const [next] = await adminQuery<{ ticket: string }>(
      `INSERT INTO service_requests (type, description, status, customer_id, region_id, requested_by_id)
        SELECT type, 'After the move', 'PENDING_APPROVAL', customer_id, region_id, requested_by_id FROM service_requests
         LIMIT 1 RETURNING ticket_no::text AS ticket`,
      target,
    );
    expect(next!.ticket).toBe('4');
    expect(await adminQuery(`SELECT sum(count)::int AS n FROM request_counters WHERE kind = 'all'`, target)).toEqual([
      { n: 4 },
    ]);
    expect(
      await adminQuery(`SELECT id FROM service_requests WHERE id = ANY('{${requestIds.join(',')}}') `, target),
    ).toHaveLength(3);

    // Once moved, the target is not empty: a second run is refused and changes nothing.
    await expect(migrateToPostgres({ to: target, dataDir: tmpDir('mig-dst2') }, { DATA_DIR: dataDir })).rejects.toThrow(
      /is not empty/,
    );
  });
});
