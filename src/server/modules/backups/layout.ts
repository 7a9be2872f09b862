/**
 * What a backup is on disk, and the file work around it (issue 32 item 4, ADR 033): shared by the
 * server (the daily backup, "Back up now", the local route) and `npm run backup` / `npm run
 * restore` (scripts/), so there is one copy.
 *
 * A backup is a directory:
 *   manifest.json          what was backed up, when, from which database, and the row counts
 *   database.pglite.tar.gz the embedded database (PGlite dumpDataDir), or
 *   database.pgdump        pg_dump -Fc of the PostgreSQL database (with the photos of STORAGE_DRIVER=postgres)
 *   media/                 DATA_DIR/media (the photos of STORAGE_DRIVER=fs), when there is one
 *   secret.key             DATA_DIR/secret.key (the generated signing key), when there is one
 * The ones the server and `npm run backup` put in BACKUP_DIR are named aquadesk-YYYYMMDD-HHMMSS
 * (UTC), with -2, -3… when two start in the same second; only those are ever rotated out.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupTrigger } from '#shared/contracts/backups.ts';

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
  /** When the database was captured. */
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Who made it (absent in backups made before issue 32). */
  trigger?: BackupTrigger;
  files: { database: string; media: boolean; secret: boolean };
  /** Photo files copied from DATA_DIR/media. */
  mediaFiles: number;
  counts: Counts;
}

/** A refusal or failure told to the person as it is (the CLI prints its message, no stack). */
export class BackupError extends Error {}

/** 2026-11-29T20:30:00.123Z → 20261129-203000 */
export function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

const NAME = /^aquadesk-(\d{8}-\d{6})(?:-(\d+))?$/;

/** A fresh directory name in `dir` for a backup started at `at` (not created). */
export function nextBackupDir(dir: string, at: Date): string {
  const base = `aquadesk-${stamp(at)}`;
  let name = base;
  for (let n = 2; fs.existsSync(path.join(dir, name)); n++) name = `${base}-${n}`;
  return path.join(dir, name);
}

/** Oldest first: by time stamp, then by the same-second number. */
function byAge(a: string, b: string): number {
  const [, sa = '', na = '1'] = NAME.exec(a) ?? [];
  const [, sb = '', nb = '1'] = NAME.exec(b) ?? [];
  return sa === sb ? Number(na) - Number(nb) : sa < sb ? -1 : 1;
}

/** Is `dir` a finished backup of ours: its manifest written (the last thing a backup writes)? */
export function isBackup(dir: string): boolean {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Partial<Manifest>;
    return manifest.app === 'aquadesk';
  } catch {
    return false;
  }
}

/**
 * Keeps the newest `keep` backups in `dir` and deletes the older ones. Only what a backup made is
 * touched: a directory named aquadesk-YYYYMMDD-HHMMSS[-n] with an AquaDesk manifest in it; any
 * other file or folder there is left alone. Answers the paths deleted.
 */
export async function rotate(dir: string, keep: number): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const ours = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && NAME.test(e.name) && isBackup(path.join(dir, e.name)))
    .map((e) => e.name)
    .sort(byAge);
  const old = ours.slice(0, Math.max(0, ours.length - keep)).map((name) => path.join(dir, name));
  for (const p of old) await fs.promises.rm(p, { recursive: true, force: true });
  return old;
}

/** Copies a directory tree without blocking the event loop; answers how many files it copied. */
export async function copyTree(from: string, to: string): Promise<number> {
  let files = 0;
  await fs.promises.mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await fs.promises.readdir(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) files += await copyTree(src, dst);
    // A photo still being written is a `.tmp` its row does not name yet (lib/storage.ts).
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      await fs.promises.copyFile(src, dst, fs.constants.COPYFILE_EXCL);
      files++;
    }
  }
  return files;
}

/** copyTree for a command-line script that may block (the server uses the async one). */
export function copyTreeSync(from: string, to: string): number {
  let files = 0;
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) files += copyTreeSync(src, dst);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      fs.copyFileSync(src, dst, fs.constants.COPYFILE_EXCL);
      files++;
    }
  }
  return files;
}

/** The bytes of the files under `dir`. */
export async function sizeOf(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += await sizeOf(p);
    else if (entry.isFile()) bytes += (await fs.promises.stat(p)).size;
  }
  return bytes;
}

export function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** Free and total bytes of the file system `dir` is on (its nearest existing folder's), or null. */
export async function diskOf(dir: string): Promise<{ freeBytes: number; totalBytes: number } | null> {
  let at = path.resolve(dir);
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  try {
    const s = await fs.promises.statfs(at);
    return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  } catch {
    return null;
  }
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
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      if (stderr.length < 64_000) stderr += c;
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client) ` +
                'of the same major version as the server, or newer.',
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}
