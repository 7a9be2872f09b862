/** The reports' scope check (issue 38, ADR 050): SQL only. */
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';

export async function regionExists(db: Tx, id: string): Promise<boolean> {
  const res = await db.execute(sql`SELECT 1 FROM regions WHERE id = ${id}`);
  return res.rows.length > 0;
}
