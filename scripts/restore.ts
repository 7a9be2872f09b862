/**
 * `npm run restore -- <backup dir>`: puts a backup made by `npm run backup` back, into a fresh
 * DATA_DIR (embedded database) or an empty PostgreSQL database (DATABASE_URL), with its photos.
 * It never overwrites: a DATA_DIR that already holds a database or photos, or a database that
 * already has tables, is refused. Afterwards it checks the row counts against the manifest.
 * Start the server afterwards as usual; it applies any migrations newer than the backup. The
 * backup format is the server's (src/server/modules/backups/layout.ts, ADR 033).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import {
  type Counts,
  copyTree,
  isEmptyDir,
  libpqTarget,
  MANIFEST,
  type Manifest,
  MEDIA,
  runTool,
  SECRET,
  BackupError as UserError,
} from '#server/modules/backups/layout.ts';
import { countRows } from '#server/modules/backups/repository.ts';
import { runMain } from './backup-common.ts';

function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new UserError(`${dir} is not an AquaDesk backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.app !== 'aquadesk' || manifest.format !== 1) {
    throw new UserError(`${file} is not a manifest this version can restore.`);
  }
  if (!fs.existsSync(path.join(dir, manifest.files.database))) {
    throw new UserError(`The backup is incomplete: ${manifest.files.database} is missing.`);
  }
  return manifest;
}

export async function restore(backupDir: string): Promise<{ manifest: Manifest; counts: Counts }> {
  const dir = path.resolve(backupDir);
  const manifest = readManifest(dir);
  const config = loadConfig();
  const mediaTarget = path.join(config.dataDir, MEDIA);
  if (manifest.files.media && !isEmptyDir(mediaTarget)) {
    throw new UserError(`${mediaTarget} already holds photos: restore into a fresh DATA_DIR.`);
  }

  let counts: Counts;
  if (manifest.database === 'pglite') {
    if (config.DATABASE_URL) {
      throw new UserError(
        'This backup is of the embedded database: restore it with DATABASE_URL unset, into a fresh DATA_DIR.',
      );
    }
    if (!isEmptyDir(path.join(config.dataDir, 'pglite'))) {
      throw new UserError(`${config.dataDir} (DATA_DIR) already holds a database: restore into a fresh DATA_DIR.`);
    }
    const dump = fs.readFileSync(path.join(dir, manifest.files.database));
    const database = await openDatabase({
      dataDir: config.dataDir,
      loadDataDir: new Blob([new Uint8Array(dump)], { type: 'application/x-gzip' }),
    });
    try {
      counts = await countRows(database.db);
    } finally {
      await database.close();
    }
  } else {
    if (!config.DATABASE_URL) {
      throw new UserError(
        'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
      );
    }
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolMax: 1 });
    try {
      const res = await database.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
        WHERE ns.nspname NOT IN ('pg_catalog', 'information_schema')
          AND ns.nspname NOT LIKE 'pg_toast%' AND ns.nspname NOT LIKE 'pg_temp%'`);
      if (Number(res.rows[0]?.n ?? 0) > 0) {
        throw new UserError(
          'The database in DATABASE_URL is not empty: create a new one (createdb) and restore into it.',
        );
      }
      const target = libpqTarget(config.DATABASE_URL);
      await runTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${target.dbname}`,
          path.join(dir, manifest.files.database),
        ],
        target.env,
      );
      counts = await countRows(database.db);
    } finally {
      await database.close();
    }
  }

  if (manifest.files.media) await copyTree(path.join(dir, MEDIA), mediaTarget);
  const secretTarget = path.join(config.dataDir, SECRET);
  if (manifest.files.secret && !fs.existsSync(secretTarget)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(path.join(dir, SECRET), secretTarget);
    fs.chmodSync(secretTarget, 0o600);
  }

  for (const key of Object.keys(manifest.counts) as (keyof Counts)[]) {
    if (counts[key] !== manifest.counts[key]) {
      throw new UserError(
        `The restored database has ${counts[key]} ${key}, the backup recorded ${manifest.counts[key]}: do not use it.`,
      );
    }
  }
  return { manifest, counts };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runMain(async () => {
    const from = process.argv.slice(2).find((a) => !a.startsWith('-'));
    if (!from) throw new UserError('Usage: npm run restore -- <backup directory>');
    const { manifest, counts } = await restore(from);
    const config = loadConfig();
    console.log(
      `Restored ${path.resolve(from)} (${manifest.database}, taken ${manifest.createdAt})\n` +
        `  into ${config.DATABASE_URL ? 'the PostgreSQL database in DATABASE_URL' : config.dataDir}\n` +
        `  ${counts.serviceRequests} requests, ${counts.customers} customers, ${counts.users} users, ` +
        `${counts.workMedia} photos (${manifest.mediaFiles} files restored to media/)\n` +
        'Start the server as usual; it applies any newer migrations.',
    );
  });
}
