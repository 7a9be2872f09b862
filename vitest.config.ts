import { defineConfig } from 'vitest/config';
import { scaled } from './tests/harness/speed.ts';

const api = ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/compat/**/*.test.ts'];
/**
 * The migrated database template (one per run). Set per project, not at the root: a root
 * globalSetup runs on every run besides the project's own copy, so the template was built twice
 * per run and the components project (no database) paid for it too.
 */
const database = ['tests/harness/global-setup.ts'];
const projects: {
  extends: true;
  test: {
    name: string;
    include: string[];
    env?: Record<string, string>;
    globalSetup?: string[];
    environment?: string;
    setupFiles?: string[];
    isolate?: boolean;
  };
}[] = [
  {
    extends: true as const,
    test: {
      name: 'unit',
      include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'scripts/**/*.test.ts'],
      globalSetup: database,
    },
  },
  {
    extends: true as const,
    test: { name: 'api-pglite', include: api, env: { TEST_DB: 'pglite' }, globalSetup: database, isolate: false },
  },
  // The web's components in jsdom with Testing Library (ADR 030): no database.
  {
    extends: true as const,
    test: {
      name: 'components',
      include: ['src/web/**/*.test.tsx'],
      environment: 'jsdom',
      setupFiles: ['src/web/components/testing/setup.ts'],
    },
  },
];
// CI (and anyone with a PostgreSQL) runs the API tests a second time on a real server.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true as const,
    test: { name: 'api-postgres', include: api, env: { TEST_DB: 'postgres' }, globalSetup: database, isolate: false },
  });
}

export default defineConfig({
  test: {
    // 60 s: tests that build a second app or sign in many times ran past 30 s on a loaded 2-core
    // machine; times the machine's speed factor (tests/harness/speed.ts, issue 29).
    testTimeout: scaled(60_000),
    hookTimeout: scaled(60_000),
    pool: 'forks',
    maxWorkers: 2,
    projects,
  },
});
