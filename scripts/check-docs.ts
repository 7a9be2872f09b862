/**
 * Dangling citations (issue 30), run by `npm run lint`: `tsx scripts/check-docs.ts [root]`.
 *
 * Read: the comments of the code under src/, scripts/, tests/, e2e/ and bench/ (`//` and `/* *\/`
 * in .ts/.tsx/.js/.mjs/.cjs, `#` lines in .sh), and the whole text of README.md and every
 * markdown file under docs/. A citation fails when what it names is not in the repository:
 * - **A path** from the project root: a word starting with src/, docs/, tests/, scripts/, e2e/,
 *   bench/, deploy/ or .ci/, or an import alias (#server/, #shared/, #web/, #tests/), must be a
 *   file or folder; one followed by `<`, `*`, `{` or `$` is a pattern (src/web/features/<area>/)
 *   and is not checked. A `:12` line suffix is dropped; a markdown path's `#anchor` must be one
 *   of its headings.
 * - **A markdown link** `[text](target)` in a markdown file: a relative target resolves from the
 *   file's folder and must exist, with its `#anchor` if any (`(#anchor)` alone: this file's).
 *   Links with a scheme (https:, mailto:) are not checked.
 * - **An ADR number**: `ADR 0NN`, `ADR-0NN`, `ADRs 0NN, 0NN and 0NN` need docs/decisions/0NN-*.md.
 * - **A section**: a document name followed by a quoted title, `ARCHITECTURE "How to add a
 *   feature"`, `README 'Languages'`, `docs/deploy.md, "Logs"` (the name is ARCHITECTURE, README,
 *   a docs/ path or a markdown file name under docs/): some heading of that document must start
 *   with the title (case and curly quotes aside).
 * - **A product rule**: `product-rules.md R-07` (or `docs/product-rules.md R-07, R-12 and R-13`),
 *   and any `R-NN` inside docs/product-rules.md, needs a heading of that file starting with it.
 * - **The project's outside**: `decisions.md`, `product-spec.md`, `../shared/` and `shared/spec`
 *   name files a clone does not have; the rulings the code relies on are docs/product-rules.md.
 * Anchors follow GitHub's slugs (lower case, punctuation dropped, spaces to hyphens). This file and
 * its test are not read: they spell out the forms they refuse.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TextFile {
  /** Relative to the project root, with forward slashes. */
  path: string;
  text: string;
}

/** What exists: every file and folder (relative, forward slashes) and the markdown files' headings. */
export interface Repository {
  paths: Set<string>;
  /** A markdown file's headings, as written ('How to add a feature (…)'). */
  headings: Map<string, string[]>;
}

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const SHELL = /\.sh$/;
const CODE_DIRS = ['src', 'scripts', 'tests', 'e2e', 'bench'];
const SELF = ['scripts/check-docs.ts', 'scripts/check-docs.test.ts'];
/** Never walked: anywhere, and at the top. */
const SKIP_ANYWHERE = new Set(['node_modules', '.git']);
const SKIP_TOP = new Set(['dist', 'data', 'test-results', 'playwright-report']);

/** Comment text of a code file, with the line each piece starts on. Strings and regex literals are skipped. */
export function commentsOf(source: string, file: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  if (SHELL.test(file)) {
    source.split('\n').forEach((l, i) => {
      const m = /(?:^|\s)#(?!!)(.*)$/.exec(l);
      if (m) out.push({ text: m[1] as string, line: i + 1 });
    });
    return out;
  }
  let line = 1;
  let i = 0;
  const n = source.length;
  // Only these characters can start a comment, a string or a regex, or end a line.
  const special = /[\n/'"`]/g;
  while (i < n) {
    special.lastIndex = i;
    const found = special.exec(source);
    if (!found) break;
    i = found.index;
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === '\n') {
      line += 1;
      i += 1;
    } else if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out.push({ text: source.slice(i + 2, stop), line });
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end;
      const text = source.slice(i + 2, stop);
      out.push({ text, line });
      line += text.split('\n').length - 1;
      i = stop + 2;
    } else if (c !== '/') {
      i = skipString(source, i, (l) => {
        line += l;
      });
    } else if (startsRegex(source, i)) {
      i = skipRegex(source, i);
    } else {
      i += 1;
    }
  }
  return out;
}

/** Whether the `/` at `i` starts a regex literal rather than a division: what precedes it says. */
function startsRegex(source: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && /\s/.test(source[j] as string)) j -= 1;
  if (j < 0) return true;
  const before = source[j] as string;
  return (
    /[(,=:[!&|?{};+\-*%<>~^]/.test(before) || /\b(return|typeof|case)$/.test(source.slice(Math.max(0, j - 7), j + 1))
  );
}

/** Index after the string starting at `start`; a template's `${…}` is skipped whole (nesting counted). */
function skipString(source: string, start: number, newlines: (n: number) => void): number {
  const quote = source[start];
  let i = start + 1;
  let depth = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      if (source[i + 1] === '\n') newlines(1);
      i += 2;
      continue;
    }
    if (c === '\n') {
      newlines(1);
      if (quote !== '`') return i;
    }
    if (quote === '`') {
      if (depth === 0 && c === '`') return i + 1;
      if (c === '$' && source[i + 1] === '{') {
        depth += 1;
        i += 2;
        continue;
      }
      if (depth > 0 && c === '}') depth -= 1;
    } else if (c === quote) {
      return i + 1;
    }
    i += 1;
  }
  return i;
}

function skipRegex(source: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < source.length && source[i] !== '\n') {
    const c = source[i];
    if (c === '\\') i += 2;
    else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) return i + 1;
      i += 1;
    }
  }
  return i;
}

/** GitHub's anchor for a heading. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function headingsOf(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const l of markdown.split('\n')) {
    if (/^\s*```/.test(l)) fenced = !fenced;
    else if (!fenced) {
      const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
      if (m) out.push(m[1] as string);
    }
  }
  return out;
}

const plain = (s: string) =>
  s.replace(/[“”"]/g, '"').replace(/[‘’']/g, "'").replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

function hasAnchor(repo: Repository, doc: string, anchor: string): boolean {
  const seen = new Map<string, number>();
  for (const h of repo.headings.get(doc) ?? []) {
    const slug = slugOf(h);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    if ((n === 0 ? slug : `${slug}-${n}`) === anchor) return true;
  }
  return false;
}

const hasSection = (repo: Repository, doc: string, title: string) =>
  (repo.headings.get(doc) ?? []).some((h) => plain(h).startsWith(plain(title)));

const ALIASES: Record<string, string> = {
  '#server/': 'src/server/',
  '#shared/': 'src/shared/',
  '#web/': 'src/web/',
  '#tests/': 'tests/',
};
const ROOTS = '(?:src|docs|tests|scripts|e2e|bench|deploy|\\.ci)';
const PATH = new RegExp(
  `(?<![\\w./#@-])(${ROOTS}/[\\w./@+-]*|#(?:server|shared|web|tests)/[\\w./@+-]*)(#[\\w-]+)?`,
  'g',
);
const ADR = /\bADRs?[\s-]+(\d{3}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*\/\s*|\s*&\s*)\d{3})*)/g;
const SECTION =
  /(?<![\w/.-])(ARCHITECTURE(?:\.md)?|README(?:\.md)?|docs\/[\w/-]+\.md|[\w-]+\.md)`?(?:['’]s)?\s*[,:]?\s*\(?(?:section\s+)?["“'‘]([^"“”'‘’\n]{2,80})["”'’]/g;
const RULES_DOC = 'docs/product-rules.md';
const RULE_LIST = /product-rules(?:\.md)?`?[,:]?\s+(R-\d{2}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*\/\s*)R-\d{2})*)/g;
const hasRule = (repo: Repository, id: string) =>
  (repo.headings.get(RULES_DOC) ?? []).some((h) => h === id || h.startsWith(`${id} `));
const OUTSIDE = [
  { re: /(?<![\w/.-])decisions\.md\b/g, what: 'decisions.md' },
  { re: /(?<![\w/.-])product-spec\.md\b/g, what: 'product-spec.md' },
  { re: /(?<![\w./])\.\.\/shared\//g, what: '../shared/' },
  { re: /\bshared\/spec\b/g, what: 'shared/spec' },
];
const LINK = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

const adrs = new WeakMap<Repository, Set<string>>();
/** The numbers of the ADRs in docs/decisions ('001', …). */
function adrNumbers(repo: Repository): Set<string> {
  let out = adrs.get(repo);
  if (!out) {
    out = new Set<string>();
    for (const p of repo.paths) {
      const m = /^docs\/decisions\/(\d{3})-.*\.md$/.exec(p);
      if (m) out.add(m[1] as string);
    }
    adrs.set(repo, out);
  }
  return out;
}

/** The markdown file a section citation names, or null when it names none we know. */
function docNamed(repo: Repository, name: string): string | null {
  if (/^ARCHITECTURE(\.md)?$/.test(name)) return 'docs/ARCHITECTURE.md';
  if (/^README(\.md)?$/.test(name)) return 'README.md';
  if (name.startsWith('docs/')) return name;
  const inDocs = `docs/${name}`;
  return repo.paths.has(inDocs) ? inDocs : null;
}

/** Every dangling citation of one piece of text: 'why' lines. */
export function danglingIn(text: string, file: string, repo: Repository, markdown: boolean): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PATH)) {
    const after = text[(m.index ?? 0) + m[0].length];
    if (after && /[<*{$…]/.test(after)) continue;
    const shown = (m[1] as string).replace(/[.,:;]+$/, '').replace(/:\d+(-\d+)?$/, '');
    const alias = Object.keys(ALIASES).find((a) => shown.startsWith(a));
    const cited = alias ? ALIASES[alias] + shown.slice(alias.length) : shown;
    const bare = cited.replace(/\/$/, '');
    if (!repo.paths.has(bare)) {
      out.push(`${shown}: no such file or folder`);
      continue;
    }
    const anchor = m[2]?.slice(1);
    if (anchor && bare.endsWith('.md') && !hasAnchor(repo, bare, anchor))
      out.push(`${m[0]}: no such heading in ${bare}`);
  }
  for (const m of text.matchAll(ADR)) {
    for (const n of (m[1] as string).match(/\d{3}/g) ?? []) {
      if (!adrNumbers(repo).has(n)) {
        out.push(`ADR ${n}: no docs/decisions/${n}-*.md`);
      }
    }
  }
  for (const m of text.matchAll(SECTION)) {
    const doc = docNamed(repo, m[1] as string);
    if (!doc) continue;
    if (!repo.paths.has(doc)) out.push(`${m[1]}: no such document`);
    else if (!hasSection(repo, doc, m[2] as string)) out.push(`${m[1]} "${m[2]}": no such section in ${doc}`);
  }
  const rules = file === RULES_DOC ? [text] : [...text.matchAll(RULE_LIST)].map((m) => m[1] as string);
  for (const id of rules.flatMap((r) => r.match(/\bR-\d{2}\b/g) ?? [])) {
    if (!hasRule(repo, id)) out.push(`${id}: no such rule in ${RULES_DOC}`);
  }
  for (const { re, what } of OUTSIDE) {
    if (re.test(text)) out.push(`${what}: not in the repository (the rulings are docs/product-rules.md)`);
    re.lastIndex = 0;
  }
  if (markdown) {
    for (const m of text.matchAll(LINK)) {
      const target = m[1] as string;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [where = '', anchor] = target.split('#');
      const doc = where === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), where));
      if (!repo.paths.has(doc.replace(/\/$/, ''))) out.push(`(${target}): no such file or folder`);
      else if (anchor && doc.endsWith('.md') && !hasAnchor(repo, doc, anchor))
        out.push(`(${target}): no such heading in ${doc}`);
    }
  }
  return out;
}

/** One line per dangling citation: 'file:line: citation: why'. */
export function docViolations(files: TextFile[], repo: Repository): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (f.path.endsWith('.md')) {
      f.text.split('\n').forEach((l, i) => {
        for (const why of danglingIn(l, f.path, repo, true)) out.push(`${f.path}:${i + 1}: ${why}`);
      });
      continue;
    }
    for (const c of commentsOf(f.text, f.path)) {
      c.text.split('\n').forEach((l, i) => {
        for (const why of danglingIn(l, f.path, repo, false)) out.push(`${f.path}:${c.line + i}: ${why}`);
      });
    }
  }
  return out;
}

/** The repository as it is on disk (untracked files included), and the files to read. */
export function readRepository(root: string): { repo: Repository; files: TextFile[] } {
  const paths = new Set<string>();
  const headings = new Map<string, string[]>();
  const files: TextFile[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP_ANYWHERE.has(entry.name) || (!rel && SKIP_TOP.has(entry.name))) continue;
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      paths.add(r);
      if (entry.isDirectory()) {
        walk(full, r);
        continue;
      }
      const top = r.split('/')[0] as string;
      const isDoc = r === 'README.md' || (top === 'docs' && r.endsWith('.md'));
      const isCode = CODE_DIRS.includes(top) && (CODE.test(r) || SHELL.test(r));
      if (!isDoc && !isCode && !r.endsWith('.md')) continue;
      const text = fs.readFileSync(full, 'utf8');
      if (r.endsWith('.md')) headings.set(r, headingsOf(text));
      if ((isDoc || isCode) && !SELF.includes(r)) files.push({ path: r, text });
    }
  };
  walk(root, '');
  return { repo: { paths, headings }, files };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(process.argv[2] ?? '.');
  const { repo, files } = readRepository(root);
  const problems = docViolations(files, repo);
  if (problems.length) {
    console.error(
      `Dangling citations: ${problems.length}\n${problems.map((p) => `- ${p}`).join('\n')}\nForms checked: the header of scripts/check-docs.ts.`,
    );
    process.exit(1);
  }
  console.log(`Citations: ${files.length} files read, every cited path, ADR and section exists.`);
}
