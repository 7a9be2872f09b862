/**
 * Every statement the database really receives, counted at the driver (below Drizzle, whose
 * logger the prepared fast path of db/prepared.ts skips):
 * - PGlite: each message its instance sends to its PostgreSQL through `execProtocolStream` that
 *   starts a statement, a Parse (`query`: every statement is parsed unnamed) or a simple Query
 *   (`exec`: BEGIN, COMMIT, ROLLBACK, LISTEN);
 * - node-postgres: each `query` call on a pooled client, hooked where the pool hands a client
 *   out (`pool.connect`, which `pool.query` uses too), so idle clients are counted as well.
 * Transaction control is a statement like any other here; `isControl` tells it apart.
 */
import type { Database } from '#server/db/client.ts';

export interface StatementLog {
  /** Starts a fresh count (statements sent before are dropped). */
  start(): void;
  /** Stops counting and answers the statements sent since `start`, in order. */
  stop(): string[];
}

export const isControl = (sql: string) => /^\s*(begin|commit|rollback|start transaction)\b/i.test(sql);

/** Hooks the test app's database once; counting is off until `start`. */
export function logStatements(database: Database): StatementLog {
  let seen: string[] | null = null;
  const record = (sql: string) => {
    seen?.push(sql);
  };
  if (database.kind === 'pglite') hookPglite(database, record);
  else hookPool(database, record);
  return {
    start() {
      seen = [];
    },
    stop() {
      const out = seen ?? [];
      seen = null;
      return out;
    },
  };
}

const PARSE = 0x50; // 'P'
const QUERY = 0x51; // 'Q'

/** The statement text of a Parse or Query frontend message, or null for any other message. */
export function statementOf(message: Uint8Array): string | null {
  const type = message[0];
  if (type !== PARSE && type !== QUERY) return null;
  let start = 5; // type byte + int32 length
  if (type === PARSE) {
    // The statement name comes first (PGlite sends '' for an unnamed one).
    while (message[start] !== 0) start += 1;
    start += 1;
  }
  let end = start;
  while (end < message.length && message[end] !== 0) end += 1;
  return new TextDecoder().decode(message.subarray(start, end));
}

function hookPglite(database: Database, record: (sql: string) => void): void {
  const instance = database.pglite as unknown as {
    execProtocolStream: (message: Uint8Array, ...rest: unknown[]) => Promise<unknown>;
  };
  if (typeof instance?.execProtocolStream !== 'function') {
    throw new Error('PGlite no longer sends its messages through execProtocolStream: update the statement log');
  }
  const send = instance.execProtocolStream.bind(instance);
  instance.execProtocolStream = (message, ...rest) => {
    const sql = statementOf(message);
    if (sql !== null) record(sql);
    return send(message, ...rest);
  };
}

type Query = (...args: unknown[]) => unknown;

function hookPool(database: Database, record: (sql: string) => void): void {
  const pool = database.pool as unknown as { connect: Query };
  const hooked = new WeakSet<object>();
  const hook = (client: { query: Query } | undefined) => {
    if (!client || hooked.has(client)) return;
    hooked.add(client);
    const query = client.query;
    client.query = (config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      record(typeof text === 'string' ? text : String(text));
      return query.call(client, config, ...rest);
    };
  };
  const connect = pool.connect.bind(pool);
  pool.connect = (...args: unknown[]) => {
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect((err: unknown, client: { query: Query } | undefined, release: unknown) => {
        hook(client);
        return callback(err, client, release);
      });
    }
    return (connect() as Promise<{ query: Query }>).then((client) => {
      hook(client);
      return client;
    });
  };
}
