/**
 * Drizzle queries built once per database handle and query shape, then run as prepared
 * statements with placeholders.
 *
 * Drizzle builds a query's SQL from its object tree on every call; for the hot reads (the actor
 * look-up, lists, a request's details, the counters) that building was a fifth to a quarter of the
 * server's CPU under load (docs/performance.md). A "shape" is everything that changes the SQL text
 * (which filters are present, the scope's kind); the values go in as placeholders, so the number
 * of shapes is small and fixed. The SQL text is the same as the unprepared query's.
 */
import { createHash } from 'node:crypto';
import {
  Column,
  DrizzleQueryError,
  fillPlaceholders,
  getTableName,
  is,
  NoopLogger,
  SQL,
  Subquery,
  sql,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';

const byHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * `build(statementName)` once per `db` and `shape`; `shape` must say everything that changes the
 * SQL text. The statement name handed to Drizzle is a short hash of the shape (PostgreSQL keeps
 * names to 63 bytes, and one name must always mean one text).
 */
export function preparedOnce<T>(db: object, shape: string, build: (statementName: string) => T): T {
  let shapes = byHandle.get(db);
  if (!shapes) {
    shapes = new Map();
    byHandle.set(db, shapes);
  }
  let query = shapes.get(shape) as T | undefined;
  if (query === undefined) {
    query = build(statementName('p', shape));
    const built = query as unknown as Built;
    if (built.fields) {
      built.customResultMapper = mapperFor(
        built.fields,
        built.joinsNotNullableMap,
        built.isResponseInArrayMode(),
        built.customResultMapper,
      );
    }
    leanExecute(query);
    shapes.set(shape, query);
  }
  return query;
}

// ------------------------------------------------------------------ running a prepared statement

/** The fields of Drizzle's prepared queries (drizzle-orm 0.45) that `leanExecute` reads. */
interface Runnable {
  client: { query(...args: unknown[]): Promise<{ rows: unknown[] }> };
  params: unknown[];
  queryString: string;
  queryConfig: { text?: string };
  logger: unknown;
  cache?: unknown;
  customResultMapper?: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Drizzle's `execute` for a statement with a result mapper, without its layers that do nothing
 * here: three tracing spans (no OpenTelemetry is installed), the query logger (none is set) and
 * the query cache (none is configured), each an async step with its own promise, and a prototype
 * walk (`is(cache, NoopCache)`) on every call. What stays is Drizzle's: its placeholders filled
 * by `fillPlaceholders`, the same query config sent to the same client, the same mapper, and a
 * driver error wrapped in `DrizzleQueryError` as Drizzle wraps it. With a logger or a cache the
 * statement keeps Drizzle's own `execute` (issue 20; a test runs both and compares).
 */
export function leanExecute(prepared: unknown): void {
  const p = prepared as Runnable;
  const map = p.customResultMapper;
  if (typeof map !== 'function' || !is(p.logger, NoopLogger)) return;
  if (p.cache !== undefined && !is(p.cache, NoopCache)) return;
  const text = p.queryString;
  const config = p.queryConfig;
  const client = p.client;
  const run = is(prepared, NodePgPreparedQuery)
    ? (params: unknown[]) => client.query(config, params)
    : is(prepared, PglitePreparedQuery)
      ? (params: unknown[]) => client.query(text, params, config)
      : undefined;
  if (!run) return;
  p.execute = async (values = {}) => {
    const params = fillPlaceholders(p.params, values);
    let result: { rows: unknown[] };
    try {
      result = await run(params);
    } catch (err) {
      throw new DrizzleQueryError(text, params, err as Error);
    }
    return (map as (rows: unknown[]) => unknown)(result.rows);
  };
}

// ------------------------------------------------------------------ result rows

interface SelectedField {
  path: string[];
  field: unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Drizzle's `mapResultRow` for one statement's fields, with everything that depends only on the
 * fields worked out once: each column's decoder, its path, and which table a nested object's
 * nulls belong to. Drizzle works them out again for every cell of every row (`is()` walks the
 * prototype chain), which was 6% of the server's CPU on the dashboard, whose recent requests are
 * ten rows of thirty columns (docs/performance.md, issue 20 third round). Same result, including
 * a left join's all-null object becoming null (a test compares it with Drizzle's own on every
 * field kind the statements use).
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): ((row: unknown[]) => Record<string, unknown>) | null {
  const cols: { path: string[]; last: string; decoder: Decoder; table: string | null }[] = [];
  for (const { path, field } of fields) {
    let decoder: Decoder;
    if (is(field, Column)) decoder = field as unknown as Decoder;
    else if (is(field, SQL)) decoder = (field as unknown as { decoder: Decoder }).decoder;
    else if (is(field, Subquery)) return null;
    else decoder = (field as { sql: { decoder: Decoder } }).sql.decoder;
    const table =
      joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName((field as Column).table) : null;
    cols.push({ path: path.slice(0, -1), last: path[path.length - 1] as string, decoder, table });
  }
  return (row) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < cols.length; i++) {
      const c = cols[i] as (typeof cols)[number];
      let node = result;
      for (const chunk of c.path) {
        let next = node[chunk] as Record<string, unknown> | undefined;
        if (next === undefined) {
          next = {};
          node[chunk] = next;
        }
        node = next;
      }
      const raw = row[i];
      const value = raw === null ? null : c.decoder.mapFromDriverValue(raw);
      node[c.last] = value;
      if (c.table !== null) {
        nullify ??= {};
        const objectName = c.path[0] as string;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? c.table : false;
        else if (typeof nullify[objectName] === 'string' && nullify[objectName] !== c.table)
          nullify[objectName] = false;
      }
    }
    if (nullify && joinsNotNullableMap) {
      for (const objectName in nullify) {
        const tableName = nullify[objectName];
        if (typeof tableName === 'string' && !joinsNotNullableMap[tableName]) result[objectName] = null;
      }
    }
    return result;
  };
}

/**
 * The result mapper a statement runs with: its own when it has one (Drizzle's relational
 * queries), the compiled one for rows of selected fields, none for a raw statement.
 */
function mapperFor(fields: unknown, joins: unknown, arrayMode: boolean, own: unknown): unknown {
  if (own || !fields || !arrayMode) return own;
  const map = compileRowMapper(fields as SelectedField[], joins as Record<string, boolean> | undefined);
  return map ? (rows: unknown[][]) => rows.map(map) : undefined;
}

/** A statement's name for PostgreSQL: a short hash of its shape (names are kept to 63 bytes). */
const statementName = (prefix: string, shape: string) =>
  `${prefix}_${createHash('sha1').update(shape).digest('base64url').slice(0, 20)}`;

// ------------------------------------------------------------------ statements inside transactions

/** What a built Drizzle statement carries (PgPreparedQuery's fields in drizzle-orm 0.45). */
interface Built {
  getQuery(): { sql: string; params: unknown[] };
  isResponseInArrayMode(): boolean;
  fields?: unknown;
  customResultMapper?: unknown;
  queryMetadata?: unknown;
  joinsNotNullableMap?: unknown;
}

interface Template {
  query: { sql: string; params: unknown[] };
  name: string;
  arrayMode: boolean;
  fields: unknown;
  mapper: unknown;
  meta: unknown;
  joins: unknown;
}

interface Session {
  prepareQuery(
    query: Template['query'],
    fields: unknown,
    name: string,
    arrayMode: boolean,
    mapper?: unknown,
    meta?: unknown,
  ): { joinsNotNullableMap?: unknown };
}

const templates = new Map<string, Template>();
const sessionOf = (handle: object) => (handle as { _: { session: Session } })._.session;

function bind<P>(handle: object, t: Template): P {
  const prepared = sessionOf(handle).prepareQuery(t.query, t.fields, t.name, t.arrayMode, t.mapper, t.meta);
  prepared.joinsNotNullableMap = t.joins;
  leanExecute(prepared);
  return prepared as P;
}

/**
 * A statement for the database or for a transaction, whichever `handle` is. Its SQL is built once
 * per `shape` (values as `sql.placeholder`s) and each call only binds it to the handle's session,
 * as Drizzle's own `.prepare()` does: the transaction's connection, the statement's text and the
 * same mapping of its result. Drizzle binds a prepared query to the session it was built on, so
 * `preparedOnce` cannot serve a transaction; building a write's SQL on every call cost 1-2 ms of
 * a create or an approve (docs/performance.md, issue 20 third round).
 */
export function statementFor<P>(handle: object, shape: string, build: (h: object) => { prepare(name: string): P }): P {
  let t = templates.get(shape);
  if (!t) {
    const name = statementName('t', shape);
    const built = build(handle).prepare(name) as unknown as Built;
    t = {
      query: built.getQuery(),
      name,
      arrayMode: built.isResponseInArrayMode(),
      fields: built.fields,
      mapper: built.customResultMapper,
      meta: built.queryMetadata,
      joins: built.joinsNotNullableMap,
    };
    t.mapper = mapperFor(t.fields, t.joins, t.arrayMode, t.mapper);
    templates.set(shape, t);
  }
  return bind<P>(handle, t);
}

/** `statementFor` for a raw `sql` statement: its result is the driver's (`rows` as objects). */
export function rawStatementFor(
  handle: object,
  shape: string,
  build: () => SQL,
): { execute(values?: Record<string, unknown>): Promise<{ rows: Record<string, unknown>[] }> } {
  let t = templates.get(shape);
  if (!t) {
    const dialect = (handle as { dialect: PgDialect }).dialect;
    const { sql: text, params } = dialect.sqlToQuery(build());
    t = {
      query: { sql: text, params },
      name: statementName('t', shape),
      arrayMode: false,
      fields: undefined,
      mapper: undefined,
      meta: undefined,
      joins: undefined,
    };
    templates.set(shape, t);
  }
  return bind(handle, t);
}

/**
 * Values for an insert or an update as placeholders named after their keys; a null stays a
 * constant of the statement (Drizzle encodes a placeholder's value without its null check, so a
 * null jsonb would become JSON `null`). Returns the values to build with and the shape part.
 */
export function placeholdersOf<T extends Record<string, unknown>>(values: T): { values: T; shape: string } {
  const out: Record<string, unknown> = {};
  const parts: string[] = [];
  for (const key of Object.keys(values).sort()) {
    const v = values[key];
    if (v === undefined) continue;
    // An SQL expression may hold values of its own call: it cannot be part of a reused statement.
    if (is(v, SQL)) throw new Error(`placeholdersOf: "${key}" is an SQL expression, not a value`);
    out[key] = v === null ? null : sql.placeholder(key);
    parts.push(v === null ? `${key}=null` : key);
  }
  return { values: out as T, shape: parts.join(',') };
}
