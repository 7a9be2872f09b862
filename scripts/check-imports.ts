/**
 * Import rules Biome's noRestrictedImports cannot say ("any feature but your own", "another
 * module's service only"), run by `npm run lint`: `tsx scripts/check-imports.ts [root]`.
 *
 * The web's feature boundary (issue 17): a feature (src/web/features/<name>/) imports only its
 * own files and the shared places (src/web/lib, src/web/components, src/shared), never another
 * feature's internals; and the shared places import no feature at all. Only the app shell
 * (src/web/app, main.tsx) composes features. What two features need goes to src/web/lib
 * (queries: src/web/lib/queries) or src/web/components.
 *
 * The server's module shape (issue 30; docs/ARCHITECTURE.md "Module shape"). A module is a folder
 * src/server/modules/<module>/; inside it, by file name:
 * - a route file is `routes.ts` or any `*routes*.ts`;
 * - a SQL file is `repository.ts`, `*.repository.ts`, anything under `repository/`, or `queries.ts`;
 * - the module's API, what other modules may import, is `service.ts`, `*.service.ts` and `queries.ts`.
 * Rules (an `import type` counts like any other import unless a rule says otherwise):
 * 1. A route file imports only packages, src/shared, src/server/lib, src/server/config.ts and its
 *    own module's files other than its SQL files; the composition root's types (`import type`
 *    from src/server/app.ts or src/server/services.ts) are fine. It reaches services through
 *    `app.deps`, never the database or another module.
 * 2. A module file reaches another module only through that module's API files, never its
 *    repository, mapper or other internals. src/server/lib and src/server/db import no module:
 *    only the composition root (src/server/app.ts, services.ts, main.ts) composes modules.
 * 3. SQL only in SQL files. Any other module file is refused a value import of drizzle-orm (or
 *    drizzle-orm/*), of a table (src/server/db/schema/*) or of src/server/db/prepared.ts (the
 *    building blocks of a statement; `import type` of them is fine), and a call of `select`,
 *    `selectDistinct`, `insert`, `update`, `delete`, `execute` or `$count` on a receiver named
 *    `db`, `tx` or `trx` (`this.db.select(`, `tx.execute(`). Transactions (`db.transaction(`)
 *    belong to services and are fine. This is a textual check: a query built through another
 *    name passes it, a review catches that.
 * 4. No cycle: no module imports a module that imports it back (directly or through others), and
 *    no file under src/server or src/shared imports a file that imports it back. Type-only imports
 *    count: a cycle of types still ties two files together, and it becomes a runtime cycle the day
 *    one import loses its `type`.
 * 5. No server source file is over MAX_SERVER_LINES (400) lines: a file that grows past it is
 *    split by concern (a second `*.service.ts` or `*.repository.ts`), as service-requests was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourceFile {
  /** Relative to the project root, with forward slashes: 'src/web/features/users/UsersPage.tsx'. */
  path: string;
  source: string;
}

const FEATURES = 'src/web/features/';
const SHARED_WEB = ['src/web/lib/', 'src/web/components/'];
const ALIASES: Record<string, string> = {
  '#web/': 'src/web/',
  '#server/': 'src/server/',
  '#shared/': 'src/shared/',
  '#tests/': 'tests/',
};

export interface Import {
  specifier: string;
  /** `import type …`, `export type …`, or named imports that are all `type`. */
  typeOnly: boolean;
}

/** Every module a file imports or re-exports, statically or dynamically, and whether only its types. */
export function importsOf(source: string): Import[] {
  const out: Import[] = [];
  for (const m of source.matchAll(/\b(?:import|export)\s+(type\s+)?([^'";]*?)\bfrom\s*['"]([^'"]+)['"]/g)) {
    const clause = (m[2] as string).trim();
    const named = /^\{([^}]*)\}$/.exec(clause);
    const allTypes =
      named !== null &&
      (named[1] as string)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    out.push({ specifier: m[3] as string, typeOnly: Boolean(m[1]) || allTypes });
  }
  for (const m of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    out.push({ specifier: m[1] as string, typeOnly: false });
  }
  for (const m of source.matchAll(/\bimport\s+['"]([^'"]+)['"]/g))
    out.push({ specifier: m[1] as string, typeOnly: false });
  return out;
}

/** Every module specifier a file imports or re-exports, statically or dynamically. */
export function specifiersOf(source: string): string[] {
  return importsOf(source).map((i) => i.specifier);
}

/** The project-relative path a specifier points at, or null for a package. */
export function resolveSpecifier(importer: string, specifier: string): string | null {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return dir + specifier.slice(alias.length);
  }
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
  }
  return null;
}

/** The feature a path belongs to, or null outside src/web/features. */
export function featureOf(file: string): string | null {
  if (!file.startsWith(FEATURES)) return null;
  return file.slice(FEATURES.length).split('/')[0] || null;
}

/** One line per import that crosses the web's feature boundary: 'importer: imports target (why)'. */
export function importViolations(files: SourceFile[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const from = featureOf(file.path);
    const shared = SHARED_WEB.some((p) => file.path.startsWith(p));
    if (!from && !shared) continue;
    for (const specifier of specifiersOf(file.source)) {
      const target = resolveSpecifier(file.path, specifier);
      const to = target ? featureOf(target) : null;
      if (!to || to === from) continue;
      out.push(
        from
          ? `${file.path}: imports ${specifier} (feature '${from}' reaches into feature '${to}'; move what both need to src/web/lib or src/web/components)`
          : `${file.path}: imports ${specifier} (src/web/lib and src/web/components are shared: they import no feature)`,
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------- the server

const MODULES = 'src/server/modules/';

/** The module a path belongs to, or null outside src/server/modules/<module>/. */
export function moduleOf(file: string): string | null {
  if (!file.startsWith(MODULES)) return null;
  const rest = file.slice(MODULES.length).split('/');
  return rest.length > 1 ? (rest[0] as string) : null;
}

/** A module file's path inside its module: 'repository/units.ts'. */
const inModule = (file: string) => file.slice(MODULES.length).split('/').slice(1).join('/');
const baseName = (file: string) => path.posix.basename(file);

export const isRouteFile = (file: string) => moduleOf(file) !== null && /routes/.test(baseName(file));
export function isSqlFile(file: string): boolean {
  if (moduleOf(file) === null) return false;
  const base = baseName(file);
  return (
    base === 'repository.ts' ||
    base.endsWith('.repository.ts') ||
    inModule(file).startsWith('repository/') ||
    base === 'queries.ts'
  );
}
export function isApiFile(file: string): boolean {
  if (moduleOf(file) === null) return false;
  const base = baseName(file);
  return base === 'service.ts' || base.endsWith('.service.ts') || base === 'queries.ts';
}

const isPackage = (specifier: string, target: string | null) => target === null && !specifier.startsWith('#');
const SQL_PACKAGE = /^drizzle-orm(\/|$)/;
const SQL_CALL =
  /(?<![\w$])(?:db|tx|trx)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute|\$count)\s*[(<]/;

/** The source without its comments (roughly: a `//` inside a string that is not a URL survives). */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Rules 1-3 of the header: one line per violation, 'file: imports X (why)' or 'file:line: … (why)'. */
export function serverViolations(files: SourceFile[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const from = moduleOf(file.path);
    const below = file.path.startsWith('src/server/lib/') || file.path.startsWith('src/server/db/');
    if (!from && !below) continue;
    for (const { specifier, typeOnly } of importsOf(file.source)) {
      const target = resolveSpecifier(file.path, specifier);
      const to = target ? moduleOf(target) : null;
      const say = (why: string) => out.push(`${file.path}: imports ${specifier} (${why})`);
      if (below) {
        if (to) say('src/server/lib and src/server/db import no module: only the composition root composes modules');
        continue;
      }
      if (isRouteFile(file.path) && target !== null && !isPackage(specifier, target)) {
        const fine =
          target.startsWith('src/shared/') ||
          target.startsWith('src/server/lib/') ||
          target === 'src/server/config.ts' ||
          (typeOnly && (target === 'src/server/app.ts' || target === 'src/server/services.ts')) ||
          (to === from && !isSqlFile(target));
        if (!fine) {
          say(
            to === from
              ? 'a route file calls its service, never its SQL: repository and queries files are the service’s'
              : 'a route file imports only packages, src/shared, src/server/lib, config.ts and its own module’s non-SQL files; services come through app.deps',
          );
          continue;
        }
      }
      if (to && to !== from && target && !isApiFile(target)) {
        say(
          `module '${from}' reaches into module '${to}': only its service.ts, *.service.ts or queries.ts are its API`,
        );
        continue;
      }
      if (!isSqlFile(file.path) && !typeOnly) {
        if (SQL_PACKAGE.test(specifier)) say('SQL only in repository files: drizzle-orm builds statements');
        else if (target?.startsWith('src/server/db/schema/') || target === 'src/server/db/prepared.ts') {
          say('SQL only in repository files: tables and prepared statements build statements (`import type` is fine)');
        }
      }
    }
    if (from && !isSqlFile(file.path)) {
      const lines = withoutComments(file.source).split('\n');
      lines.forEach((line, i) => {
        const call = SQL_CALL.exec(line);
        if (call) out.push(`${file.path}:${i + 1}: ${call[0].replace(/\s+/g, '')} (SQL only in repository files)`);
      });
    }
  }
  return out;
}

/** The strongly connected components of a graph with more than one node or a self-loop (Tarjan). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/** One cycle through `start` inside its component, as a path that ends where it began. */
function pathThrough(graph: Map<string, Set<string>>, component: string[]): string[] {
  const inside = new Set(component);
  const start = component[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift() as string;
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const route = [start];
        for (let at = v; at !== start; at = previous.get(at) as string) route.unshift(at);
        route.unshift(start);
        return route;
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** Rule 4 of the header: module cycles and file cycles under src/server and src/shared. */
export function cycleViolations(files: SourceFile[]): string[] {
  const fileGraph = new Map<string, Set<string>>();
  const moduleGraph = new Map<string, Set<string>>();
  const known = new Set(files.map((f) => f.path));
  for (const file of files) {
    if (!file.path.startsWith('src/server/') && !file.path.startsWith('src/shared/')) continue;
    const edges = fileGraph.get(file.path) ?? new Set<string>();
    fileGraph.set(file.path, edges);
    const from = moduleOf(file.path);
    for (const { specifier } of importsOf(file.source)) {
      const target = resolveSpecifier(file.path, specifier);
      if (!target || !known.has(target)) continue;
      if (!target.startsWith('src/server/') && !target.startsWith('src/shared/')) continue;
      edges.add(target);
      const to = moduleOf(target);
      if (from && to && from !== to) {
        const m = moduleGraph.get(from) ?? new Set<string>();
        m.add(to);
        moduleGraph.set(from, m);
      }
    }
  }
  const out: string[] = [];
  for (const c of cyclesOf(moduleGraph)) {
    out.push(`module cycle: ${pathThrough(moduleGraph, c).join(' → ')} (modules ${c.join(', ')} import each other)`);
  }
  for (const c of cyclesOf(fileGraph)) {
    out.push(`file cycle: ${pathThrough(fileGraph, c).join(' → ')}${c.length > 2 ? ` (${c.length} files)` : ''}`);
  }
  return out;
}

/** The TypeScript sources under some folders of a project root. */
/** The most lines a server source file may have (rule 5). */
export const MAX_SERVER_LINES = 400;

/** Rule 5: one line per server source file over MAX_SERVER_LINES lines. */
export function lengthViolations(files: SourceFile[], max = MAX_SERVER_LINES): string[] {
  const out: string[] = [];
  for (const file of files) {
    if (!file.path.startsWith('src/server/') || /\.test\.ts$/.test(file.path)) continue;
    const lines = file.source.split('\n').length - (file.source.endsWith('\n') ? 1 : 0);
    if (lines > max) out.push(`${file.path}: ${lines} lines (at most ${max}: split it by concern)`);
  }
  return out;
}

export function readSources(root: string, dirs: string[]): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.push({
          path: path.relative(root, full).split(path.sep).join('/'),
          source: fs.readFileSync(full, 'utf8'),
        });
      }
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return files;
}

/** The web's TypeScript sources under a project root (its tests included: they keep the boundary too). */
export function readWebSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        files.push({
          path: path.relative(root, full).split(path.sep).join('/'),
          source: fs.readFileSync(full, 'utf8'),
        });
      }
    }
  };
  walk(path.join(root, 'src/web'));
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(process.argv[2] ?? '.');
  const web = readWebSources(root);
  const server = readSources(root, ['src/server', 'src/shared']);
  const sections: [string, string[]][] = [
    ['Feature boundary', importViolations(web)],
    ['Server module shape', serverViolations(server)],
    ['Import cycles', cycleViolations(server)],
    ['File length', lengthViolations(server)],
  ];
  let failed = false;
  for (const [name, problems] of sections) {
    if (!problems.length) continue;
    failed = true;
    console.error(`${name}: ${problems.length} problem(s)\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
  if (failed) {
    console.error('Rules: the header of scripts/check-imports.ts.');
    process.exit(1);
  }
  console.log(
    `Imports: ${web.length} web files keep the feature boundary; ${server.length} server and shared files keep the module shape, no cycle, no server file over ${MAX_SERVER_LINES} lines.`,
  );
}
