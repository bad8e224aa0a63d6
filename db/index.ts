import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './types.js';

export type Db = Kysely<Database>;

export interface OpenedDb {
  db: Db;
  /** The raw handle, for the few places that need a synchronous statement. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/** Opens (creating the folder if needed) a SQLite database with the pragmas every process must use. */
export function openDb(file: string): OpenedDb {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Several processes may share one file (scheduler leases); wait instead of failing on a lock.
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite, close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
