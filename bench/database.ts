import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Where a benchmark keeps its data: a fresh database on the PostgreSQL server named by
 * GREENROOM_TEST_DATABASE_URL (npm run bench:pg starts a throw-away one), else a SQLite
 * file in a temporary folder. `drop` removes it afterwards.
 *
 * With `keep` (a word) the database is named by it instead, made only if missing, and
 * left in place by `drop`, so a suite whose seeding takes minutes can be rerun on it.
 */
export async function benchDatabase(
  name: string,
  keep?: string,
): Promise<{ target: string; backend: 'sqlite' | 'postgres'; env: Record<string, string>; drop(): Promise<void> }> {
  if (keep !== undefined && !/^[a-z0-9_]{1,30}$/.test(keep)) throw new Error(`a kept bench database is named by a-z, 0-9 and _ (got ${JSON.stringify(keep)})`);
  const admin = process.env.GREENROOM_TEST_DATABASE_URL;
  const dir = keep ? path.join(os.tmpdir(), `greenroom-bench-${name}-${keep}`) : fs.mkdtempSync(path.join(os.tmpdir(), `greenroom-bench-${name}-`));
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'bench.db');
  const removeDir = async () => {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  };
  if (!admin) return { target: file, backend: 'sqlite', env: { GREENROOM_DB: file }, drop: removeDir };
  const db = keep ? `greenroom_bench_${name}_keep_${keep}` : `greenroom_bench_${name}_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const exists = (await client.query('select 1 from pg_database where datname = $1', [db])).rowCount === 1;
  if (!keep || !exists) {
    await client.query(`drop database if exists "${db}" with (force)`);
    await client.query(`create database "${db}"`);
  }
  const url = new URL(admin);
  url.pathname = `/${db}`;
  return {
    target: url.toString(),
    backend: 'postgres',
    env: { GREENROOM_DB: file, GREENROOM_DATABASE_URL: url.toString() },
    drop: async () => {
      if (!keep) await client.query(`drop database if exists "${db}" with (force)`);
      await client.end();
      await removeDir();
    },
  };
}
