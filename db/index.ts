import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './types.js';
import { attachReader } from './prepared.js';

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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const closeReader = file === ':memory:' ? () => undefined : attachReader(db, file);
  return {
    db,
    sqlite,
    close: async () => {
      closeReader();
      await db.destroy();
    },
  };
}

/**
 * Kysely prepares every query afresh; preparing costs more than running a point read.
 * Statements are reused per SQL text (bounded), which better-sqlite3 allows because a
 * statement is only busy while it runs and Kysely runs one query at a time per connection.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = sqlite.prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(source, stmt);
    }
    return stmt;
  };
  return new Proxy(sqlite, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return prepare;
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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
