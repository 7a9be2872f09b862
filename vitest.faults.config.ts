/**
 * The long fault runs (`npm run test:faults`): kill -9 of a real server during writes (R5), a
 * throwaway PostgreSQL cluster restarted under the server (R6), uploads onto a full disk (R7),
 * and the timed bounds of image work in a real server process (R15).
 * They spawn processes and clusters, so they run one file at a time, apart from `npm test`.
 */
import { defineConfig } from 'vitest/config';
import { scaled } from './tests/harness/speed.ts';

export default defineConfig({
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.fault.ts'],
    globalSetup: ['tests/harness/global-setup.ts'],
    env: { TEST_DB: 'pglite' },
    testTimeout: scaled(300_000),
    hookTimeout: scaled(120_000),
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
