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
    ...(pg ? { globalSetup: ['test/support/pg-global.ts'], setupFiles: ['test/support/pg-file.ts'] } : {}),
  },
});
