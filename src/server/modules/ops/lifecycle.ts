/**
 * The process's phase, as the readiness probe reports it, and the start-up work that must finish
 * before the API takes traffic: migrations and the first-start seed.
 *
 * main.ts listens first and prepares the database afterwards, so a load balancer sees a live
 * process (GET /api/health 200) that is not yet ready (GET /api/ready 503) while migrations run.
 */
import type { Database } from '#server/db/client.ts';
import { type SeedOptions, seed } from '#server/db/seed/seed.ts';
import { isDatabaseUnavailable } from '#server/lib/errors.ts';
import { type CatalogueText, ERR } from '#shared/i18n/server-messages.ts';
import { withMigrationLock } from './repository.ts';

export type Phase = 'starting' | 'migrating' | 'ready' | 'stopping';

export class Lifecycle {
  constructor(public phase: Phase = 'ready') {}

  get ready(): boolean {
    return this.phase === 'ready';
  }
}

/** What the readiness probe and the start-up gate answer with (503), as catalogue texts. */
export const NOT_READY: Record<Exclude<Phase, 'ready'>, CatalogueText> = {
  starting: ERR.starting,
  migrating: ERR.migrating,
  stopping: ERR.stopping,
};
/** Their English, as sent. */
export const NOT_READY_MESSAGE: Record<Exclude<Phase, 'ready'>, string> = {
  starting: NOT_READY.starting.text,
  migrating: NOT_READY.migrating.text,
  stopping: NOT_READY.stopping.text,
};

export interface PrepareOptions {
  database: Database;
  lifecycle: Lifecycle;
  seed: SeedOptions;
  log: { info(msg: string): void; warn(obj: object, msg: string): void };
  /** Stop retrying (shutdown began). */
  stopped?: () => boolean;
}

/**
 * Migrate and seed, then mark the process ready. On PostgreSQL a session advisory lock makes
 * replicas that start together take turns (the second finds nothing left to do). While the
 * database is unreachable it retries with back-off, staying live and not ready; any other
 * failure (a broken migration) is thrown, and main.ts exits non-zero.
 */
export async function prepareDatabase(opts: PrepareOptions): Promise<void> {
  const { database, lifecycle, log } = opts;
  lifecycle.phase = 'migrating';
  for (let attempt = 0; ; attempt++) {
    if (opts.stopped?.()) return;
    try {
      await withMigrationLock(database, async () => {
        await database.migrate();
        await seed(database.db, opts.seed);
      });
      break;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const wait = Math.min(10_000, 250 * 2 ** attempt);
      log.warn({ err: (err as Error).message, retryInMs: wait }, 'database unreachable; migrations will be retried');
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  if (opts.stopped?.()) return;
  lifecycle.phase = 'ready';
  log.info('database migrated; ready for traffic');
}
