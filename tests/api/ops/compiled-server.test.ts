/**
 * Production runs compiled JavaScript (issue 14, ADR 013): `npm run serve` is
 * `node dist/server/main.js`, tsx is a devDependency, and the server so started loads no
 * TypeScript. The test builds the server as `npm run build` does (scripts/build-server.ts, into a
 * folder of its own so a running `dist/server` is left alone), starts it with HOST=0.0.0.0 under
 * a resolve hook that records every module the process loads, and reads what it prints.
 * On the PostgreSQL run it starts on a fresh PostgreSQL database (the bundle's `pg` path).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanAddresses } from '#server/modules/ops/where.ts';
import { testDatabaseName } from '#tests/harness/app.ts';
import { ROOT, type ServerProcess, startServer } from '#tests/harness/process.ts';
import { buildServer } from '../../../scripts/build-server.ts';

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const OUT = path.join(ROOT, 'dist', `server-check-${process.pid}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'aquadesk-compiled-'));
const loadedLog = path.join(work, 'loaded.txt');
const dbName = testDatabaseName();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let server: ServerProcess;

beforeAll(async () => {
  await buildServer(OUT);
  // A resolve hook (node:module register) that writes down every module URL the process resolves.
  fs.writeFileSync(
    path.join(work, 'hooks.mjs'),
    `import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  fs.appendFileSync(${JSON.stringify(loadedLog)}, found.url + '\\n');
  return found;
}
`,
  );
  fs.writeFileSync(
    path.join(work, 'register.mjs'),
    `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`,
  );
  let databaseUrl = '';
  if (onPostgres) {
    await admin(`CREATE DATABASE ${dbName}`);
    const u = new URL(process.env.TEST_DATABASE_URL as string);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const env: Record<string, string> = {
    HOST: '0.0.0.0',
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: databaseUrl,
    DEMO: 'off',
    ADMIN_EMAIL: 'owner@shop.test',
    ADMIN_PASSWORD: 'a-long-owner-password',
    SERVE_WEB: 'off',
    LOG_LEVEL: 'warn',
  };
  server = await startServer(env, ['--import', pathToFileURL(path.join(work, 'register.mjs')).href, `${OUT}/main.js`]);
  await server.waitReady(120_000);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
  if (onPostgres) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

describe('the compiled server (npm run serve)', () => {
  it('npm run serve is node dist/server/main.js, and tsx is only a devDependency', () => {
    expect(pkg.scripts.serve).toBe('node dist/server/main.js');
    expect(pkg.scripts.start).toBe('npm run build && npm run serve');
    expect(pkg.devDependencies.tsx).toBeDefined();
    expect(pkg.dependencies.tsx).toBeUndefined();
  });

  it('loads no TypeScript: every module it resolved is JavaScript, none of tsx or esbuild', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    const loaded = fs.readFileSync(loadedLog, 'utf8').split('\n').filter(Boolean);
    // The hook saw the process: our bundle and the packages it imports.
    expect(loaded).toContain(pathToFileURL(`${OUT}/main.js`).href);
    expect(loaded.some((u) => u.includes('/node_modules/fastify/'))).toBe(true);
    const typescript = loaded.filter((u) => /\.[cm]?tsx?$/.test(u) || /\/node_modules\/(tsx|esbuild)\//.test(u));
    expect(typescript).toEqual([]);
    expect(loaded.filter((u) => u.startsWith(pathToFileURL(path.join(ROOT, 'src')).href))).toEqual([]);
  });

  it('prints where to open it: Local, then one Network line per address of this machine (HOST=0.0.0.0)', async () => {
    // Printed once everything has started (on PostgreSQL the job runner's schema too), which on a
    // loaded machine can come a moment after the health check first answers.
    await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('AquaDesk is ready. Open it at:');
    const out = server.output();
    expect(out).toContain(`  Local:   http://localhost:${server.port}`);
    const network = out.split('\n').filter((l) => l.startsWith('  Network: '));
    expect(network).toEqual(lanAddresses().map((a) => `  Network: http://${a}:${server.port}`));
    // Not a terminal (a log file, the journal): the addresses without the QR code.
    expect(out).not.toMatch(/[▀▄█]/);
  });
});
