/**
 * One Drizzle handle over either embedded PostgreSQL (PGlite, on disk under DATA_DIR) or a
 * real PostgreSQL server through node-postgres (ADR 002).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { drizzleClientFor } from './pglite-client.ts';

/** The one database type the services see. */
export type Db = NodePgDatabase;
/** A transaction handle, or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for PostgreSQL: the pool (metrics) and its URL (a LISTEN connection of its own). */
  pool?: pg.Pool;
  url?: string;
  /** Set for PGlite: the embedded instance. */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL URL: use node-postgres. */
  databaseUrl?: string;
  /** A directory for PGlite; undefined means in memory (tests). */
  dataDir?: string;
  /** Load a PGlite data dir dump (tests: a migrated template). */
  loadDataDir?: Blob | File;
  poolMax?: number;
  /**
   * How long a query waits for a free pooled connection before the request answers 503 (default
   * 2 s: a saturated server sheds load quickly). The API tests wait longer: they fire hundreds of
   * calls at once at a 10-connection pool on a loaded CI machine, and test outcomes, not shedding.
   */
  poolWaitMs?: number;
  onPoolError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  return openPglite(opts);
}

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 20,
    connectionTimeoutMillis: opts.poolWaitMs ?? 2000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
  });
  // Without a handler an idle client's error (a server restart) kills the process.
  pool.on('error', (err) => opts.onPoolError?.(err));
  pool.on('connect', (client) => cacheStatements(client));
  guardCheckouts(pool);
  const db = drizzlePg({ client: pool, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/**
 * Drizzle's transaction sends BEGIN outside its try/finally: when the connection died at BEGIN
 * (PostgreSQL restarted under load) the client was never released, and once `max` clients had
 * leaked every request waited for a connection and answered 503 for good (found by the R6 fault
 * test). A checked-out client whose connection ends or fails is now handed back to the pool (which
 * drops it) at once, and a second release of the same checkout is ignored. The error listener also
 * keeps a socket error between two queries of a transaction from killing the process.
 */
function guardCheckouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const patched = (...args: unknown[]) => {
    // The callback form is pool.query's own, which always releases.
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release;
      let done = false;
      const finish = (err?: Error | boolean) => {
        if (done) return;
        done = true;
        client.removeListener('end', onEnd);
        client.removeListener('error', onEnd);
        release(err);
      };
      const onEnd = (err?: Error) => finish(err ?? new Error('The database connection ended while in use'));
      client.once('end', onEnd);
      client.on('error', onEnd);
      client.release = finish;
      return client;
    });
  };
  (pool as unknown as { connect: typeof patched }).connect = patched;
}

/** Distinct statements one connection keeps prepared; past it, statements are sent unnamed. */
const STATEMENTS_PER_CONNECTION = 1000;
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Sends every data statement as a named prepared statement (the name is a hash of its text),
 * so PostgreSQL parses it once per connection and, for most of them, plans it once too. Measured
 * by `npm run bench` (docs/performance.md): planning cost more than executing for every read of a
 * request (2-4 ms against 0.1-0.3 ms).
 */
function cacheStatements(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const target = client as unknown as { query: (...args: unknown[]) => unknown };
  const query = target.query.bind(client);
  target.query = (config: unknown, ...rest: unknown[]) => {
    // Drizzle passes `name: undefined` for a query it did not prepare itself.
    if (config && typeof config === 'object' && (config as { name?: unknown }).name == null && 'text' in config) {
      const text = (config as { text: unknown }).text;
      if (typeof text === 'string' && CACHEABLE.test(text)) {
        let name = names.get(text);
        if (!name && names.size < STATEMENTS_PER_CONNECTION) {
          name = `q_${createHash('sha1').update(text).digest('base64url')}`;
          names.set(text, name);
        }
        if (name) return query({ ...config, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let releaseLock: (() => void) | undefined;
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(path.join(opts.dataDir, 'pglite.lock'));
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm },
      loadDataDir: opts.loadDataDir,
    });
  } catch (err) {
    releaseLock?.();
    throw err;
  }
  // Drizzle's parsers live on the instance: PGlite copies its whole parser table for a query
  // that brings its own (pglite-client.ts).
  const db = drizzlePglite({
    client: drizzleClientFor(client) as unknown as PGlite,
    casing: 'snake_case',
  }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        releaseLock?.();
      }
    },
  };
}

/**
 * PGlite has no lock of its own, and two processes on one data directory corrupt it.
 * Hold a lock file with our pid; a lock whose process is gone is taken over.
 */
export function acquireLock(lockPath: string): () => void {
  const tryCreate = () => {
    const fd = fs.openSync(lockPath, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  };
  try {
    tryCreate();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The data directory ${path.dirname(lockPath)} is in use by another AquaDesk server (pid ${holder}). ` +
          'Stop that server first, or start this one with another DATA_DIR.',
      );
    }
    fs.rmSync(lockPath, { force: true });
    tryCreate();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
