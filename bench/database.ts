import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Where a benchmark keeps its data: a fresh database on the PostgreSQL server named by
 * GREENROOM_TEST_DATABASE_URL (npm run bench:pg starts a throw-away one), else a SQLite
 * file in a temporary folder. `drop` removes it afterwards.
 */
export async function benchDatabase(name: string): Promise<{ target: string; backend: 'sqlite' | 'postgres'; env: Record<string, string>; drop(): Promise<void> }> {
  const admin = process.env.GREENROOM_TEST_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `greenroom-bench-${name}-`));
  const file = path.join(dir, 'bench.db');
  if (!admin) {
    return { target: file, backend: 'sqlite', env: { GREENROOM_DB: file }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const db = `greenroom_bench_${name}_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`drop database if exists "${db}" with (force)`);
  await client.query(`create database "${db}"`);
  const url = new URL(admin);
  url.pathname = `/${db}`;
  return {
    target: url.toString(),
    backend: 'postgres',
    env: { GREENROOM_DB: file, GREENROOM_DATABASE_URL: url.toString() },
    drop: async () => {
      await client.query(`drop database if exists "${db}" with (force)`);
      await client.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
