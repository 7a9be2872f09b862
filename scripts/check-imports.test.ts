import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cycleViolations,
  importsOf,
  importViolations,
  lengthViolations,
  readSources,
  readWebSources,
  resolveSpecifier,
  serverViolations,
  specifiersOf,
} from './check-imports.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const file = (p: string, ...imports: string[]) => ({
  path: p,
  source: imports.map((s, i) => `import { x${i} } from '${s}';`).join('\n'),
});

describe('the feature-boundary import check', () => {
  it('reads static, re-exported, dynamic and side-effect imports', () => {
    const source = [
      "import Box from '@mui/material/Box';",
      "import {\n  a,\n  b,\n} from './api/keys.ts';",
      "export { c } from '#web/lib/auth.tsx';",
      "const Page = lazy(() => import('#web/features/users/UsersPage.tsx'));",
      "import './styles.css';",
    ].join('\n');
    expect(specifiersOf(source).sort()).toEqual(
      [
        '#web/features/users/UsersPage.tsx',
        '#web/lib/auth.tsx',
        './api/keys.ts',
        './styles.css',
        '@mui/material/Box',
      ].sort(),
    );
  });

  it('resolves the #web alias and relative paths; packages resolve to nothing', () => {
    const from = 'src/web/features/users/components/UserForm.tsx';
    expect(resolveSpecifier(from, '#web/lib/queries/regions.ts')).toBe('src/web/lib/queries/regions.ts');
    expect(resolveSpecifier(from, '../api/keys.ts')).toBe('src/web/features/users/api/keys.ts');
    expect(resolveSpecifier(from, '../../customers/api/keys.ts')).toBe('src/web/features/customers/api/keys.ts');
    expect(resolveSpecifier(from, 'react')).toBeNull();
  });

  it('lets a feature import its own files and the shared places', () => {
    const files = [
      file(
        'src/web/features/users/components/UserForm.tsx',
        '../api/keys.ts',
        '#web/features/users/api/get-user.ts',
        '#web/lib/queries/regions.ts',
        '#web/components/PageHeader.tsx',
        '#shared/domain/roles.ts',
        'react',
      ),
    ];
    expect(importViolations(files)).toEqual([]);
  });

  it('refuses a feature reaching into another, by alias or by a relative path', () => {
    const problems = importViolations([
      file('src/web/features/users/UserForm.tsx', '#web/features/customers/api/region-options.ts'),
      file('src/web/features/requests/components/X.tsx', '../../technician/api/keys.ts'),
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("feature 'users' reaches into feature 'customers'");
    expect(problems[1]).toContain("feature 'requests' reaches into feature 'technician'");
  });

  it('refuses lib and components importing any feature; lets the app shell compose them', () => {
    const problems = importViolations([
      file('src/web/lib/queries/regions.ts', '#web/features/regions/api/keys.ts'),
      file('src/web/components/PageHeader.tsx', '../features/users/UsersPage.tsx'),
      file('src/web/app/layout/TopBar.tsx', '#web/features/notifications/api/unread-count.ts'),
      file('src/web/app/router.tsx', '#web/features/users/UsersPage.tsx'),
    ]);
    expect(problems).toHaveLength(2);
    expect(problems.every((p) => p.includes('shared: they import no feature'))).toBe(true);
  });

  it('reads a tree from disk, and the project itself keeps the boundary', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-check-'));
    dirs.push(root);
    fs.mkdirSync(path.join(root, 'src/web/features/a'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/web/features/a/A.tsx'), "import { b } from '../b/B.tsx';\n");
    expect(importViolations(readWebSources(root))).toHaveLength(1);

    expect(importViolations(readWebSources(process.cwd()))).toEqual([]);
  });
});

const src = (p: string, ...lines: string[]) => ({ path: p, source: lines.join('\n') });
const M = 'src/server/modules';

describe("the server's module rules", () => {
  it('tells type-only imports from value imports', () => {
    const source = [
      "import type { Db } from '#server/db/client.ts';",
      "import { type Tx, type Db as D } from '#server/db/client.ts';",
      "import { eq, type SQL } from 'drizzle-orm';",
      "export type { Actor } from '#server/lib/actor.ts';",
      "import { users } from '#server/db/schema/people.ts';",
    ].join('\n');
    expect(importsOf(source).map((i) => [i.specifier, i.typeOnly])).toEqual([
      ['#server/db/client.ts', true],
      ['#server/db/client.ts', true],
      ['drizzle-orm', false],
      ['#server/lib/actor.ts', true],
      ['#server/db/schema/people.ts', false],
    ]);
    expect(resolveSpecifier(`${M}/units/service.ts`, '#server/lib/auth.ts')).toBe('src/server/lib/auth.ts');
    expect(resolveSpecifier(`${M}/units/service.ts`, '#shared/domain/roles.ts')).toBe('src/shared/domain/roles.ts');
  });

  it('1. a route file imports packages, shared, lib, config and its own non-SQL files only', () => {
    const fine = file(
      `${M}/units/routes.ts`,
      'fastify-type-provider-zod',
      'zod',
      '#shared/contracts/units.ts',
      '#server/lib/auth.ts',
      '#server/config.ts',
      './schemas.ts',
    );
    const typed = src(`${M}/units/admin-routes.ts`, "import type { Services } from '#server/services.ts';");
    expect(serverViolations([fine, typed])).toEqual([]);

    const problems = serverViolations([
      file(`${M}/units/routes.ts`, './repository.ts', './queries.ts', '#server/db/client.ts'),
      file(`${M}/units/public-routes.ts`, '#server/modules/products/service.ts', '#server/services.ts'),
    ]);
    expect(problems).toHaveLength(5);
    expect(problems.slice(0, 2).every((p) => p.includes('never its SQL'))).toBe(true);
    expect(problems.slice(2).every((p) => p.includes('a route file imports only'))).toBe(true);
  });

  it('2. another module only through its service.ts, *.service.ts or queries.ts; lib and db import no module', () => {
    expect(
      serverViolations([
        file(
          `${M}/technicians/service.ts`,
          '#server/modules/service-requests/service.ts',
          '#server/modules/service-requests/queries.ts',
          '../notifications/events.service.ts',
          './repository.ts',
          './mapper.ts',
        ),
        file('src/server/services.ts', '#server/modules/units/visit.ts', './modules/units/repository.ts'),
      ]),
    ).toEqual([]);

    const problems = serverViolations([
      file(`${M}/users/service.ts`, '#server/modules/auth/repository.ts', '../roles/mapper.ts'),
      src(`${M}/users/repository.ts`, "import type { RoleRow } from '#server/modules/roles/repository/roles.ts';"),
      file('src/server/lib/audit.ts', '#server/modules/audit/service.ts'),
      file('src/server/db/seed/seed.ts', '../../modules/auth/repository.ts'),
    ]);
    expect(problems).toHaveLength(5);
    expect(problems.slice(0, 3).every((p) => p.includes("reaches into module '"))).toBe(true);
    expect(problems.slice(3).every((p) => p.includes('import no module'))).toBe(true);
  });

  it('3. SQL only in repository files: drizzle, tables and prepared statements, and calls on db/tx', () => {
    const repository = src(
      `${M}/units/repository.ts`,
      "import { eq, sql } from 'drizzle-orm';",
      "import { units } from '#server/db/schema/maintenance.ts';",
      'export const one = (tx: Tx, id: string) => tx.select().from(units).where(eq(units.id, id));',
    );
    const more = src(
      `${M}/units/repository/schedule.ts`,
      "import { sql } from 'drizzle-orm';",
      'db.execute(sql`SELECT 1`);',
    );
    const named = src(`${M}/units/history.repository.ts`, "import { sql } from 'drizzle-orm';");
    const service = src(
      `${M}/units/service.ts`,
      "import type { SQL } from 'drizzle-orm';",
      "import type { units } from '#server/db/schema/maintenance.ts';",
      '// tx.select( in a comment is no call',
      'export const save = (db: Db) => db.transaction(async (tx) => repo.save(tx));',
    );
    expect(serverViolations([repository, more, named, service])).toEqual([]);

    const problems = serverViolations([
      src(
        `${M}/units/service.ts`,
        "import { eq } from 'drizzle-orm';",
        "import { units } from '#server/db/schema/maintenance.ts';",
        "import { statementFor } from '#server/db/prepared.ts';",
        'const rows = await this.db.select().from(units);',
        'await tx',
        '  .insert(units).values(v);',
        'await tx.execute(sql`SELECT 1`);',
      ),
    ]);
    expect(problems).toEqual([
      expect.stringContaining('imports drizzle-orm (SQL only in repository files'),
      expect.stringContaining('imports #server/db/schema/maintenance.ts (SQL only in repository files'),
      expect.stringContaining('imports #server/db/prepared.ts (SQL only in repository files'),
      `${M}/units/service.ts:4: db.select( (SQL only in repository files)`,
      `${M}/units/service.ts:7: tx.execute( (SQL only in repository files)`,
    ]);
  });

  it('4. no module cycle and no file cycle, type-only imports included', () => {
    const acyclic = [
      file(`${M}/a/service.ts`, '#server/modules/b/service.ts', './repository.ts'),
      file(`${M}/a/repository.ts`, '#shared/domain/roles.ts'),
      file(`${M}/b/service.ts`, './repository.ts'),
      file(`${M}/b/repository.ts`),
      file('src/shared/domain/roles.ts'),
    ];
    expect(cycleViolations(acyclic)).toEqual([]);

    const modules = cycleViolations([
      file(`${M}/a/service.ts`, '#server/modules/b/service.ts'),
      file(`${M}/b/service.ts`, '#server/modules/c/queries.ts'),
      file(`${M}/c/queries.ts`, '#server/modules/a/run.ts'),
      file(`${M}/a/run.ts`),
    ]);
    expect(modules).toEqual(['module cycle: a → b → c → a (modules a, b, c import each other)']);

    const files = cycleViolations([
      src('src/server/lib/auth.ts', "import type { Actor } from './actor.ts';"),
      src('src/server/lib/actor.ts', "import { guard } from './auth.ts';"),
      file('src/shared/domain/x.ts', './y.ts'),
      file('src/shared/domain/y.ts', './x.ts'),
    ]);
    expect(files).toEqual([
      'file cycle: src/server/lib/actor.ts → src/server/lib/auth.ts → src/server/lib/actor.ts',
      'file cycle: src/shared/domain/x.ts → src/shared/domain/y.ts → src/shared/domain/x.ts',
    ]);
  });

  it('reads the server and shared trees from disk, tests left out', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-check-'));
    dirs.push(root);
    fs.mkdirSync(path.join(root, 'src/server/modules/a'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/server/modules/a/routes.ts'), "import { r } from './repository.ts';\n");
    fs.writeFileSync(path.join(root, 'src/server/modules/a/repository.ts'), "import { s } from './routes.ts';\n");
    fs.writeFileSync(path.join(root, 'src/server/modules/a/x.test.ts'), "import { s } from '../b/repository.ts';\n");
    const files = readSources(root, ['src/server', 'src/shared']);
    expect(files.map((f) => f.path).sort()).toEqual([
      'src/server/modules/a/repository.ts',
      'src/server/modules/a/routes.ts',
    ]);
    expect(serverViolations(files)).toHaveLength(1);
    expect(cycleViolations(files)).toHaveLength(1);
  });
});

describe('the server file length rule', () => {
  const lines = (n: number) => `${Array.from({ length: n }, (_, i) => `export const x${i} = ${i};`).join('\n')}\n`;

  it('refuses a server source file over 400 lines and names its length', () => {
    expect(lengthViolations([{ path: 'src/server/modules/units/service.ts', source: lines(401) }])).toEqual([
      'src/server/modules/units/service.ts: 401 lines (at most 400: split it by concern)',
    ]);
  });

  it('passes a file of exactly 400 lines, and web or shared files of any length', () => {
    expect(
      lengthViolations([
        { path: 'src/server/modules/units/service.ts', source: lines(400) },
        { path: 'src/web/features/units/UnitPage.tsx', source: lines(900) },
        { path: 'src/shared/contracts/units.ts', source: lines(900) },
      ]),
    ).toEqual([]);
  });
});
