/**
 * Operations' service: what the ops routes ask of the database. Only the readiness probe today;
 * the rate-limit store and the migration lock use the repository from the process's start-up.
 */
import type { Db } from '#server/db/client.ts';
import { selectOne } from './repository.ts';

/** Resolves once the database answers the cheapest statement (GET /api/ready). */
export function databaseAnswers(db: Db): Promise<void> {
  return selectOne(db);
}
