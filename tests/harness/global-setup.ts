/**
 * Builds one migrated database template per run, so each test file starts from a copy in well
 * under a second: a PGlite data-dir dump, and (with TEST_DATABASE_URL) a PostgreSQL template database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { seedRoles } from '#server/db/seed/seed.ts';

export default async function setup() {
  const run = String(process.pid);
  process.env.AQUADESK_TEST_RUN = run;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-test-'));
  const database = await openDatabase({});
  await database.migrate();
  await seedRoles(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  const dumpFile = path.join(dir, 'template.tar');
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.AQUADESK_PGLITE_TEMPLATE = dumpFile;

  let templateDb: string | undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    templateDb = `aquadesk_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
    await admin.query(`CREATE DATABASE ${templateDb}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${templateDb}`;
    const tpl = await openDatabase({ databaseUrl: u.toString(), poolMax: 2 });
    await tpl.migrate();
    await seedRoles(tpl.db);
    await tpl.close();
    process.env.AQUADESK_PG_TEMPLATE = templateDb;
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && templateDb) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
        `aquadesk_t_${run}_%`,
        templateDb,
      ]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
      await admin.end();
    }
  };
}
