import pg from 'pg';
import { openDb, migrate } from '../../db/index.js';
import { adminUrl, databaseUrl, onPostgres, TEMPLATE_ENV } from './pg.js';

/** vitest global setup: the migrated template every test database is copied from. */
export async function setup(): Promise<() => Promise<void>> {
  if (!onPostgres) return async () => undefined;
  const template = `greenroom_t${process.pid}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists "${template}" with (force)`);
  await client.query(`create database "${template}"`);
  const opened = openDb(databaseUrl(template), { poolSize: 1 });
  try {
    await migrate(opened.db);
  } finally {
    await opened.close();
  }
  process.env[TEMPLATE_ENV] = template;
  return async () => {
    // Test files drop their own databases; whatever a crashed worker left goes here.
    const left = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${template}%`]);
    for (const { datname } of left.rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.end();
  };
}
