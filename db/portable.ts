import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect.js';
import { notifyOnCommit } from './after-commit.js';

/**
 * The few SQL expressions whose spelling differs between SQLite and PostgreSQL, each
 * written once here so query code stays dialect-free.
 */

/** The length of a JSON array stored as text. */
export function jsonArrayLength<DB>(db: Kysely<DB>, column: string): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`json_array_length(${sql.ref(column)}::json)` : sql<number>`json_array_length(${sql.ref(column)})`;
}

/** Runs fn in the caller's transaction when there is one, else in a new one. */
export function inTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * Serialises, until the transaction ends, every writer that takes the same key. On
 * PostgreSQL a transaction-scoped advisory lock; SQLite already admits one writer at a
 * time, so there it does nothing. Call it inside a transaction (inTransaction).
 */
export async function lockKey<DB>(db: Kysely<DB>, key: string): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

/** Channels Greenroom's processes tell each other on (PostgreSQL only). */
export const CHANNELS = { events: 'greenroom_events', keys: 'greenroom_keys' } as const;

/**
 * Tells every process listening on `channel` (db/listen.ts), once the surrounding
 * transaction commits (sent with its COMMIT, db/after-commit.ts). SQLite has no such
 * thing: its readers poll instead.
 */
export async function notify<DB>(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  if (!isPostgres(db) || (await notifyOnCommit(db, channel, payload))) return;
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
