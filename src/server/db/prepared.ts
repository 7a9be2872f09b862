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
    query = build(`p_${createHash('sha1').update(shape).digest('base64url').slice(0, 20)}`);
    shapes.set(shape, query);
  }
  return query;
}
