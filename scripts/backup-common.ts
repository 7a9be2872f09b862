/**
 * What `npm run backup` and `npm run restore` share: the layout of a backup directory, the
 * PostgreSQL client tools, and the counts a restore checks against.
 *
 * A backup is a directory:
 *   manifest.json          what was backed up, when, from which database, and the row counts
 *   database.pglite.tar.gz the embedded database (PGlite dumpDataDir), or
 *   database.pgdump        pg_dump -Fc of the PostgreSQL database (with the photos of STORAGE_DRIVER=postgres)
 *   media/                 DATA_DIR/media (the photos of STORAGE_DRIVER=fs), when there is one
 *   secret.key             DATA_DIR/secret.key (the generated signing key), when there is one
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export const MANIFEST = 'manifest.json';
export const PGLITE_DUMP = 'database.pglite.tar.gz';
export const PG_DUMP = 'database.pgdump';
export const MEDIA = 'media';
export const SECRET = 'secret.key';

export interface Counts {
  users: number;
  customers: number;
  serviceRequests: number;
  workMedia: number;
  mediaObjects: number;
}

export interface Manifest {
  app: 'aquadesk';
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  files: { database: string; media: boolean; secret: boolean };
  /** Photo files copied from DATA_DIR/media. */
  mediaFiles: number;
  counts: Counts;
}

export class UserError extends Error {}

export async function countRows(db: Db): Promise<Counts> {
  const n = async (table: string) => {
    const res = await db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    return Number(res.rows[0]?.n ?? 0);
  };
  return {
    users: await n('users'),
    customers: await n('customers'),
    serviceRequests: await n('service_requests'),
    workMedia: await n('work_media'),
    mediaObjects: await n('media_objects'),
  };
}

/** Copies a directory tree; returns how many files it copied. */
export function copyTree(from: string, to: string): number {
  let files = 0;
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) files += copyTree(src, dst);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      fs.copyFileSync(src, dst, fs.constants.COPYFILE_EXCL);
      files++;
    }
  }
  return files;
}

export function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * A libpq connection for pg_dump / pg_restore without the password on the command line (where
 * `ps` would show it): the URL minus its password, and the password in PGPASSWORD.
 */
export function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs a PostgreSQL client tool; a clear message when it is missing or fails. */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new UserError(
              `${tool} was not found. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client) ` +
                'of the same major version as the server, or newer.',
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new UserError(`${tool} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

/** Runs a script's main: a UserError prints its message and exits 1; anything else its stack. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof UserError ? `Error: ${err.message}` : err);
      process.exit(1);
    },
  );
}
