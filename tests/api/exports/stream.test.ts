/**
 * db/stream.ts (ADR 037): a statement's rows as one async iterable on both databases: every row in
 * order across batches, and a reader that stops early leaves nothing open (on PostgreSQL the
 * cursor's connection back in the pool, no transaction left idle).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KeysetSource, streamRows } from '#server/db/stream.ts';
import { createTestApp, makeRegion, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

type Row = { n: number };
/** 1..count in order; a keyset batch starts after the last n. */
const numbers = (count: number): KeysetSource<Row> => ({
  statement: (page) => ({
    sql: sql`SELECT g AS n FROM generate_series(1, ${count}::int) g
      ${page?.after ? sql`WHERE g > ${page.after.n}` : sql``}
      ORDER BY g ${page ? sql`LIMIT ${page.limit}` : sql``}`,
  }),
});

async function idleInTransaction(): Promise<number> {
  const res = await ctx.db.execute(
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
  );
  return Number((res.rows[0] as { n: number }).n);
}

describe('streamRows', () => {
  it('reads every row in order, across batches', async () => {
    const seen: number[] = [];
    for await (const row of streamRows(ctx.db, numbers(2_345), 500)) seen.push(Number(row.n));
    expect(seen.length).toBe(2_345);
    expect(seen.every((n, i) => n === i + 1)).toBe(true);
  });

  it('maps a Drizzle select as Drizzle does (a timestamp as a Date)', async () => {
    const { regions } = await import('#server/db/schema/people.ts');
    await makeRegion(ctx.db);
    const select = ctx.db.select({ id: regions.id, createdAt: regions.createdAt }).from(regions);
    const rows: { id: string; createdAt: Date }[] = [];
    for await (const row of streamRows<{ id: string; createdAt: Date }>(ctx.db, {
      statement: (page) => ({ select: page ? select.$dynamic().limit(page.limit) : select }),
    })) {
      rows.push(row);
    }
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('a reader that stops early leaves no connection or transaction open', async () => {
    const pool = ctx.database.pool;
    for (let i = 0; i < 3; i++) {
      let n = 0;
      for await (const _row of streamRows(ctx.db, numbers(100_000), 100)) {
        if (++n === 250) break;
      }
      expect(n).toBe(250);
    }
    if (pool) {
      expect(pool.waitingCount).toBe(0);
      expect(pool.idleCount).toBe(pool.totalCount);
      expect(await idleInTransaction()).toBe(0);
    }
    // The database still answers.
    const res = await ctx.db.execute(sql`SELECT 1 AS one`);
    expect(res.rows.length).toBe(1);
  });
});
