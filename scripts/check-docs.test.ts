import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commentsOf, docViolations, headingsOf, type Repository, readRepository, slugOf } from './check-docs.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const ARCHITECTURE =
  '# AquaDesk architecture\n## Module shape\n### One request, route to database: a service approval\n## How to add a feature (the installed base, offline, messages… follow this)\n## Auth\n## Auth\n';
const README = '# AquaDesk\n## Languages\n## Running in your shop\n';

/** A small repository: these files and their folders, and the headings of its markdown files. */
function repoOf(files: Record<string, string>): Repository {
  const paths = new Set<string>();
  const headings = new Map<string, string[]>();
  for (const [p, text] of Object.entries(files)) {
    const parts = p.split('/');
    for (let i = 1; i <= parts.length; i += 1) paths.add(parts.slice(0, i).join('/'));
    if (p.endsWith('.md')) headings.set(p, headingsOf(text));
  }
  return { paths, headings };
}

const repo = repoOf({
  'docs/ARCHITECTURE.md': ARCHITECTURE,
  'README.md': README,
  'docs/deploy.md': '# Deploying\n## Health, readiness, metrics, logs\n',
  'docs/product-rules.md': '# Product rules\n## R-07 Null-region managers\n',
  'docs/decisions/005-token-design.md': '# 005',
  'docs/decisions/021-per-request-overhead.md': '# 021',
  'src/server/db/client.ts': '',
  'src/server/lib/auth.ts': '',
  'tests/harness/app.ts': '',
});

const code = (p: string, ...comments: string[]) => ({
  path: p,
  text: comments.map((c) => `// ${c}\nconst x = 1;`).join('\n'),
});
const md = (p: string, ...lines: string[]) => ({ path: p, text: lines.join('\n') });
const check = (...files: { path: string; text: string }[]) => docViolations(files, repo);

describe('the dangling-citation check', () => {
  it('reads comments only: not strings, templates or regex literals that hold comment marks or quotes', () => {
    const source = [
      "const url = 'http://x/src/missing.ts'; // see src/server/db/client.ts",
      'const re = /[\'"]\\/\\/src\\/gone.ts/g; /* block: src/server/lib/auth.ts',
      ['   second line */ const t = `a $', '{`b // not a comment`} c`;'].join(''),
      '# not a comment in TypeScript',
    ].join('\n');
    expect(commentsOf(source, 'src/x.ts').map((c) => [c.line, c.text.trim()])).toEqual([
      [1, 'see src/server/db/client.ts'],
      [2, 'block: src/server/lib/auth.ts\n   second line'],
    ]);
    expect(commentsOf('echo "#1" # see docs/x.md\n#!/bin/bash', 'scripts/a.sh').map((c) => c.text.trim())).toEqual([
      'see docs/x.md',
    ]);
  });

  it('refuses a cited path that does not exist; folders, aliases, line numbers and patterns pass', () => {
    expect(
      check(
        code(
          'src/a.ts',
          'src/server/db/client.ts:12, src/server/lib/ and #tests/harness/app.ts.',
          'each module in src/server/modules/<module>/, tests in tests/api/**/*.test.ts',
          'node_modules/x/src/gone.ts and https://example.com/docs/gone.md are not ours',
        ),
      ),
    ).toEqual([]);
    expect(check(code('tests/b.ts', 'see src/server/test/app.ts and #server/lib/gone.ts'))).toEqual([
      'tests/b.ts:1: src/server/test/app.ts: no such file or folder',
      'tests/b.ts:1: #server/lib/gone.ts: no such file or folder',
    ]);
  });

  it('refuses a markdown link or anchor that leads nowhere', () => {
    expect(
      check(
        md(
          'docs/deploy.md',
          '[ADR 005](decisions/005-token-design.md), [the shape](ARCHITECTURE.md#module-shape), [up](../README.md#languages)',
          '[auth twice](ARCHITECTURE.md#auth-1), [here](#health-readiness-metrics-logs), [web](https://x.test/a.md)',
        ),
      ),
    ).toEqual([]);
    expect(
      check(
        md(
          'docs/deploy.md',
          '[gone](decisions/031-x.md) [no heading](ARCHITECTURE.md#nowhere) docs/ARCHITECTURE.md#auth-2',
        ),
      ),
    ).toEqual([
      'docs/deploy.md:1: docs/ARCHITECTURE.md#auth-2: no such heading in docs/ARCHITECTURE.md',
      'docs/deploy.md:1: (decisions/031-x.md): no such file or folder',
      'docs/deploy.md:1: (ARCHITECTURE.md#nowhere): no such heading in docs/ARCHITECTURE.md',
    ]);
  });

  it('refuses an ADR number without its file', () => {
    expect(check(code('src/a.ts', 'ADR 005; ADRs 005 and 021; ADR-021'))).toEqual([]);
    expect(check(code('src/a.ts', 'ADR 031', 'ADRs 005, 014 and 021'))).toEqual([
      'src/a.ts:1: ADR 031: no docs/decisions/031-*.md',
      'src/a.ts:3: ADR 014: no docs/decisions/014-*.md',
    ]);
  });

  it('refuses a section that is not a heading of the document named', () => {
    expect(
      check(
        code(
          'src/a.ts',
          'ARCHITECTURE "How to add a feature", ARCHITECTURE.md “Module shape”',
          'the README\'s "Running in your shop", README \'Languages\', docs/deploy.md, "Health, readiness"',
          'deploy.md ("Health, readiness, metrics, logs")',
        ),
      ),
    ).toEqual([]);
    expect(check(md('README.md', 'see docs/deploy.md "Logs" and ARCHITECTURE \'A slow machine\''))).toEqual([
      'README.md:1: docs/deploy.md "Logs": no such section in docs/deploy.md',
      'README.md:1: ARCHITECTURE "A slow machine": no such section in docs/ARCHITECTURE.md',
    ]);
  });

  it('refuses a product rule that docs/product-rules.md does not have', () => {
    expect(check(code('src/a.ts', 'docs/product-rules.md R-07, and product-rules.md R-07'))).toEqual([]);
    expect(
      check(
        code('src/a.ts', 'product-rules.md R-07 and R-08'),
        md('docs/product-rules.md', '# Product rules', '## R-07 Null-region managers', 'as R-07 and R-31 say'),
      ),
    ).toEqual([
      'src/a.ts:1: R-08: no such rule in docs/product-rules.md',
      'docs/product-rules.md:3: R-31: no such rule in docs/product-rules.md',
    ]);
  });

  it("refuses citations of what a clone does not have: the spec's files and ../shared/", () => {
    expect(check(code('src/web/i18n/index.ts', 'the catalogues under ../../shared/i18n/ (src/server/lib)'))).toEqual(
      [],
    );
    const problems = check(
      code('src/a.ts', 'as decisions.md says', 'see ../shared/spec/product-spec.md', 'product-spec.md section 7'),
      md('docs/security.md', '| I15.2 | (decisions.md "Data scope") |'),
    );
    expect(problems).toEqual([
      'src/a.ts:1: decisions.md: not in the repository (the rulings are docs/product-rules.md)',
      'src/a.ts:3: ../shared/: not in the repository (the rulings are docs/product-rules.md)',
      'src/a.ts:3: shared/spec: not in the repository (the rulings are docs/product-rules.md)',
      'src/a.ts:5: product-spec.md: not in the repository (the rulings are docs/product-rules.md)',
      'docs/security.md:1: decisions.md: not in the repository (the rulings are docs/product-rules.md)',
    ]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slugOf('How to add a feature (the installed base, offline, messages… follow this)')).toBe(
      'how-to-add-a-feature-the-installed-base-offline-messages-follow-this',
    );
    expect(slugOf('R-07 Null-region managers')).toBe('r-07-null-region-managers');
    expect(headingsOf('# A\n```\n# not a heading\n```\n## B ##')).toEqual(['A', 'B']);
  });

  it('reads a tree from disk: code comments, docs and README; node_modules and itself left out', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-check-'));
    dirs.push(root);
    const write = (p: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
      fs.writeFileSync(path.join(root, p), text);
    };
    write('README.md', '# X\nSee docs/gone.md.\n');
    write('docs/a.md', '# A\n[b](b.md)\n');
    write('src/x.ts', "// ADR 001\nimport './y.ts';\n");
    write('src/node_modules/z/index.ts', '// docs/gone.md\n');
    write('scripts/check-docs.ts', '// decisions.md\n');
    write('bench/results/latest.md', 'docs/gone.md\n');
    const { repo: found, files } = readRepository(root);
    expect(files.map((f) => f.path).sort()).toEqual(['README.md', 'docs/a.md', 'src/x.ts']);
    expect(found.paths.has('bench/results/latest.md')).toBe(true);
    expect(docViolations(files, found)).toEqual([
      'README.md:2: docs/gone.md: no such file or folder',
      'docs/a.md:2: (b.md): no such file or folder',
      'src/x.ts:1: ADR 001: no docs/decisions/001-*.md',
    ]);
  });
});
