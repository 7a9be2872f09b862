/**
 * `npm run build` (after the web bundle): the server and the backup, restore and
 * migrate-to-postgres scripts compiled to plain JavaScript in dist/server, so production runs no
 * TypeScript (ADR 013).
 *
 * esbuild bundles our own code (src/server, src/shared, the `#server/*` / `#shared/*` subpath
 * imports resolved at build time) into ES modules; every npm package stays an import of
 * node_modules, so PGlite finds its WebAssembly and extensions, and sharp and argon2 their native
 * binaries, exactly as in development. The SQL migrations are copied beside the bundle
 * (db/client.ts reads them from `<its own folder>/migrations`). Test-only code is not reachable
 * from the entry points, so it is not in the output.
 */

import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/server');

/** `out`: dist/server for `npm run build`; the compiled-server test builds into a folder of its own. */
export async function buildServer(out = OUT): Promise<void> {
  fs.rmSync(out, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'src/server/main.ts',
      backup: 'scripts/backup.ts',
      restore: 'scripts/restore.ts',
      'migrate-to-postgres': 'scripts/migrate-to-postgres.ts',
    },
    outdir: out,
    bundle: true,
    // No code splitting: each entry is one file in dist/server, so `import.meta.url` in the
    // bundled db/client.ts points at dist/server and finds ./migrations (and app.ts finds
    // ../../dist/web, the same relative path as from src/server). The scripts repeat some of the
    // server's code; a few hundred KiB on disk.
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    // `npm run serve` (and `node dist/server/main.js` typed by hand, on Windows too, where
    // `NODE_ENV=… node …` is not a command) runs in production mode unless told otherwise.
    banner: { js: "process.env.NODE_ENV ??= 'production';" },
    logLevel: 'warning',
    metafile: true,
  });
  const migrations = path.join(ROOT, 'src/server/db/migrations');
  fs.cpSync(migrations, path.join(out, 'migrations'), { recursive: true });
  // package.json "type": "module" already makes .js ESM; a marker keeps dist/server ESM if copied alone.
  fs.writeFileSync(path.join(out, 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
  // A production install (`npm ci --omit=dev`) has only "dependencies": the bundle must not need more.
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const missing = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imp of output.imports) {
      if (!imp.external || imp.path.startsWith('node:')) continue;
      const name = imp.path.startsWith('@') ? imp.path.split('/').slice(0, 2).join('/') : imp.path.split('/')[0]!;
      if (!builtinModules.includes(name) && !(name in pkg.dependencies)) missing.add(name);
    }
  }
  if (missing.size) {
    throw new Error(`dist/server imports packages that are not production dependencies: ${[...missing].join(', ')}`);
  }
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  console.log(
    `${path.relative(ROOT, out)}: ${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024).toFixed(0)} KiB`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  buildServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
