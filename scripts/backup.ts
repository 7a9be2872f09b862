/**
 * `npm run backup [-- --out <dir>]`: a consistent backup of the database and the photos, with the
 * configuration of the server it belongs to (DATA_DIR, DATABASE_URL from the environment).
 *
 * - Embedded database (no DATABASE_URL): PGlite has one writer, so the backup takes the data
 *   directory's lock, as a server does; while a server runs it refuses (stop the server first).
 * - PostgreSQL: pg_dump -Fc, a consistent snapshot taken while the servers keep running; the
 *   photos of STORAGE_DRIVER=postgres are in it. DATA_DIR/media is copied after the dump, so every
 *   photo the dumped rows name is in the copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import {
  copyTree,
  countRows,
  libpqTarget,
  MANIFEST,
  type Manifest,
  MEDIA,
  PG_DUMP,
  PGLITE_DUMP,
  runMain,
  runTool,
  SECRET,
  UserError,
} from './backup-common.ts';

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

export async function backup(outArg?: string): Promise<{ dir: string; manifest: Manifest }> {
  const config = loadConfig();
  const out = path.resolve(outArg ?? path.join('backups', `aquadesk-${stamp()}`));
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    throw new UserError(`${out} already exists and is not empty: choose another --out.`);
  }
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (kind === 'pglite' && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new UserError(`There is no embedded database in ${config.dataDir} (DATA_DIR): nothing to back up.`);
  }
  fs.mkdirSync(out, { recursive: true, mode: 0o700 });

  let counts: Manifest['counts'];
  let databaseFile: string;
  if (kind === 'pglite') {
    let database: Awaited<ReturnType<typeof openDatabase>>;
    try {
      database = await openDatabase({ dataDir: config.dataDir });
    } catch (err) {
      fs.rmSync(out, { recursive: true, force: true });
      throw new UserError(
        `${(err as Error).message}\nThe embedded database can be backed up only while no server uses it. ` +
          'Stop the server, run the backup, start the server again (or run on PostgreSQL for online backups).',
      );
    }
    try {
      counts = await countRows(database.db);
      const dump = await database.pglite!.dumpDataDir('gzip');
      databaseFile = PGLITE_DUMP;
      fs.writeFileSync(path.join(out, databaseFile), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await database.close();
    }
  } else {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolMax: 1 });
    try {
      counts = await countRows(database.db);
    } finally {
      await database.close();
    }
    databaseFile = PG_DUMP;
    const target = libpqTarget(config.DATABASE_URL!);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(out, databaseFile)}`,
        `--dbname=${target.dbname}`,
      ],
      target.env,
    );
  }

  const mediaDir = path.join(config.dataDir, MEDIA);
  const mediaFiles = fs.existsSync(mediaDir) ? copyTree(mediaDir, path.join(out, MEDIA)) : 0;
  const secretFile = path.join(config.dataDir, SECRET);
  const secret = fs.existsSync(secretFile);
  if (secret) fs.copyFileSync(secretFile, path.join(out, SECRET));
  if (secret) fs.chmodSync(path.join(out, SECRET), 0o600);

  const manifest: Manifest = {
    app: 'aquadesk',
    format: 1,
    createdAt: new Date().toISOString(),
    database: kind,
    files: { database: databaseFile, media: mediaFiles > 0, secret },
    mediaFiles,
    counts,
  };
  fs.writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return { dir: out, manifest };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runMain(async () => {
    const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
    const { dir, manifest } = await backup(values.out);
    const c = manifest.counts;
    console.log(
      `Backup written to ${dir}\n  database: ${manifest.database} (${manifest.files.database})\n` +
        `  ${c.serviceRequests} requests, ${c.customers} customers, ${c.users} users, ${c.workMedia} photos` +
        ` (${manifest.mediaFiles} files in media/, ${c.mediaObjects} objects in the database)`,
    );
  });
}
