/**
 * P8 (issue 7): the JavaScript a first visit loads stays within budget and the routes stay
 * code-split. Reads the built app (dist/web): the initial JS is every script index.html loads or
 * preloads, plus whatever those import statically, transitively; everything else is loaded on
 * demand. Run after `vite build` (npm run test:e2e does): `tsx scripts/check-bundle.ts [dir]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** 200 kB of gzip for the initial JavaScript. */
export const INITIAL_JS_LIMIT = 200_000;
/** Fewer lazy chunks than this means the routes are no longer split. */
export const MIN_LAZY_CHUNKS = 5;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface BundleReport {
  initial: ChunkSize[];
  initialGzip: number;
  lazy: ChunkSize[];
}

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

/** Paths (relative to the web root) of the scripts an HTML page loads or preloads. */
export function scriptsOfHtml(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"[^>]*>/g)) out.push(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"[^>]*>/g)) {
    out.push(m[1] as string);
  }
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+\.js)"[^>]*\brel="modulepreload"[^>]*>/g)) {
    out.push(m[1] as string);
  }
  return [...new Set(out)];
}

/** Relative specifiers a module imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
export function staticImports(code: string): string[] {
  const out = new Set<string>();
  // `import(` is a dynamic import and is left out by requiring no "(" after the keyword.
  const re = /(?:^|[^\w$.])(?:import|export)(?!\s*\()\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.add(m[1] as string);
  return [...out];
}

export function analyzeBundle(webRoot: string): BundleReport {
  const htmlPath = path.join(webRoot, 'index.html');
  if (!fs.existsSync(htmlPath)) throw new Error(`No ${htmlPath}: build the web app first (npm run build).`);
  const toFile = (src: string) => path.join(webRoot, src.replace(/^\//, ''));
  const initial = new Set<string>();
  const queue = scriptsOfHtml(fs.readFileSync(htmlPath, 'utf8')).map(toFile);
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (initial.has(file)) continue;
    if (!fs.existsSync(file)) throw new Error(`index.html loads ${file}, which is missing`);
    initial.add(file);
    for (const spec of staticImports(fs.readFileSync(file, 'utf8'))) queue.push(path.resolve(path.dirname(file), spec));
  }
  const size = (file: string): ChunkSize => {
    const buf = fs.readFileSync(file);
    return { file: path.relative(webRoot, file), bytes: buf.length, gzip: gzipSize(buf) };
  };
  const all = listJs(webRoot);
  const initialSizes = [...initial].map(size).sort((a, b) => b.gzip - a.gzip);
  return {
    initial: initialSizes,
    initialGzip: initialSizes.reduce((n, c) => n + c.gzip, 0),
    lazy: all.filter((f) => !initial.has(f)).map(size),
  };
}

function listJs(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJs(full));
    else if (entry.name.endsWith('.js')) out.push(full);
  }
  return out;
}

/** What is wrong with a bundle, if anything. */
export function bundleProblems(r: BundleReport, limit = INITIAL_JS_LIMIT, minLazy = MIN_LAZY_CHUNKS): string[] {
  const problems: string[] = [];
  if (r.initialGzip > limit) {
    problems.push(
      `The initial JavaScript is ${(r.initialGzip / 1000).toFixed(1)} kB gzip, over the ${limit / 1000} kB budget.`,
    );
  }
  if (r.lazy.length < minLazy) {
    problems.push(
      `Only ${r.lazy.length} chunks load on demand (at least ${minLazy} expected): are the routes still lazy?`,
    );
  }
  return problems;
}

function main() {
  const webRoot = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/web'),
  );
  const report = analyzeBundle(webRoot);
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  console.log(
    `Initial JavaScript: ${kb(report.initialGzip)} gzip in ${report.initial.length} files (budget ${kb(INITIAL_JS_LIMIT)})`,
  );
  for (const c of report.initial) console.log(`  ${c.file}  ${kb(c.bytes)} -> ${kb(c.gzip)} gzip`);
  const lazyGzip = report.lazy.reduce((n, c) => n + c.gzip, 0);
  console.log(`Loaded on demand: ${report.lazy.length} chunks, ${kb(lazyGzip)} gzip`);
  const problems = bundleProblems(report);
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
