/**
 * A fresh bench database: `aquadesk_bench_<pid>` on the PostgreSQL server of DATABASE_URL or
 * TEST_DATABASE_URL (dropped and created again), or a PGlite data directory under /tmp.
 * Migrated by our own migrator and with the nine system roles, exactly as the server starts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/client.ts';
import { seedRoles } from '#server/db/seed/seed.ts';

export type DbKind = 'postgres' | 'pglite';

/** A plain SQL session: the generator and the bench's own look-ups use it. */
export interface Sql {
  /** One or more statements, no parameters. */
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface Target {
  kind: DbKind;
  /** PostgreSQL: the bench database's URL. */
  url?: string;
  /** PGlite: the DATA_DIR the server is given (the database lives in DATA_DIR/pglite). */
  dataDir?: string;
  /** Opens a session for generating and reading the dataset (PGlite: the only one allowed). */
  open(): Promise<Sql>;
  /** Removes the database or directory. */
  drop(): Promise<void>;
}

/**
 * One database per bench process, so two people's (or helpers') runs on one PostgreSQL server do
 * not drop each other's database halfway through (seen: a run's logins answered 500).
 */
export const BENCH_DB = `aquadesk_bench_${process.pid}`;

export function serverUrl(): string {
  return process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

export async function freshTarget(kind: DbKind): Promise<Target> {
  return kind === 'postgres' ? freshPostgres() : freshPglite();
}

async function migrated(database: Database): Promise<void> {
  try {
    await database.migrate();
    await seedRoles(database.db);
  } finally {
    await database.close();
  }
}

async function freshPostgres(): Promise<Target> {
  const admin = new pg.Client({ connectionString: serverUrl(), connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl());
  u.pathname = `/${BENCH_DB}`;
  const url = u.toString();
  await migrated(await openDatabase({ databaseUrl: url, poolMax: 2 }));
  return {
    kind: 'postgres',
    url,
    async open() {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      await client.connect();
      // Bulk loads and index builds run for minutes at size L: no statement timeout here.
      await client.query('SET statement_timeout = 0');
      return {
        exec: async (text) => {
          await client.query(text);
        },
        query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
        close: () => client.end(),
      };
    },
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function freshPglite(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-bench-'));
  await migrated(await openDatabase({ dataDir }));
  return {
    kind: 'pglite',
    dataDir,
    async open() {
      const database = await openDatabase({ dataDir });
      const client = database.pglite as PGlite;
      return {
        exec: async (text) => {
          await client.exec(text);
        },
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
        close: () => database.close(),
      };
    },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
