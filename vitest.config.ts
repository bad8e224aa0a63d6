import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { reachesDatabase } from './test/support/db-files.js';

// With GREENROOM_TEST_DATABASE_URL (npm run test:pg) every test database is PostgreSQL,
// and only the test files that reach a database run (test/support/db-files.ts).
const pg = Boolean(process.env.GREENROOM_TEST_DATABASE_URL);
const include = ['test/**/*.test.ts'];

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(p) : p.endsWith('.test.ts') ? [p] : [];
  });
}

export default defineConfig({
  test: {
    include,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    ...(pg
      ? {
          exclude: testFiles('test').filter((f) => !reachesDatabase(path.resolve(f))),
          globalSetup: ['test/support/pg-global.ts'],
          setupFiles: ['test/support/pg-file.ts'],
        }
      : {}),
  },
});
