/**
 * Writes one backup (ADR 033): the database as one consistent snapshot, with the row counts of
 * that same snapshot, then the photos and the signing key. The server calls it (daily, "Back up
 * now", the local route `npm run backup` asks for while the server holds the embedded database),
 * and so does `npm run backup` when no server runs (it opens the database itself).
 *
 * - PGlite: the count and `dumpDataDir` run inside one PGlite transaction. PGlite serialises
 *   callers: every statement outside a transaction and every transaction takes its transaction
 *   lock, and dumpDataDir takes its query lock. Holding the first, nothing else runs or is half
 *   done while the files are read, so the tar is the database at one commit boundary, and the
 *   counts are of exactly that state. Requests wait meanwhile (the tar is read in memory, without
 *   compression: docs/performance.md); gzip runs after the locks are let go.
 * - PostgreSQL: a REPEATABLE READ, READ ONLY transaction exports its snapshot, counts in it, and
 *   `pg_dump --snapshot` dumps that very snapshot while the servers keep running.
 * - DATA_DIR/media is copied after the snapshot: a photo's file is written before its row is
 *   committed, so every photo the dumped rows name is in the copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Database } from '#server/db/client.ts';
import type { BackupTrigger } from '#shared/contracts/backups.ts';
import {
  BackupError,
  type Counts,
  copyTree,
  libpqTarget,
  MANIFEST,
  type Manifest,
  MEDIA,
  PG_DUMP,
  PGLITE_DUMP,
  runTool,
  SECRET,
  sizeOf,
} from './layout.ts';
import { countRows, exportSnapshot } from './repository.ts';

export interface WrittenBackup {
  dir: string;
  manifest: Manifest;
  /** Bytes written: the database file, the photos, the key and the manifest. */
  sizeBytes: number;
}

/** Writes a backup of `database` (and DATA_DIR's photos and key) into `out`, a new or empty directory. */
export async function writeBackup(
  database: Database,
  dataDir: string,
  out: string,
  trigger: BackupTrigger,
): Promise<WrittenBackup> {
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    throw new BackupError(`${out} already exists and is not empty: choose another directory.`);
  }
  const made = !fs.existsSync(out);
  await fs.promises.mkdir(out, { recursive: true, mode: 0o700 });
  try {
    const capturedAt = new Date();
    const { counts, file } =
      database.kind === 'pglite' ? await dumpPglite(database, out) : await dumpPostgres(database, out);
    const mediaDir = path.join(dataDir, MEDIA);
    const mediaFiles = fs.existsSync(mediaDir) ? await copyTree(mediaDir, path.join(out, MEDIA)) : 0;
    const secretFile = path.join(dataDir, SECRET);
    const secret = fs.existsSync(secretFile);
    if (secret) {
      await fs.promises.copyFile(secretFile, path.join(out, SECRET));
      await fs.promises.chmod(path.join(out, SECRET), 0o600);
    }
    const manifest: Manifest = {
      app: 'aquadesk',
      format: 1,
      createdAt: capturedAt.toISOString(),
      database: database.kind,
      trigger,
      files: { database: file, media: mediaFiles > 0, secret },
      mediaFiles,
      counts,
    };
    // Last: a directory with a manifest is a finished backup (rotation and restore rely on it).
    await fs.promises.writeFile(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return { dir: out, manifest, sizeBytes: await sizeOf(out) };
  } catch (err) {
    if (made) await fs.promises.rm(out, { recursive: true, force: true }).catch(() => {});
    else await emptyDir(out).catch(() => {});
    throw err;
  }
}

async function emptyDir(dir: string): Promise<void> {
  for (const name of await fs.promises.readdir(dir)) {
    await fs.promises.rm(path.join(dir, name), { recursive: true, force: true });
  }
}

async function dumpPglite(database: Database, out: string): Promise<{ counts: Counts; file: string }> {
  const pglite = database.pglite;
  if (!pglite) throw new BackupError('The embedded database is not open.');
  let tar: Blob | undefined;
  const counts = await database.db.transaction(async (tx) => {
    const c = await countRows(tx);
    tar = await pglite.dumpDataDir('none');
    return c;
  });
  if (!tar) throw new BackupError('The embedded database gave no dump.');
  await pipeline(
    Readable.fromWeb(tar.stream() as Parameters<typeof Readable.fromWeb>[0]),
    zlib.createGzip(),
    fs.createWriteStream(path.join(out, PGLITE_DUMP), { mode: 0o600 }),
  );
  return { counts, file: PGLITE_DUMP };
}

async function dumpPostgres(database: Database, out: string): Promise<{ counts: Counts; file: string }> {
  if (!database.url) throw new BackupError('The PostgreSQL database has no URL.');
  const target = libpqTarget(database.url);
  const counts = await database.db.transaction(
    async (tx) => {
      const snapshot = await exportSnapshot(tx);
      const c = await countRows(tx);
      // The transaction stays open until pg_dump has read the snapshot's data.
      await runTool(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${snapshot}`,
          `--file=${path.join(out, PG_DUMP)}`,
          `--dbname=${target.dbname}`,
        ],
        target.env,
      );
      return c;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  await fs.promises.chmod(path.join(out, PG_DUMP), 0o600);
  return { counts, file: PG_DUMP };
}
