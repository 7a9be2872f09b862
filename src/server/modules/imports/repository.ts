/** Imports: SQL only. One import at a time, across processes (ADR 040). */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';

/** Take the import lock for the rest of the transaction, or answer false at once when another import holds it. */
export async function tryLockImports(tx: Tx): Promise<boolean> {
  const res = await tx.execute<{ locked: boolean }>(
    sql`SELECT pg_try_advisory_xact_lock(hashtext('aquadesk:import')) AS locked`,
  );
  return (res.rows[0] as { locked: boolean } | undefined)?.locked === true;
}
