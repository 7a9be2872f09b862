import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importViolations, readWebSources, resolveSpecifier, specifiersOf } from './check-imports.ts';

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
