/**
 * Drizzle's PGlite parsers installed once on the instance (src/server/db/pglite-client.ts, ADR 021
 * third round): values read through Drizzle are what Drizzle's own parsers gave, and Drizzle's
 * queries reach PGlite without parsers of their own (the per-query copy of PGlite's parser table
 * this avoids was most of our gap to the baseline on PGlite).
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { DRIZZLE_TEXT_TYPES, withoutInstalledParsers } from '#server/db/pglite-client.ts';

let database: Database;
let plain: PGlite;
beforeAll(async () => {
  database = await openDatabase({});
  plain = await PGlite.create();
});
afterAll(async () => {
  await database.close();
  await plain.close();
});

const probe = sql`select
  '2026-11-27 09:30:00.123+05:30'::timestamptz as tz,
  '2026-11-27 09:30:00'::timestamp as ts,
  '2026-11-27'::date as d,
  '1 day 02:00:00'::interval as iv,
  array['1.50'::numeric, '2'::numeric] as nums,
  array['2026-01-02'::date] as ds,
  7::int as n,
  '{"a":1}'::jsonb as j,
  true as b`;

describe('Drizzle over the PGlite client', () => {
  it('reads every value as Drizzle on a bare PGlite instance does', async () => {
    const ours = await database.db.execute(probe);
    const reference = await drizzle({ client: plain }).execute(probe);
    expect(ours.rows).toEqual(reference.rows);
    expect(ours.rows[0]).toMatchObject({ d: '2026-11-27', iv: '1 day 02:00:00', n: 7, j: { a: 1 }, b: true });
  });

  it('sends Drizzle queries, in and out of a transaction, without parsers of their own', async () => {
    const pglite = database.pglite as PGlite;
    const spy = vi.spyOn(pglite, 'query');
    try {
      await database.db.execute(sql`select now()`);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select now()`);
      });
      const options = spy.mock.calls.map((c) => c[2]);
      expect(options.length).toBeGreaterThan(0);
      for (const o of options) expect(o?.parsers).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });

  it('passes foreign parsers on untouched', () => {
    const drizzles = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((t) => [t, (v: string) => v]));
    expect(withoutInstalledParsers({ rowMode: 'array', parsers: drizzles })).toEqual({ rowMode: 'array' });
    const foreign = { rowMode: 'array' as const, parsers: { ...drizzles, 23: (v: string) => Number(v) * 2 } };
    expect(withoutInstalledParsers(foreign)).toBe(foreign);
    expect(withoutInstalledParsers(undefined)).toBeUndefined();
  });
});
