import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  analyzeBundle,
  analyzePage,
  bundleProblems,
  dynamicImports,
  pageProblems,
  scriptsOfHtml,
  staticImports,
} from './check-bundle.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A built app in a temp directory: index.html plus assets/<name> files. */
function app(html: string, files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-check-'));
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), html);
  for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(root, 'assets', name), code);
  return root;
}

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
</head><body><div id="root"></div></body></html>`;

describe('the bundle check (P8)', () => {
  it('reads the scripts a page loads and preloads', () => {
    expect(scriptsOfHtml(HTML)).toEqual(['/assets/index-abc.js', '/assets/vendor-def.js']);
  });

  it('follows static imports and re-exports, not dynamic ones', () => {
    const code =
      'import{a as b}from"./vendor-def.js";import"./side.js";export{c}from"./re.js";const p=()=>import("./Page-1.js");';
    expect(staticImports(code).sort()).toEqual(['./re.js', './side.js', './vendor-def.js']);
  });

  it('counts the entry, its preloads and their static imports as initial, the rest as on demand', () => {
    const root = app(HTML, {
      'index-abc.js':
        'import{x}from"./shared-1.js";const r=[()=>import("./Dashboard-1.js"),()=>import("./Login-1.js")];',
      'vendor-def.js': 'export const v=1;',
      'shared-1.js': 'import"./deep-1.js";export const x=1;',
      'deep-1.js': 'export const d=1;',
      'Dashboard-1.js': 'import{x}from"./shared-1.js";export default x;',
      'Login-1.js': 'export default 2;',
    });
    const report = analyzeBundle(root);
    expect(report.initial.map((c) => c.file).sort()).toEqual([
      'assets/deep-1.js',
      'assets/index-abc.js',
      'assets/shared-1.js',
      'assets/vendor-def.js',
    ]);
    expect(report.lazy.map((c) => c.file).sort()).toEqual(['assets/Dashboard-1.js', 'assets/Login-1.js']);
    const gz = (s: string) => zlib.gzipSync(Buffer.from(s), { level: 9 }).length;
    expect(report.initialGzip).toBe(
      report.initial.reduce((n, c) => n + gz(fs.readFileSync(path.join(root, c.file), 'utf8')), 0),
    );
  });

  it('fails a bundle over budget, and one whose routes are no longer split', () => {
    const report = {
      initial: [{ file: 'assets/index.js', bytes: 700_000, gzip: 210_000 }],
      initialGzip: 210_000,
      lazy: [{ file: 'assets/Page.js', bytes: 10, gzip: 10 }],
    };
    const problems = bundleProblems(report);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('210.0 kB gzip, over the 200 kB budget');
    expect(problems[1]).toContain('Only 1 chunks load on demand');
    expect(bundleProblems({ ...report, initialGzip: 150_000 }, 200_000, 1)).toEqual([]);
  });

  it('counts everything the QR page can load, its languages on demand included, against its own budget', () => {
    expect(dynamicImports('const a=()=>import(`./hi-1.js`),b=()=>import("../x.js");import"./y.js";').sort()).toEqual([
      '../x.js',
      './hi-1.js',
    ]);
    const root = app(HTML, { 'index-abc.js': 'export{};', 'vendor-def.js': 'export{};' });
    fs.mkdirSync(path.join(root, 'assets', 'public-unit'));
    fs.writeFileSync(
      path.join(root, 'public-unit.html'),
      '<script type="module" crossorigin src="/assets/public-unit/page-1.js"></script>',
    );
    const files: Record<string, string> = {
      'public-unit/page-1.js': 'import"../shared-1.js";const l={hi:()=>import(`./hi-1.js`)};',
      'public-unit/hi-1.js': 'export default {a:1};',
      'shared-1.js': 'export const s=1;',
    };
    for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(root, 'assets', name), code);
    const report = analyzePage(root);
    expect(report.initial.map((c) => c.file).sort()).toEqual(['assets/public-unit/page-1.js', 'assets/shared-1.js']);
    expect(report.onDemand.map((c) => c.file)).toEqual(['assets/public-unit/hi-1.js']);
    expect(pageProblems(report)).toEqual([]);
    expect(pageProblems({ ...report, totalGzip: 70_500 })[0]).toContain(
      '70.5 kB gzip of JavaScript, over its 70 kB budget',
    );
  });

  it('explains a missing build', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-check-'));
    dirs.push(root);
    expect(() => analyzeBundle(root)).toThrow(/build the web app first/);
  });
});
