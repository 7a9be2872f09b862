/**
 * The PGlite instance as Drizzle sees it (ADR 021, third round).
 *
 * Drizzle's PGlite session passes its own value parsers with every query (timestamps, dates,
 * intervals and a few array types left as PostgreSQL's text). PGlite then builds the query's
 * parser table as `{ ...instance.parsers, ...options.parsers }`: a copy of about 320 entries on
 * every statement, 0.1-0.2 ms each, which was most of our per-request gap to the bare baseline on
 * PGlite (docs/performance.md). Here the same parsers are installed on the instance once, and a
 * query whose parsers are all among them is passed on without its own. Any other parsers go
 * through untouched, so a Drizzle that changed its set would be slower, never wrong (a unit test
 * shows the fast path is taken with the Drizzle we ship).
 */
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';

/** The types Drizzle's PGlite session keeps as text (drizzle-orm/pglite/session.js). */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;
const TEXT_TYPES = new Set<string>(DRIZZLE_TEXT_TYPES.map(String));

interface Queryable {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** What Drizzle's PGlite session calls on its client. */
export interface DrizzlePgliteClient extends Queryable {
  transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** The options objects already judged: Drizzle makes one per prepared statement and reuses it. */
const judged = new WeakMap<QueryOptions, QueryOptions>();

/** `options` without its parsers when the instance already has every one of them. */
export function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  let out = judged.get(options);
  if (!out) {
    const keys = Object.keys(options.parsers);
    if (keys.length > 0 && keys.every((k) => TEXT_TYPES.has(k))) {
      const { parsers: _installed, ...rest } = options;
      out = rest;
    } else {
      out = options;
    }
    judged.set(options, out);
  }
  return out;
}

const adapt = (q: Queryable): Queryable => ({
  query: (text, params, options) => q.query(text, params, withoutInstalledParsers(options)),
});

/**
 * Installs Drizzle's text parsers on `client` (after its array types are set up, so they are not
 * overwritten) and returns the client to hand to Drizzle. Nothing else in the server queries the
 * instance directly: it only LISTENs (push.ts), which parses no values.
 */
export function drizzleClientFor(client: PGlite): DrizzlePgliteClient {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return {
    ...adapt(client),
    transaction: (callback) => client.transaction((tx: Transaction) => callback(adapt(tx))),
  };
}
