/**
 * P8 (issue 7): the JavaScript a first visit loads stays within budget and the routes stay
 * code-split. Reads the built app (dist/web): the initial JS is every script index.html loads or
 * preloads, plus whatever those import statically, transitively; everything else is loaded on
 * demand. Run after `vite build` (npm run test:e2e does): `tsx scripts/check-bundle.ts [dir]`.
 *
 * The QR sticker's page (public-unit.html, issue 36) and a job sheet's (job-sheet.html, ADR 048)
 * are read the same way, and everything each can load counts: its scripts, their static imports
 * and what they import on demand (a language's words), 70 kB gzip at most (a customer's phone on
 * 3G).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** 200 kB of gzip for the initial JavaScript. */
export const INITIAL_JS_LIMIT = 200_000;
/** Fewer lazy chunks than this means the routes are no longer split. */
export const MIN_LAZY_CHUNKS = 5;
/** The QR sticker's page (its own entry, vite.config.ts). */
export const PUBLIC_UNIT_HTML = 'public-unit.html';
/** 70 kB of gzip for all the JavaScript the QR sticker's page can load. */
export const PUBLIC_UNIT_JS_LIMIT = 70_000;
/** A job sheet's public page (issue 35 item 3, ADR 048): built and budgeted as the QR page. */
export const JOB_SHEET_HTML = 'job-sheet.html';

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

/** Relative specifiers a module imports on demand (`import("./x.js")`, also in backquotes). */
export function dynamicImports(code: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[^\w$.])import\(\s*["'`](\.{1,2}\/[^"'`$]+\.js)["'`]\s*\)/g))
    out.add(m[1] as string);
  return [...out];
}

/** `start` and every file they import statically, transitively (absolute paths). */
function staticClosure(start: readonly string[], page: string, into = new Set<string>()): Set<string> {
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (into.has(file)) continue;
    if (!fs.existsSync(file)) throw new Error(`${page} loads ${file}, which is missing`);
    into.add(file);
    for (const spec of staticImports(fs.readFileSync(file, 'utf8'))) queue.push(path.resolve(path.dirname(file), spec));
  }
  return into;
}

/** The scripts a built page loads at once (absolute paths). */
function initialOf(webRoot: string, page: string): Set<string> {
  const htmlPath = path.join(webRoot, page);
  if (!fs.existsSync(htmlPath)) throw new Error(`No ${htmlPath}: build the web app first (npm run build).`);
  const toFile = (src: string) => path.join(webRoot, src.replace(/^\//, ''));
  return staticClosure(scriptsOfHtml(fs.readFileSync(htmlPath, 'utf8')).map(toFile), page);
}

const sizeIn =
  (webRoot: string) =>
  (file: string): ChunkSize => {
    const buf = fs.readFileSync(file);
    return { file: path.relative(webRoot, file), bytes: buf.length, gzip: gzipSize(buf) };
  };

export interface PageReport {
  page: string;
  /** What the page loads at once. */
  initial: ChunkSize[];
  /** What it may load later (its dynamic imports, transitively). */
  onDemand: ChunkSize[];
  /** Both together: everything the page can load. */
  totalGzip: number;
}

/** Everything a small page (the QR sticker's) can load: its scripts and all they may import. */
export function analyzePage(webRoot: string, page = PUBLIC_UNIT_HTML): PageReport {
  const initial = initialOf(webRoot, page);
  const all = new Set(initial);
  const seen = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const file of [...all]) {
      if (seen.has(file)) continue;
      seen.add(file);
      const lazy = dynamicImports(fs.readFileSync(file, 'utf8')).map((spec) => path.resolve(path.dirname(file), spec));
      const before = all.size;
      staticClosure(lazy, page, all);
      if (all.size > before) grew = true;
    }
  }
  const size = sizeIn(webRoot);
  const initialSizes = [...initial].map(size).sort((a, b) => b.gzip - a.gzip);
  const onDemand = [...all]
    .filter((f) => !initial.has(f))
    .map(size)
    .sort((a, b) => b.gzip - a.gzip);
  return {
    page,
    initial: initialSizes,
    onDemand,
    totalGzip: [...initialSizes, ...onDemand].reduce((n, c) => n + c.gzip, 0),
  };
}

/** What is wrong with the QR page's scripts, if anything. */
export function pageProblems(r: PageReport, limit = PUBLIC_UNIT_JS_LIMIT): string[] {
  if (r.totalGzip <= limit) return [];
  return [
    `${r.page} can load ${(r.totalGzip / 1000).toFixed(1)} kB gzip of JavaScript, over its ${limit / 1000} kB budget.`,
  ];
}

export function analyzeBundle(webRoot: string): BundleReport {
  const initial = initialOf(webRoot, 'index.html');
  const size = sizeIn(webRoot);
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
  const pages = [analyzePage(webRoot), analyzePage(webRoot, JOB_SHEET_HTML)];
  for (const page of pages) {
    console.log(
      `${page.page}: ${kb(page.totalGzip)} gzip of JavaScript in all, ${page.initial.length} files at once and ${page.onDemand.length} on demand (budget ${kb(PUBLIC_UNIT_JS_LIMIT)})`,
    );
    for (const c of [...page.initial, ...page.onDemand])
      console.log(`  ${c.file}  ${kb(c.bytes)} -> ${kb(c.gzip)} gzip`);
  }
  const problems = [...bundleProblems(report), ...pages.flatMap((page) => pageProblems(page))];
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
