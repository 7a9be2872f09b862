/**
 * The web's feature boundary (issue 17): a feature (src/web/features/<name>/) imports only its
 * own files and the shared places (src/web/lib, src/web/components, src/shared), never another
 * feature's internals; and the shared places import no feature at all. Only the app shell
 * (src/web/app, main.tsx) composes features. What two features need goes to src/web/lib
 * (queries: src/web/lib/queries) or src/web/components. Biome's noRestrictedImports cannot say
 * "any feature but your own" without one override per feature, hence this check, run by
 * `npm run lint`: `tsx scripts/check-imports.ts [root]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourceFile {
  /** Relative to the project root, with forward slashes: 'src/web/features/users/UsersPage.tsx'. */
  path: string;
  source: string;
}

const WEB = 'src/web/';
const FEATURES = 'src/web/features/';
const SHARED_WEB = ['src/web/lib/', 'src/web/components/'];

/** Every module specifier a file imports or re-exports, statically or dynamically. */
export function specifiersOf(source: string): string[] {
  const out: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1] as string);
  return out;
}

/** The project-relative path a specifier points at, or null for a package. */
export function resolveSpecifier(importer: string, specifier: string): string | null {
  if (specifier.startsWith('#web/')) return WEB + specifier.slice('#web/'.length);
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

/** One line per import that crosses the boundary: 'importer: imports target (why)'. */
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

/** The web's TypeScript sources under a project root. */
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
  const files = readWebSources(root);
  const problems = importViolations(files);
  if (problems.length) {
    console.error(
      `Feature boundary: ${problems.length} import(s) cross it\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`Feature boundary: ${files.length} web files, no feature imports another's internals.`);
}
