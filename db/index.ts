import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { pgModule } from './pg-module.js';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './types.js';
import { attachReader } from './prepared.js';
import { withCommitHooks, type HookErrorHandler } from './after-commit.js';
import { Signals } from './signals.js';
import { Checkpointer } from './checkpointer.js';
import { isPostgres, isPostgresUrl, PortableSchemaPlugin, type DialectName } from './dialect.js';

export type Db = Kysely<Database>;

export interface OpenedDb {
  db: Db;
  dialect: DialectName;
  /** The PostgreSQL pool, for LISTEN/NOTIFY; undefined on SQLite. */
  pool?: pg.Pool;
  /** Told what this database committed (db/signals.ts); held on Services. */
  signals: Signals;
  close(): Promise<void>;
}

export interface OpenOptions {
  poolSize?: number;
  /** Where a callback run after commit (db/after-commit.ts) that throws is reported; by default it is thrown again, outside the commit. */
  onHookError?: HookErrorHandler;
}

const rethrow: HookErrorHandler = (err) =>
  process.nextTick(() => {
    throw err;
  });

/** A postgres:// URL opens a PostgreSQL pool; anything else is a SQLite file (or :memory:). */
export function openDb(target: string, opts: OpenOptions = {}): OpenedDb {
  const onHookError = opts.onHookError ?? rethrow;
  const signals = new Signals();
  return isPostgresUrl(target) ? openPostgres(target, opts.poolSize ?? 10, onHookError, signals) : openSqlite(target, onHookError, signals);
}

/**
 * The data folder and the database hold keys' hashes, sessions and sign-in mail: a new
 * folder is created 0700 and a new database file 0600 (SQLite gives its -wal and -shm
 * files the database file's mode). Existing ones keep the mode their owner chose.
 */
function createPrivately(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** Opens (creating the folder if needed) a SQLite database with the pragmas every process must use. */
function openSqlite(file: string, onHookError: HookErrorHandler, signals: Signals): OpenedDb {
  if (file !== ':memory:') createPrivately(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // A checkpoint every 10,000 pages (40 MB of WAL), not SQLite's 1,000: a pipeline chunk
  // rewrites the same speaker and index pages many times over, and each checkpoint copies
  // them back and syncs the file; fewer checkpoints copy each page once per many commits.
  sqlite.pragma('wal_autocheckpoint = 10000');
  sqlite.pragma('foreign_keys = ON');
  // Statement journals and sorts stay in memory: a chunk's multi-row update journals its pages there, not in a temp file.
  sqlite.pragma('temp_store = MEMORY');
  // Several processes may share one file (scheduler leases); wait instead of failing on a lock.
  sqlite.pragma('busy_timeout = 5000');
  const checkpointer = file === ':memory:' ? null : Checkpointer.forFile(file);
  const database = withStatementCache(sqlite, () => checkpointer?.committed());
  const db = new Kysely<Database>({ dialect: withCommitHooks(new SqliteDialect({ database }), onHookError, signals) });
  const closeReader = file === ':memory:' ? () => undefined : attachReader(db, file);
  return {
    db,
    dialect: 'sqlite',
    signals,
    close: async () => {
      closeReader();
      await checkpointer?.close();
      await db.destroy();
    },
  };
}

// SQLite hands integers back as numbers; so does this pool: counts and sums (bigint,
// numeric) are parsed, since no value Greenroom stores comes near 2^53.
const typesOf = (client: typeof pg): { getTypeParser: typeof pg.types.getTypeParser } => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === client.types.builtins.INT8 || oid === client.types.builtins.NUMERIC
      ? (v: string) => Number(v)
      : client.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
});

function openPostgres(url: string, max: number, onHookError: HookErrorHandler, signals: Signals): OpenedDb {
  const pg = pgModule();
  const pool = new pg.Pool({ connectionString: url, max, types: typesOf(pg) });
  // An idle client losing its server (restart, failover) must not take the process down.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: withCommitHooks(new PostgresDialect({ pool }), onHookError, signals) });
  return { db, dialect: 'postgres', pool, signals, close: () => db.destroy() };
}

/**
 * Kysely prepares every query afresh; preparing costs more than running a point read.
 * Statements are reused per SQL text (bounded), which better-sqlite3 allows because a
 * statement is only busy while it runs and Kysely runs one query at a time per connection.
 */
function withStatementCache(sqlite: SQLite.Database, committed: () => void, max = 500): SQLite.Database {
  const cache = new Map<string, Statement>();
  const prepare = (source: string): Statement => {
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = statement(sqlite.prepare(source));
      if (source === 'commit') stmt = afterRun(stmt, committed);
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

/** The statement, calling `then` after each run (Kysely's driver commits by running `commit`). */
function afterRun(stmt: Statement, then: () => void): Statement {
  return {
    ...stmt,
    run: (p) => {
      const r = stmt.run(p);
      then();
      return r;
    },
  };
}

/** What Kysely's SQLite driver calls on a statement. */
interface Statement {
  reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * A statement whose rows are read raw and built by one function written for its columns
 * (as prepared.ts does for the hot reads): better-sqlite3 looks every column's name up in
 * V8's string table row after row. The objects are the same, keys in column order and a
 * later column of the same name winning, as in an object literal.
 */
function statement(stmt: SQLite.Statement): Statement {
  if (!stmt.reader) return { reader: false, all: (p) => stmt.all(p), run: (p) => stmt.run(p), iterate: (p) => stmt.iterate(p) };
  const fields = stmt.columns().map((c, i) => `${JSON.stringify(c.name)}: v[${i}]`);
  const row = new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown[]) => unknown;
  stmt.raw(true);
  return {
    reader: true,
    all: (p) => (stmt.all(p) as unknown[][]).map(row),
    run: (p) => stmt.run(p),
    *iterate(p) {
      for (const values of stmt.iterate(p) as IterableIterator<unknown[]>) yield row(values);
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<string[]> {
  // Migrations are numbered per line of work and may land out of order (a 007 merged
  // after a 010): each applies once, whatever its neighbours did.
  const migrator = new Migrator({ db: isPostgres(db) ? db.withPlugin(new PortableSchemaPlugin()) : db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
