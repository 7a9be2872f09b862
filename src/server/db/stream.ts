/**
 * A list's rows as they are read, for the exports (issue 34 item 1, ADR 037): one async iterable
 * over either database, so an export of a million requests never holds more than a batch.
 *
 * - **PostgreSQL:** a server-side cursor (pg-query-stream) on a pool client of its own, inside a
 *   READ ONLY transaction (one snapshot; `SET LOCAL statement_timeout = 0`, since the pool's
 *   30-second limit would otherwise count the whole download as one statement). The cursor
 *   fetches `batch` rows at a time and only when the reader asks: a slow download holds the
 *   query, not the rows. Stopping the iteration (the client went away) closes the cursor, ends
 *   the transaction and hands the client back.
 * - **PGlite:** keyset batches: the statement again for the `batch` rows after the last one read
 *   (its order key, `KeysetSource.statement`). PGlite has one connection, so a cursor would hold
 *   every other request back for the whole download; short batches let them in between.
 *
 * The statement is the list's own (its repository builds it with the list's WHERE and ORDER BY,
 * without LIMIT): the rows are the list's rows in the list's order, mapped as Drizzle maps them.
 */
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { Db } from './client.ts';
import { DRIZZLE_TEXT_TYPES } from './pglite-client.ts';
import { compileRowMapper } from './prepared.ts';

/** A Drizzle select (its SQL, fields and row mapping come from `prepare`), or raw SQL (rows as objects). */
export type Statement = { select: { prepare(name: string): unknown }; values?: Record<string, unknown> } | { sql: SQL };

export interface KeysetSource<R> {
  /**
   * The list's statement in the list's order. Without `page`: every row. With it: only the rows
   * after `page.after` in that order (none given: from the first), at most `page.limit`.
   */
  statement(page?: { after: R | undefined; limit: number }): Statement;
}

/**
 * Rows fetched per round trip (PostgreSQL) or per statement (PGlite). Small on purpose: a batch
 * waits in memory until the writer has taken its last row, and rows that outlive two young-
 * generation collections are promoted to the old generation, which only a full collection frees.
 * At 1,000 rows a batch outlived them and the server's RSS rose 140 MiB during an export of 200k
 * requests; at 250 it rose 1 MiB, for about 10% more time (issue 34, E1 in the bench).
 */
export const STREAM_BATCH = 250;

/** What Drizzle's prepared select carries (drizzle-orm 0.45; prepared.ts reads the same fields). */
interface PreparedSelect {
  queryString: string;
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
}

const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES);
/** Timestamps and dates as PostgreSQL's text, as Drizzle reads them (its columns decode them). */
const types = {
  getTypeParser: (oid: number, format?: string) =>
    TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text'),
};

const poolOf = (db: Db): pg.Pool | null => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

/** Every row of `source`, read as it goes (see the header). */
export async function* streamRows<R>(db: Db, source: KeysetSource<R>, batch = STREAM_BATCH): AsyncGenerator<R> {
  const pool = poolOf(db);
  if (pool) yield* cursorRows<R>(db, pool, source.statement(), batch);
  else yield* keysetRows(db, source, batch);
}

async function* keysetRows<R>(db: Db, source: KeysetSource<R>, batch: number): AsyncGenerator<R> {
  let after: R | undefined;
  for (;;) {
    const st = source.statement({ after, limit: batch });
    const rows =
      'sql' in st
        ? ((await db.execute(st.sql)).rows as R[])
        : ((await (st.select.prepare('export') as PreparedSelect).execute(st.values ?? {})) as R[]);
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    after = rows[rows.length - 1];
  }
}

interface Compiled {
  text: string;
  values: unknown[];
  rowMode?: 'array';
  map: (row: unknown) => unknown;
}

function compile(db: Db, st: Statement): Compiled {
  if ('sql' in st) {
    const q = (
      db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }
    ).dialect.sqlToQuery(st.sql);
    return { text: q.sql, values: q.params, map: (row) => row };
  }
  const p = st.select.prepare('') as PreparedSelect;
  const map = p.fields ? compileRowMapper(p.fields, p.joinsNotNullableMap) : null;
  if (!map) throw new Error('An exported select must select fields Drizzle maps column by column');
  return {
    text: p.queryString,
    values: fillPlaceholders(p.params, st.values ?? {}),
    rowMode: 'array',
    map: (row) => map(row as unknown[]),
  };
}

async function* cursorRows<R>(db: Db, pool: pg.Pool, st: Statement, batch: number): AsyncGenerator<R> {
  const q = compile(db, st);
  const client = await pool.connect();
  let broken: Error | undefined;
  let open = false;
  try {
    await client.query('BEGIN READ ONLY');
    open = true;
    await client.query('SET LOCAL statement_timeout = 0');
    // A portal is planned for all its rows: without this the planner may sort the whole list (its
    // subqueries computed first) before the first row. With it, it walks the list's index in order.
    await client.query('SET LOCAL enable_sort = off');
    // A portal's plan is costed for all its rows (a million: far above jit_above_cost), so
    // PostgreSQL compiled it with JIT before the first row: 0.9 s at 208k requests, the first byte
    // over its 1 s target at 1M. The rows are streamed, not crunched: JIT buys nothing here.
    await client.query('SET LOCAL jit = off');
    const rows = client.query(
      new QueryStream(q.text, q.values, { batchSize: batch, ...(q.rowMode ? { rowMode: q.rowMode } : {}), types }),
    );
    // Leaving the loop early (the reader stopped) destroys the stream, which closes the cursor.
    for await (const row of rows) yield q.map(row) as R;
    await client.query('COMMIT');
    open = false;
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    if (open) {
      try {
        await client.query('ROLLBACK');
      } catch (err) {
        broken ??= err as Error;
      }
    }
    // A connection that failed mid-stream is dropped by the pool, not reused.
    client.release(broken);
  }
}
