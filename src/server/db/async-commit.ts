/**
 * A FROM item that sets `synchronous_commit = off` for the rest of the current transaction. In a
 * statement sent on its own that is the statement's implicit transaction, so its commit does not
 * wait for the WAL flush (set_config's third argument: local to the transaction; PostgreSQL reads
 * the setting when it writes the commit record, before the transaction's settings are undone).
 * For counters that every attempt of one client updates (rate limits, ADR 015): a crash may forget
 * the last fraction of a second of them. Never inside a caller's transaction: that commit would
 * not wait either.
 */
import { sql } from 'drizzle-orm';

export const ASYNC_COMMIT = sql`(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;
