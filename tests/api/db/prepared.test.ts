/**
 * Statements built once and bound to the handle given (src/server/db/prepared.ts, ADR 021 third
 * round): a transaction's statement runs on that transaction (its rollback takes the row back),
 * one built inside a transaction serves the next transaction and the database, and a null is
 * written as SQL NULL (a placeholder would have made a jsonb null into JSON `null`).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '#server/db/client.ts';
import { placeholdersOf, statementFor } from '#server/db/prepared.ts';
import { auditLog } from '#server/db/schema/activity.ts';
import { regions } from '#server/db/schema/people.ts';
import { audit } from '#server/lib/audit.ts';
import { createTestApp, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const insertRegion = (h: Tx, name: string) => {
  const values = { name };
  const p = placeholdersOf(values);
  return statementFor(h, `test-insert-region|${p.shape}`, (b) =>
    (b as Tx).insert(regions).values(p.values).returning({ id: regions.id, name: regions.name }),
  ).execute(values);
};
const regionNamed = (name: string) => ctx.db.select().from(regions).where(eq(regions.name, name));

describe('statementFor', () => {
  it("runs on the transaction it is given: the transaction's rollback takes its row back", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        const [row] = await insertRegion(tx, 'Rolled back');
        expect(row?.name).toBe('Rolled back');
        // Inside the transaction the row is there; the same statement on another handle is another call.
        expect(await tx.select().from(regions).where(eq(regions.name, 'Rolled back'))).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await regionNamed('Rolled back')).toEqual([]);
  });

  it('serves the next transaction and the database itself with the statement built in an earlier one', async () => {
    await ctx.db.transaction(async (tx) => {
      await insertRegion(tx, 'Committed in a transaction');
    });
    await insertRegion(ctx.db, 'Written on the database');
    expect(await regionNamed('Committed in a transaction')).toHaveLength(1);
    expect(await regionNamed('Written on the database')).toHaveLength(1);
  });

  it('writes a null as SQL NULL and a value as itself, each shape its own statement', async () => {
    await audit(ctx.db, { action: 'test.null-details', entityType: 'test' });
    await audit(ctx.db, { action: 'test.with-details', entityType: 'test', details: { a: 1 } });
    const rows = await ctx.db
      .select({
        action: auditLog.action,
        sqlNull: sql<boolean>`${auditLog.details} is null`,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'test.%'`);
    expect(rows.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'test.null-details', sqlNull: true, details: null },
      { action: 'test.with-details', sqlNull: false, details: { a: 1 } },
    ]);
  });

  it('refuses an SQL expression as a value (it could carry values of its own call)', () => {
    expect(() => placeholdersOf({ at: sql`now()` })).toThrow(/SQL expression/);
  });
});
