import { defineConfig } from 'vitest/config';
import { scaled } from './tests/harness/speed.ts';

const api = ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/compat/**/*.test.ts'];
const projects: { extends: true; test: { name: string; include: string[]; env?: Record<string, string> } }[] = [
  {
    extends: true as const,
    test: { name: 'unit', include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'scripts/**/*.test.ts'] },
  },
  { extends: true as const, test: { name: 'api-pglite', include: api, env: { TEST_DB: 'pglite' } } },
];
// CI (and anyone with a PostgreSQL) runs the API tests a second time on a real server.
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true as const, test: { name: 'api-postgres', include: api, env: { TEST_DB: 'postgres' } } });
}

export default defineConfig({
  test: {
    globalSetup: ['tests/harness/global-setup.ts'],
    // 60 s: tests that build a second app or sign in many times ran past 30 s on a loaded 2-core
    // machine; times the machine's speed factor (tests/harness/speed.ts, issue 29).
    testTimeout: scaled(60_000),
    hookTimeout: scaled(60_000),
    pool: 'forks',
    maxWorkers: 2,
    projects,
  },
});
