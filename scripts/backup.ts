/**
 * `npm run backup [-- --out <dir>]`: a consistent backup of the database and the photos, with the
 * configuration of the server it belongs to (DATA_DIR, DATABASE_URL, BACKUP_DIR, BACKUP_KEEP from
 * the environment), while the server runs or not (issue 32, ADR 033). Without --out it goes into
 * BACKUP_DIR (default DATA_DIR/backups) as aquadesk-YYYYMMDD-HHMMSS, and BACKUP_DIR keeps its
 * newest BACKUP_KEEP backups; --out writes exactly there and rotates nothing.
 *
 * - Embedded database (no DATABASE_URL) with a server running on it: that server holds the data
 *   directory, so it makes the copy. The script reads DATA_DIR/local-admin.json (the server's
 *   loopback address and this start's token, mode 0600) and calls the server's local route.
 * - Embedded database, no server: the script opens the data directory itself, as a server would.
 * - PostgreSQL: pg_dump of one exported snapshot, while the servers keep running.
 * Either way the photos in DATA_DIR/media are copied after the database snapshot, so every photo
 * the dumped rows name is in the copy, and the backup is recorded for the System page (trigger cli).
 * The writing itself is the server's code (src/server/modules/backups/): one copy for both.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { AppError } from '#server/lib/errors.ts';
import { BackupError } from '#server/modules/backups/layout.ts';
import { type LocalAdmin, readLocalAdmin } from '#server/modules/backups/local-access.ts';
import { BackupService, backupSettingsOf } from '#server/modules/backups/service.ts';
import { LOCAL_TOKEN_HEADER, type LocalBackupResult, localBackupResult } from '#shared/contracts/backups.ts';
import { runMain } from './backup-common.ts';

export interface BackupDone extends LocalBackupResult {
  /** Who wrote it: the running server (its pid), or this script. */
  by: { server: number } | 'script';
}

export async function backup(outArg?: string): Promise<BackupDone> {
  const config = loadConfig();
  const out = outArg ? path.resolve(outArg) : undefined;
  if (out && fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    throw new BackupError(`${out} already exists and is not empty: choose another --out.`);
  }
  if (!config.DATABASE_URL) {
    const server = readLocalAdmin(config.dataDir);
    if (server) return { ...(await askServer(server, out)), by: { server: server.pid } };
    if (!fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
      throw new BackupError(`There is no embedded database in ${config.dataDir} (DATA_DIR): nothing to back up.`);
    }
  }

  let database: Database;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({ databaseUrl: config.DATABASE_URL, poolMax: 2 })
      : await openDatabase({ dataDir: config.dataDir });
  } catch (err) {
    throw new BackupError(
      config.DATABASE_URL
        ? `Could not reach the database in DATABASE_URL: ${(err as Error).message}`
        : `${(err as Error).message}\nThat server has not published DATA_DIR/local-admin.json, through which ` +
            'a running server makes the backup: it may still be starting (try again in a moment), or be older ' +
            'than issue 32. Stop the server, run the backup, start the server again.',
    );
  }
  try {
    const service = new BackupService(database.db, database, backupSettingsOf(config), {
      info: () => {},
      warn: (o: object, m: string) => console.warn(m, o),
      error: logError,
    });
    return { ...(await service.forCli(out)), by: 'script' };
  } catch (err) {
    throw err instanceof AppError ? new BackupError(err.message) : err;
  } finally {
    await database.close();
  }
}

function logError(obj: object, msg: string): void {
  const err = (obj as { err?: unknown }).err;
  if (msg !== 'backup failed') console.error(`${msg}: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * POST /api/system/backups/local on the server's loopback address, with its token. No time limit:
 * a large database takes minutes, and the server answers when the backup is written.
 */
function askServer(server: LocalAdmin, out: string | undefined): Promise<LocalBackupResult> {
  const body = JSON.stringify(out ? { out } : {});
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}/api/system/backups/local`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [LOCAL_TOKEN_HEADER]: server.token,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          if (res.statusCode === 200) {
            const parsed = localBackupResult.safeParse(json);
            if (parsed.success) return resolve(parsed.data);
          }
          const message = (json as { message?: string } | null)?.message ?? text.slice(0, 500);
          reject(
            new BackupError(`The running server (pid ${server.pid}) could not back up (${res.statusCode}): ${message}`),
          );
        });
      },
    );
    req.on('error', (err) =>
      reject(
        new BackupError(
          `The server (pid ${server.pid}) that holds the data directory did not answer at ${server.url}: ${err.message}`,
        ),
      ),
    );
    req.end(body);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runMain(async () => {
    const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
    const done = await backup(values.out);
    const c = done.manifest.counts;
    const by = done.by === 'script' ? '' : ` by the running server (pid ${done.by.server})`;
    console.log(
      `Backup written to ${done.dir}${by}\n  database: ${done.manifest.database} (${done.manifest.files.database}), ` +
        `${(done.sizeBytes / 1048576).toFixed(1)} MB in ${(done.durationMs / 1000).toFixed(1)} s\n` +
        `  ${c.serviceRequests} requests, ${c.customers} customers, ${c.users} users, ${c.workMedia} photos` +
        ` (${done.manifest.mediaFiles} files in media/, ${c.mediaObjects} objects in the database)`,
    );
  });
}
