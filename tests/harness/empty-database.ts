/**
 * An empty PostgreSQL database of this test run, for a describe block that needs a whole database
 * of its own (pg-boss's schema, a runner's queue): created before its tests, dropped after (the
 * global teardown drops it too should the file stop early). Only with TEST_DATABASE_URL.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { testDatabaseName } from './app.ts';

async function asAdmin(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Registers the hooks; `url()` is the database's connection string inside the tests. */
export function emptyDatabase(): { url: () => string } {
  const admin = process.env.TEST_DATABASE_URL as string;
  let name = '';
  let url = '';
  beforeAll(async () => {
    name = testDatabaseName();
    await asAdmin(admin, `CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    if (name) await asAdmin(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return { url: () => url };
}
