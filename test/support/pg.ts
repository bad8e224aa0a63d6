import pg from 'pg';

/**
 * The suite on PostgreSQL (npm run test:pg): GREENROOM_TEST_DATABASE_URL names a server
 * where databases may be created. Global setup migrates one template database; every
 * test database is a copy of it (CREATE DATABASE … TEMPLATE), which costs a fraction
 * of migrating afresh. Without the variable every helper here answers for SQLite.
 */
export const adminUrl = process.env.GREENROOM_TEST_DATABASE_URL;
export const onPostgres = Boolean(adminUrl);
export const TEMPLATE_ENV = 'GREENROOM_TEST_PG_TEMPLATE';

const created: string[] = [];
let counter = 0;
let admin: Promise<pg.Client> | undefined;

function adminClient(): Promise<pg.Client> {
  admin ??= (async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  })();
  return admin;
}

export function databaseUrl(name: string): string {
  const u = new URL(adminUrl as string);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh PostgreSQL database's URL, migrated unless `empty`; undefined on SQLite. */
export async function freshDatabaseUrl(opts: { empty?: boolean } = {}): Promise<string | undefined> {
  if (!onPostgres) return undefined;
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is unset: run the suite through npm run test:pg`);
  const name = `${template}_${process.pid}_${counter++}`;
  const client = await adminClient();
  await client.query(opts.empty ? `create database "${name}"` : `create database "${name}" template "${template}"`);
  created.push(name);
  return databaseUrl(name);
}

/**
 * The settings that point a process at a fresh database: the SQLite file, plus a
 * PostgreSQL URL on PostgreSQL. `empty` leaves it unmigrated, as a new SQLite file is.
 */
export async function freshDbEnv(file: string, opts: { empty?: boolean } = {}): Promise<Record<string, string>> {
  const url = await freshDatabaseUrl(opts);
  return url ? { GREENROOM_DB: file, GREENROOM_DATABASE_URL: url } : { GREENROOM_DB: file };
}

/** Drops a database made here (its connections are ended first). */
export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const i = created.indexOf(name);
  if (i < 0) return;
  created.splice(i, 1);
  await (await adminClient()).query(`drop database if exists "${name}" with (force)`);
}

/** After a test file: drop whatever it left behind. */
export async function dropAllCreated(): Promise<void> {
  if (!admin) return;
  for (const name of created.splice(0)) await (await adminClient()).query(`drop database if exists "${name}" with (force)`);
  await (await admin).end();
  admin = undefined;
}
