import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// With GREENROOM_TEST_DATABASE_URL (npm run test:pg) every test database is PostgreSQL:
// the whole suite runs again against that server (test/support/pg.ts).
const pg = Boolean(process.env.GREENROOM_TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most test time is spent waiting on child processes, sockets and timers, so files run
    // three at a time even on two cores (vitest's default there is one).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    ...(pg ? { globalSetup: ['test/support/pg-global.ts'], setupFiles: ['test/support/pg-file.ts'] } : {}),
  },
});
