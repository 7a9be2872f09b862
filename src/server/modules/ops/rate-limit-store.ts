/**
 * A @fastify/rate-limit store in PostgreSQL, so a limit (sign-in attempts per client per minute)
 * holds across every server process behind a load balancer: one row per route and client with
 * a fixed window, counted by a single upsert. app.ts uses it when the database is PostgreSQL;
 * the embedded database is one process, where the plugin's in-memory store is exact already.
 *
 * Windows are fixed (like the in-memory store); `continueExceeding` and `exponentialBackoff` are
 * not supported (no route uses them). Expired rows are swept at most every few minutes.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '#server/db/client.ts';
import { hit, sweepRateLimits } from './repository.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const SWEEP_EVERY_MS = 5 * 60_000;

export function postgresRateLimitStore(db: Db, onError: (err: unknown) => void = () => {}): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    sweepRateLimits(db).catch(onError);
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      sweep();
      hit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    /** One key space per route, as the plugin's own stores keep (it passes the route as `routeInfo`). */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method}${route?.url ?? ''}:`);
    }
  }
  return PostgresRateLimitStore;
}
