/**
 * `npm run migrate-to-postgres -- --to postgres://user:password@host:5432/aquadesk [--storage fs|postgres]
 * [--data-dir DIR]`: moves a stopped embedded installation (DATA_DIR/pglite, DATA_DIR read as the
 * server reads it) into an empty PostgreSQL database, with its photos and its signing key (ADR 034).
 *
 * 1. Refuses a target database that has any table or sequence, and a data directory a server
 *    holds (its lock file, db/client.ts).
 * 2. In ONE transaction on the target: the server's own migrations (the same files, drizzle's
 *    migrator), foreign keys dropped and user triggers (counters, unread counts) off, every table
 *    streamed over in batches (row_to_json on PGlite → json_populate_recordset on PostgreSQL: each
 *    value crosses as PostgreSQL's own text, nothing is parsed in JavaScript), every sequence set
 *    where the embedded one stands (the ticket counter continues), per table a row count and a
 *    checksum computed by the same SQL on both sides, then the foreign keys added back (checked
 *    over every row). Any difference or failure rolls everything back and exits 1: the target is
 *    empty again.
 * 3. Photos go to the storage driver chosen (--storage, else STORAGE_DRIVER): `postgres` puts the
 *    files of DATA_DIR/media into media_objects (inside that transaction, each file's md5 checked);
 *    `fs` leaves them in DATA_DIR/media, or copies them to --data-dir. secret.key goes along to
 *    --data-dir, so access tokens, refresh cookies and photo links stay valid.
 * The embedded database itself is left as it was.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';
import { type Database, migrationsFolder, openDatabase } from '#server/db/client.ts';
import { contentTypeOfKey, FileStorage, isValidKey } from '#server/lib/storage.ts';
import { MIGRATION_LOCK_KEY } from '#server/modules/ops/repository.ts';
import { formatTicket } from '#shared/domain/ticket.ts';
import { copyTree, isEmptyDir, MEDIA, runMain, SECRET, UserError } from './backup-common.ts';

export const USAGE =
  'Usage: npm run migrate-to-postgres -- --to postgres://user:password@host:5432/database ' +
  '[--storage fs|postgres] [--data-dir DIR]';

/**
 * Bytes of row JSON sent per INSERT, and the most rows in a batch: a table with bytes in it
 * (media_objects: photos of up to MAX_UPLOAD_BYTES) starts at one row and takes few at a time.
 */
const BATCH_BYTES = 8 * 1024 * 1024;
const MAX_BATCH_ROWS = 5000;
const MAX_BATCH_ROWS_WITH_BYTES = 8;
/** Both sides render values the same way: the checksums compare PostgreSQL's text of each row. */
const SESSION = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 1',
  "SET bytea_output = 'hex'",
];
const SYSTEM_SCHEMAS = `n.nspname NOT IN ('information_schema', 'pg_catalog') AND n.nspname NOT LIKE 'pg\\_%'`;
/** drizzle.__drizzle_migrations is written by the migrator on the target, not copied. */
const APP_SCHEMAS = `${SYSTEM_SCHEMAS} AND n.nspname <> 'drizzle'`;

export interface MigrateOptions {
  to: string;
  storage?: 'fs' | 'postgres';
  /** The DATA_DIR the PostgreSQL server will run with; by default the embedded one's. */
  dataDir?: string;
  log?: (line: string) => void;
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

export interface MigrateResult {
  /** --to with its password hidden. */
  target: string;
  /** The embedded installation's DATA_DIR, and the one the PostgreSQL server is to run with. */
  sourceDir: string;
  dataDir: string;
  storage: 'fs' | 'postgres';
  tables: TableCheck[];
  rows: number;
  /** The copy of the rows alone, and the whole run. */
  seconds: number;
  totalSeconds: number;
  sequences: { name: string; value: number | null }[];
  photos: { files: number; into: string };
  secret: 'JWT_SECRET' | 'same DATA_DIR' | 'copied' | 'none';
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const nf = new Intl.NumberFormat('en-IN');

/** The URL with its password hidden, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

function parseTarget(to: string | undefined): URL {
  if (!to) throw new UserError(`Say which PostgreSQL database to move into.\n${USAGE}`);
  let u: URL;
  try {
    u = new URL(to);
  } catch {
    throw new UserError(`--to is not a URL: give a PostgreSQL URL such as postgres://aquadesk@127.0.0.1:5432/aquadesk`);
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') {
    throw new UserError(`--to must be a postgres:// URL, not ${u.protocol}//…`);
  }
  if (u.pathname.length <= 1) throw new UserError('--to must name the database: postgres://user@host:5432/<database>');
  return u;
}

async function connectTarget(url: URL): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  const where = `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  const db = decodeURIComponent(url.pathname.slice(1));
  try {
    await client.connect();
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { code?: string };
    if (e.code === '3D000') {
      throw new UserError(`The database "${db}" does not exist on ${where}: create it first (createdb "${db}").`);
    }
    if (e.code === '28P01' || e.code === '28000') {
      throw new UserError(`PostgreSQL at ${where} refused the sign-in: ${e.message}`);
    }
    throw new UserError(
      `Cannot reach PostgreSQL at ${where}: ${e.message || e.code}. Is it running, and is --to right?`,
    );
  }
  for (const s of [...SESSION, 'SET statement_timeout = 0', "SET application_name = 'aquadesk-migrate'"]) {
    await client.query(s);
  }
  return client;
}

/** Tables, views and sequences outside the system schemas: a target with any of them is not empty. */
async function relationsIn(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${SYSTEM_SCHEMAS} ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

async function openSource(dataDir: string): Promise<Database> {
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new UserError(`There is no embedded database in ${dataDir} (DATA_DIR): nothing to migrate.`);
  }
  try {
    return await openDatabase({ dataDir });
  } catch (err) {
    throw new UserError(
      `${(err as Error).message}\nThe embedded database can be moved only while no server uses it: ` +
        'stop the server, run the migration, then start the server on PostgreSQL.',
    );
  }
}

/**
 * The server's migrator (drizzle's, as db/client.ts runs it) on our connection and inside our
 * transaction: the same files and the same drizzle.__drizzle_migrations rows the server reads at
 * start, and nothing left behind if the copy fails. Drizzle opens a transaction of its own around
 * the files; here it runs in ours.
 */
async function migrateTarget(client: pg.Client): Promise<void> {
  const db = drizzle({ client });
  const internals = db as unknown as {
    session: { execute(q: SQL): Promise<unknown>; all(q: SQL): Promise<unknown[]> };
    dialect: { migrate(m: MigrationMeta[], session: unknown, config: { migrationsFolder: string }): Promise<void> };
  };
  const config = { migrationsFolder };
  const session = {
    execute: (query: SQL) => internals.session.execute(query),
    all: (query: SQL) => internals.session.all(query),
    transaction: (work: (tx: typeof db) => Promise<void>) => work(db),
  };
  await internals.dialect.migrate(readMigrationFiles(config), session, config);
}

async function appliedMigrations(run: (sql: string) => Promise<{ at: string }[]>): Promise<string[]> {
  return (await run('SELECT created_at::text AS at FROM drizzle.__drizzle_migrations ORDER BY created_at')).map(
    (r) => r.at,
  );
}

interface Column {
  name: string;
  type: string;
  generated: boolean;
}

/** In byte order on both sides, whatever the target's collation (the lists are compared). */
const TABLES = `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND NOT c.relispartition AND ${APP_SCHEMAS}
  ORDER BY format('%I.%I', n.nspname, c.relname) COLLATE "C"`;
const COLUMNS = `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attgenerated <> '' AS generated
  FROM pg_attribute a
  WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attname`;
const SEQUENCES = `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value,
  start_value::text AS start FROM pg_sequences WHERE schemaname NOT IN ('drizzle', 'information_schema', 'pg_catalog')
  ORDER BY 1`;

/** Row count and checksum of a table by one SQL text on both sides: the sum of every row's md5 (as two 64-bit halves). */
function checksumSql(table: string, columns: Column[]): string {
  const row = `ROW(${columns.map((c) => `t.${q(c.name)}`).join(', ')})::text`;
  return `SELECT count(*)::text AS n,
    coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint), 0)::text AS a,
    coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint), 0)::text AS b
    FROM (SELECT md5(${row}) AS h FROM ${table} AS t) AS x`;
}

function checksumOf(r: { n: string; a: string; b: string }): string {
  return crypto.createHash('md5').update(`${r.n}:${r.a}:${r.b}`).digest('hex').slice(0, 16);
}

/**
 * Streams one table: PGlite's cursor feeds INSERTs of about BATCH_BYTES each, sized by the
 * largest row of the batch before; the next fetch overlaps the last insert.
 */
async function copyTable(source: PGlite, target: pg.Client, table: string, columns: Column[]): Promise<number> {
  const most = columns.some((c) => c.type === 'bytea') ? MAX_BATCH_ROWS_WITH_BYTES : MAX_BATCH_ROWS;
  const cols = columns.filter((c) => !c.generated).map((c) => q(c.name));
  const insert =
    `INSERT INTO ${table} (${cols.join(', ')}) OVERRIDING SYSTEM VALUE ` +
    `SELECT ${cols.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json)`;
  await source.query(`DECLARE migrate_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${table} AS t`);
  let batch = most === MAX_BATCH_ROWS ? 500 : 1;
  let rows = 0;
  let pending: Promise<unknown> | undefined;
  try {
    for (;;) {
      const { rows: got } = await source.query<[string]>(`FETCH ${batch} FROM migrate_rows`, [], { rowMode: 'array' });
      if (pending) await pending;
      if (got.length === 0) break;
      const json = `[${got.map((r) => r[0]).join(',')}]`;
      const largest = Math.max(...got.map((r) => r[0].length));
      pending = target.query(insert, [json]);
      // Handled when awaited after the next fetch; until then a failure must not count as unhandled.
      pending.catch(() => {});
      rows += got.length;
      batch = Math.max(1, Math.min(most, Math.floor(BATCH_BYTES / largest)));
    }
  } finally {
    await pending?.catch(() => {});
    await source.query('CLOSE migrate_rows');
  }
  return rows;
}

/** Files under `dir`, relative with '/' (never the *.tmp of an interrupted write). */
function* filesUnder(dir: string, prefix = ''): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(path.join(dir, entry.name), rel);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) yield rel;
  }
}

/** STORAGE_DRIVER=postgres: every photo file into media_objects, one file in memory at a time, its md5 checked. */
async function filesIntoDatabase(target: pg.Client, mediaDir: string): Promise<number> {
  let n = 0;
  for (const key of filesUnder(mediaDir)) {
    // No photo link can name it: not a photo the server wrote.
    if (!isValidKey(key)) continue;
    const file = path.join(mediaDir, ...key.split('/'));
    const data = fs.readFileSync(file);
    const { rows } = await target.query<{ h: string }>(
      `INSERT INTO media_objects AS m (key, content_type, size_bytes, data, created_at)
       VALUES ($1, $2, $3, $4, to_timestamp($5)) ON CONFLICT (key) DO UPDATE SET key = m.key RETURNING md5(m.data) AS h`,
      [key, contentTypeOfKey(key), data.length, data, fs.statSync(file).mtimeMs / 1000],
    );
    if (rows[0]?.h !== crypto.createHash('md5').update(data).digest('hex')) {
      throw new UserError(`The photo ${key} differs from the object media_objects already holds under that key.`);
    }
    n++;
  }
  return n;
}

/** STORAGE_DRIVER=fs: photo objects the embedded database held (STORAGE_DRIVER=postgres on it) become files. */
async function objectsIntoFiles(source: PGlite, mediaDir: string): Promise<number> {
  const store = new FileStorage(mediaDir);
  await source.query('DECLARE migrate_media NO SCROLL CURSOR FOR SELECT key, content_type, data FROM media_objects');
  let n = 0;
  try {
    for (;;) {
      const { rows } = await source.query<{ key: string; content_type: string; data: Uint8Array }>(
        'FETCH 4 FROM migrate_media',
      );
      if (rows.length === 0) break;
      for (const r of rows) {
        if (!fs.existsSync(path.join(mediaDir, ...r.key.split('/')))) {
          await store.put(r.key, Buffer.from(r.data), r.content_type);
          n++;
        }
      }
    }
  } finally {
    await source.query('CLOSE migrate_media');
  }
  return n;
}

export async function migrateToPostgres(
  opts: MigrateOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<MigrateResult> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const config = loadConfig(env);
  const url = parseTarget(opts.to);
  const storage = opts.storage ?? config.STORAGE_DRIVER;
  const fromDir = config.dataDir;
  const toDir = path.resolve(opts.dataDir ?? fromDir);
  const sameDir = toDir === fromDir;
  const fromMedia = path.join(fromDir, MEDIA);
  const toMedia = path.join(toDir, MEDIA);
  const secretFile = path.join(fromDir, SECRET);
  const secret = config.JWT_SECRET
    ? ('JWT_SECRET' as const)
    : !fs.existsSync(secretFile)
      ? ('none' as const)
      : sameDir
        ? ('same DATA_DIR' as const)
        : ('copied' as const);
  if (!sameDir && storage === 'fs' && !isEmptyDir(toMedia)) {
    throw new UserError(`${toMedia} already holds files: give an empty --data-dir for the photos.`);
  }
  const toSecret = path.join(toDir, SECRET);
  if (
    secret === 'copied' &&
    fs.existsSync(toSecret) &&
    fs.readFileSync(toSecret, 'utf8') !== fs.readFileSync(secretFile, 'utf8')
  ) {
    throw new UserError(
      `${toSecret} holds another signing key: everyone would be signed out. Give another --data-dir.`,
    );
  }

  const target = await connectTarget(url);
  let source: Database | undefined;
  const created: string[] = [];
  try {
    const existing = await relationsIn(target);
    if (existing.length > 0) {
      throw new UserError(
        `The database ${redact(opts.to)} is not empty (${existing.length} tables and sequences, e.g. ${existing[0]}): ` +
          'migrate into a new, empty database (createdb).',
      );
    }
    source = await openSource(fromDir);
    const lite = source.pglite!;
    const liteRows = async <T>(sql: string, params: unknown[] = []) => (await lite.query<T>(sql, params)).rows;
    // A data directory a newer AquaDesk wrote is not ours to read; an older one is migrated first, as a start would.
    const known = readMigrationFiles({ migrationsFolder }).map((m) => String(m.folderMillis));
    const before = await appliedMigrations(liteRows);
    if (before.some((at) => !known.includes(at))) {
      throw new UserError('The embedded database was written by a newer AquaDesk: migrate it with that version.');
    }
    if (before.length < known.length) {
      log(`Applying ${known.length - before.length} migrations to the embedded database first (as a start would)`);
      await source.migrate();
    }
    for (const s of SESSION) await lite.query(s);

    // Photos on disk first (fs to another DATA_DIR); removed again if the database step fails.
    let photos = 0;
    if (storage === 'fs' && !sameDir && fs.existsSync(fromMedia)) {
      created.push(toMedia);
      photos = copyTree(fromMedia, toMedia);
    }
    if (secret === 'copied' && !fs.existsSync(toSecret)) {
      fs.mkdirSync(toDir, { recursive: true });
      created.push(toSecret);
      fs.copyFileSync(secretFile, toSecret);
      fs.chmodSync(toSecret, 0o600);
    }

    await target.query('BEGIN');
    await target.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    if ((await relationsIn(target)).length > 0) throw new UserError(`The database ${redact(opts.to)} is not empty.`);
    await lite.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    log('Creating the schema (the server’s migrations)');
    await migrateTarget(target);
    const targetRows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
      (await target.query<T>(sql, params)).rows;
    const after = await appliedMigrations(targetRows);
    if (after.join() !== known.join()) throw new Error(`The target's migrations (${after}) are not ${known}`);

    const tables = (await liteRows<{ name: string }>(TABLES)).map((t) => t.name);
    const targetTables = (await targetRows<{ name: string }>(TABLES)).map((t) => t.name);
    if (tables.join() !== targetTables.join()) {
      throw new UserError(`The tables differ after the migrations: embedded ${tables}; PostgreSQL ${targetTables}.`);
    }
    const fks = await targetRows<{ tbl: string; name: string; def: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS tbl, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS def
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND ${APP_SCHEMAS} ORDER BY 1, 2`,
    );
    for (const fk of fks) await target.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${fk.name}`);
    for (const t of tables) await target.query(`ALTER TABLE ${t} DISABLE TRIGGER USER`);

    const columnsOf = new Map<string, Column[]>();
    let rows = 0;
    const copyStarted = performance.now();
    for (const t of tables) {
      const columns = await liteRows<Column>(COLUMNS, [t]);
      const targetColumns = await targetRows<Column>(COLUMNS, [t]);
      if (JSON.stringify(columns) !== JSON.stringify(targetColumns)) {
        throw new UserError(`The columns of ${t} differ between the embedded database and PostgreSQL.`);
      }
      columnsOf.set(t, columns);
      const t0 = performance.now();
      const n = await copyTable(lite, target, t, columns);
      rows += n;
      log(`  ${t}: ${nf.format(n)} rows (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    }
    const copySeconds = (performance.now() - copyStarted) / 1000;

    const sequences: MigrateResult['sequences'] = [];
    const targetSequences = new Map(
      (await targetRows<{ name: string; start: string }>(SEQUENCES)).map((s) => [s.name, s.start]),
    );
    for (const s of await liteRows<{ name: string; value: string | null }>(SEQUENCES)) {
      const start = targetSequences.get(s.name);
      if (start === undefined) throw new UserError(`The sequence ${s.name} is missing on PostgreSQL.`);
      if (s.value === null) await target.query('SELECT setval($1::regclass, $2::bigint, false)', [s.name, start]);
      else await target.query('SELECT setval($1::regclass, $2::bigint, true)', [s.name, s.value]);
      sequences.push({ name: s.name, value: s.value === null ? null : Number(s.value) });
    }

    log('Counting and checksumming every table on both sides');
    const checks: TableCheck[] = [];
    for (const t of tables) {
      const sql = checksumSql(t, columnsOf.get(t)!);
      type Sum = { n: string; a: string; b: string };
      const [[a], [b]] = await Promise.all([liteRows<Sum>(sql), targetRows<Sum>(sql)]);
      checks.push({
        table: t,
        sourceRows: Number(a!.n),
        targetRows: Number(b!.n),
        sourceChecksum: checksumOf(a!),
        targetChecksum: checksumOf(b!),
        ok: a!.n === b!.n && a!.a === b!.a && a!.b === b!.b,
      });
    }
    if (checks.some((c) => !c.ok)) {
      log(formatChecks(checks));
      const bad = checks.filter((c) => !c.ok).map((c) => c.table);
      throw new UserError(
        `The copy differs from the embedded database in ${bad.join(', ')}. Nothing was moved: ${redact(opts.to)} is empty again.`,
      );
    }

    // After the checksums: the rows are the embedded ones, so a broken reference is the embedded database's.
    log('Checking the foreign keys over every row');
    for (const fk of fks) {
      try {
        await target.query(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${fk.name} ${fk.def}`);
      } catch (err) {
        const e = err as pg.DatabaseError;
        if (e.code !== '23503') throw err;
        throw new UserError(
          `The embedded database has a row whose reference is broken: ${e.message}${e.detail ? ` (${e.detail})` : ''}. ` +
            `Nothing was moved: ${redact(opts.to)} is empty again.`,
        );
      }
    }
    for (const t of tables) await target.query(`ALTER TABLE ${t} ENABLE TRIGGER USER`);

    let into = sameDir ? fromMedia : toMedia;
    if (storage === 'postgres') {
      photos = await filesIntoDatabase(target, fromMedia);
      into = 'media_objects';
    } else {
      photos += await objectsIntoFiles(lite, toMedia);
      if (sameDir) photos = [...filesUnder(fromMedia)].length;
    }
    await lite.query('COMMIT');
    await target.query('COMMIT');
    await target.query('ANALYZE');
    return {
      target: redact(opts.to),
      sourceDir: fromDir,
      dataDir: toDir,
      storage,
      tables: checks,
      rows,
      seconds: copySeconds,
      sequences,
      photos: { files: photos, into },
      secret,
      totalSeconds: (performance.now() - started) / 1000,
    };
  } catch (err) {
    await target.query('ROLLBACK').catch(() => {});
    for (const p of created) fs.rmSync(p, { recursive: true, force: true });
    throw err;
  } finally {
    await source?.close();
    await target.end().catch(() => {});
  }
}

/** The per-table table: rows and checksums on both sides. */
export function formatChecks(checks: TableCheck[]): string {
  const head = [
    'Table',
    'Rows (embedded)',
    'Rows (PostgreSQL)',
    'Checksum (embedded)',
    'Checksum (PostgreSQL)',
    'Check',
  ];
  const body = checks.map((c) => [
    c.table,
    nf.format(c.sourceRows),
    nf.format(c.targetRows),
    c.sourceChecksum,
    c.targetChecksum,
    c.ok ? 'ok' : 'MISMATCH',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((v, i) => (i === 1 || i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runMain(async () => {
    const { values } = parseArgs({
      options: {
        to: { type: 'string' },
        storage: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    if (values.storage !== undefined && values.storage !== 'fs' && values.storage !== 'postgres') {
      throw new UserError(`--storage must be fs or postgres.\n${USAGE}`);
    }
    const r = await migrateToPostgres({
      to: values.to ?? '',
      storage: values.storage as 'fs' | 'postgres' | undefined,
      dataDir: values['data-dir'],
      log: (line) => console.log(line),
    });
    console.log(`\n${formatChecks(r.tables)}\n`);
    const rate = r.seconds > 0 ? Math.round(r.rows / r.seconds) : r.rows;
    const ticket = r.sequences.find((s) => s.name.endsWith('service_requests_ticket_no_seq'));
    const photos =
      r.storage === 'postgres'
        ? `${nf.format(r.photos.files)} photo files copied into media_objects (the server reads no files ` +
          `with STORAGE_DRIVER=postgres: remove ${path.join(r.sourceDir, MEDIA)} once you have looked at a few photos)`
        : `${nf.format(r.photos.files)} photo files in ${r.photos.into}`;
    const key =
      r.secret === 'JWT_SECRET'
        ? 'JWT_SECRET is set: start the PostgreSQL server with the same JWT_SECRET, or everyone is signed out.'
        : r.secret === 'none'
          ? 'There was no secret.key: the server makes one at its first start.'
          : `${r.dataDir}/${SECRET} is the signing key: keep DATA_DIR=${r.dataDir}, and sessions, tokens and photo links stay valid.`;
    console.log(
      `Moved ${nf.format(r.rows)} rows in ${r.seconds.toFixed(1)} s (${nf.format(rate)} rows/s; ` +
        `${r.totalSeconds.toFixed(1)} s in all) into ${r.target}.\n` +
        `${photos}.\n${key}\n` +
        (ticket ? `The next request will be ${formatTicket((ticket.value ?? 0) + 1)}.\n` : '') +
        '\nStart AquaDesk on PostgreSQL with (the password as in --to):\n' +
        `  DATABASE_URL=${r.target} DATA_DIR=${r.dataDir} STORAGE_DRIVER=${r.storage}\n` +
        `The embedded database in ${r.sourceDir}/pglite is left as it was: do not start a server on it ` +
        'again (without DATABASE_URL), it would not see what happens on PostgreSQL. Remove it once you are satisfied.',
    );
  });
}
